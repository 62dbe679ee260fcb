/** The "your password was changed" email (a security email: it cannot be turned off). */
import type { Database } from '../db/client';
import { notify } from '../notifications/notify';

/**
 * Tells the user their password was changed (kind `password_changed`, which cannot be turned off),
 * within the transaction that changed it.
 * @param how `reset` through an emailed link, `change` on the profile with the current password
 */
export async function notifyPasswordChanged(tx: Database, userId: string, how: 'reset' | 'change'): Promise<void> {
  await notify(tx, {
    userId,
    kind: 'password_changed',
    title: 'Your ClinicShare password was changed',
    body:
      how === 'reset'
        ? 'Your password was reset with a link sent to this email, and every device was signed out.'
        : 'Your password was changed from your profile, and your other devices were signed out.',
    data: { changedAt: new Date().toISOString(), how },
  });
}
