/**
 * Email verification (docs/product.md#behaviour): sign-up sends a welcome email with a link
 * `/verify-email?token=...`; a new email, or the profile's Resend button, sends a fresh one. Using
 * the link sets `users.email_verified_at`. Verification blocks nothing; owners see it on requests.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { conflict } from '../http/errors';
import { notify } from '../notifications/notify';
import { dropAccountTokens, EMAIL_VERIFICATION_TTL_MS, findLiveAccountToken, issueAccountToken, useAccountToken } from './account-tokens';

/**
 * Sends a verification link to `userId`'s email within `tx`: a new token (good for
 * {@link EMAIL_VERIFICATION_TTL_MS}; the earlier unused one stops working) and its notification.
 * @param kind `welcome` right after sign-up, `verify_email` for a resend or a new email
 */
export async function sendEmailVerification(tx: Database, userId: string, kind: 'welcome' | 'verify_email'): Promise<void> {
  const { token, expiresAt } = await issueAccountToken(tx, userId, 'email_verification', EMAIL_VERIFICATION_TTL_MS);
  await notify(tx, {
    userId,
    kind,
    title: kind === 'welcome' ? 'Welcome to ClinicShare' : 'Verify your email for ClinicShare',
    body: 'Please confirm that this email address is yours with the link in this email.',
    data: { token, expiresAt: expiresAt.toISOString() },
  });
}

/**
 * Sends a fresh verification link to the signed-in user (the profile's Resend button).
 * @throws HttpError 409 when the email is verified already
 */
export async function resendEmailVerification(db: Database, user: { id: string; emailVerifiedAt: Date | null }): Promise<void> {
  if (user.emailVerifiedAt) throw conflict('Your email is already verified.');
  await db.transaction((tx) => sendEmailVerification(tx, user.id, 'verify_email'));
}

/**
 * Within the transaction `tx` that stores the account's new email (with `email_verified_at` cleared):
 * the links sent to the old address stop working (reset and verification alike) and the new address
 * gets a verification link. Run apart from that store, a link to the old address could verify the new one.
 */
export async function emailChanged(tx: Database, userId: string): Promise<void> {
  await dropAccountTokens(tx, userId);
  await sendEmailVerification(tx, userId, 'verify_email');
}

/**
 * Verifies an email with a verification link's token: the token is used up and the user's
 * `email_verified_at` set (kept if already set), in one transaction.
 * @throws HttpError 400 with an issue on `body.token` for an unknown, used or expired token; nothing is changed
 */
export async function verifyEmail(db: Database, token: string): Promise<void> {
  const live = await findLiveAccountToken(db, token, 'email_verification');
  await db.transaction(async (tx) => {
    await useAccountToken(tx, live.id, 'email_verification');
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, live.userId), isNull(users.emailVerifiedAt)));
  });
}
