/**
 * Password reset (Forgot password?) and the "your password was changed" email (docs/product.md#behaviour;
 * OWASP Forgot Password Cheat Sheet): the reset email goes out through the job queue, so the answer
 * never waits on SMTP, and the answer is the same whether or not the email has an account.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { resetPasswordSchema } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { notify } from '../notifications/notify';
import {
  endAccountLinks,
  findLiveAccountToken,
  issueAccountToken,
  newAccountToken,
  PASSWORD_RESET_TTL_MS,
  useAccountToken,
} from './account-tokens';
import { checkNewPassword } from './password-check';
import { notifyPasswordChanged } from './password-changed';
import { hashPassword } from './service';
import { deleteUserSessions } from './session';
import type { AuthThrottle } from './throttle';

/**
 * The least time, in milliseconds, that POST /api/auth/forgot-password takes to answer. The work for
 * a known email (a token row, a notification and its job) and for an unknown one (the same lookup and
 * token hashing, no writes) differ by a few milliseconds; answering no sooner than this hides that
 * difference in the noise of the network.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

/** The answer of POST /api/auth/forgot-password, whoever asked. */
export const FORGOT_PASSWORD_ANSWER = {
  message: 'If an account uses this email, we have sent it a link to reset the password. The link is good for 1 hour.',
} as const;

/**
 * Asks for a password reset for `email`. For an account with that email, a new single-use token
 * (good for {@link PASSWORD_RESET_TTL_MS}; the account's earlier unused one stops working) and the
 * `password_reset` notification whose email carries the link are written in one transaction. For
 * any other email nothing is written. Either way the token is made and hashed, and the call takes
 * at least {@link FORGOT_PASSWORD_ANSWER_MS}, so neither the answer nor its timing tells them apart.
 * Callers count the request first (`AuthThrottle.passwordResetEmail`).
 */
export async function requestPasswordReset(db: Database, email: string): Promise<void> {
  const answerAt = Date.now() + FORGOT_PASSWORD_ANSWER_MS;
  const token = newAccountToken();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    if (!user) return;
    const issued = await issueAccountToken(tx, user.id, 'password_reset', PASSWORD_RESET_TTL_MS, token);
    await notify(tx, {
      userId: user.id,
      kind: 'password_reset',
      title: 'Reset your ClinicShare password',
      body: 'Someone asked to reset the password of your ClinicShare account. The link in this email is good for 1 hour.',
      data: { token: issued.token, expiresAt: issued.expiresAt.toISOString() },
    });
  });
  const wait = answerAt - Date.now();
  if (wait > 0) await sleep(wait);
}

/**
 * Sets a new password with a password reset link's token: the token is used up, the password is
 * replaced, every session of the user ends, so do their other emailed links and their calendar feed
 * URL ({@link endAccountLinks}), and the `password_changed` email is sent, in one transaction. The new password follows the sign-up rules (`checkNewPassword`). A refused password
 * leaves the token good.
 * @param address the client address (`request.ip`), for the attempt counts
 * @returns the user's id (their live sockets are closed by the caller)
 * @throws HttpError 400 with an issue on `body.token` for an unknown, used or expired token, or on
 *   `body.password` for a weak one; nothing is changed
 * @throws HttpError 429 when the address or the account has used up its attempts for the hour
 */
export async function resetPassword(
  db: Database,
  throttle: AuthThrottle,
  input: z.output<typeof resetPasswordSchema>,
  address: string,
): Promise<string> {
  await throttle.passwordResetAttempt(address);
  const live = await findLiveAccountToken(db, input.token, 'password_reset');
  await throttle.passwordResetOnAccount(live.userId);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, live.userId))
    .limit(1);
  if (!user) throw notFound('User not found.');
  await checkNewPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await useAccountToken(tx, live.id, 'password_reset');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id);
    await endAccountLinks(tx, user.id);
    await notifyPasswordChanged(tx, user.id, 'reset');
  });
  return user.id;
}
