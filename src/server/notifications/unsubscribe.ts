/**
 * Unsubscribing by an emailed link (docs/decisions/022-notifications-and-email.md): a signed
 * token turns off one kind of email for one user, without logging in. Reading a token changes
 * nothing (mail scanners open links); only the POST does.
 */
import { eq } from 'drizzle-orm';
import { EMAIL_PREFERENCE_DESCRIPTIONS, type EmailPreferenceKind, type UnsubscribeAnswer } from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from '../http/errors';
import { readUnsubscribeToken } from './unsubscribe-tokens';

/** The `users` field of each email switch. */
export const EMAIL_PREFERENCE_FIELD = {
  booking_updates: 'emailBookingUpdates',
  reminders: 'emailReminders',
  messages: 'emailMessages',
} as const satisfies Record<EmailPreferenceKind, keyof typeof users.$inferSelect>;

const INVALID_TOKEN = 'This unsubscribe link is not valid or has expired. You can choose which emails you get on your profile.';

/** `ada@example.com` -> `a***@example.com`: enough for the owner to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** The token's user and preference, or a 400 for a bad, altered or expired token or a user that is gone. */
async function claimOf(db: Database, token: string) {
  const claim = await readUnsubscribeToken(db, token);
  if (!claim) throw badRequest(INVALID_TOKEN);
  const column = users[EMAIL_PREFERENCE_FIELD[claim.preference]];
  const [user] = await db.select({ email: users.email, enabled: column }).from(users).where(eq(users.id, claim.userId));
  if (!user) throw badRequest(INVALID_TOKEN);
  return { ...claim, user };
}

/**
 * What `token` would turn off, changing nothing.
 * @throws HttpError 400 for a malformed, forged or expired token
 */
export async function describeUnsubscribe(db: Database, token: string): Promise<UnsubscribeAnswer> {
  const { preference, user } = await claimOf(db, token);
  return { preference, description: EMAIL_PREFERENCE_DESCRIPTIONS[preference], enabled: user.enabled, email: maskEmail(user.email) };
}

/**
 * Turns off the token's kind of email for the token's user only (idempotent).
 * @throws HttpError 400 for a malformed, forged or expired token; nothing is changed then
 */
export async function unsubscribe(db: Database, token: string): Promise<UnsubscribeAnswer> {
  const { userId, preference, user } = await claimOf(db, token);
  await db
    .update(users)
    .set({ [EMAIL_PREFERENCE_FIELD[preference]]: false })
    .where(eq(users.id, userId));
  return { preference, description: EMAIL_PREFERENCE_DESCRIPTIONS[preference], enabled: false, email: maskEmail(user.email) };
}
