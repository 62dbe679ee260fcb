/**
 * Emailed-link tokens (password reset, email verification): 32 random bytes, base64url, sent in the
 * link only; `account_tokens` keeps their SHA-256 (hex), as sessions do (./session.ts), so a database
 * leak does not give working links. Each token is good once, until it expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountTokens, calendarFeeds } from '../db/schema';
import { badRequest } from '../http/errors';

/** What a token is for. */
export type AccountTokenPurpose = (typeof accountTokens.purpose.enumValues)[number];

/** A password reset link is good for 1 hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** An email verification link is good for 7 days. */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The hex SHA-256 of a token, as `account_tokens.token_hash` keeps it. */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token (32 bytes, base64url: 43 characters) and its hash. */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashAccountToken(token) };
}

/**
 * Stores a new token of `purpose` for `userId`, within `tx`; the user's earlier unused tokens of that
 * purpose are deleted (only the newest link works).
 * @param ttlMs how long it is good, in milliseconds
 * @param token a token from {@link newAccountToken} (made before, so callers hash either way)
 * @returns the token (for the link; never stored) and when it expires
 */
export async function issueAccountToken(
  tx: Database,
  userId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  token = newAccountToken(),
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await tx.insert(accountTokens).values({ userId, purpose, tokenHash: token.tokenHash, expiresAt });
  return { token: token.token, expiresAt };
}

/** Deletes the unused tokens of `userId`: e.g. the links sent to an email the account no longer has. */
export async function dropAccountTokens(tx: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}

/**
 * What a new password (changed or reset) and a suspension end besides sessions, within the caller's
 * transaction (OWASP Forgot Password cheat sheet; ASVS V2.5): the account's unused emailed links
 * (reset and verification alike, {@link dropAccountTokens}) and its calendar feed's secret URL. The
 * feed is deleted rather than rotated, so no one holds its new URL; the user's next look at it makes
 * one (src/server/calendar/service.ts `openCalendarFeed`).
 */
export async function endAccountLinks(tx: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await dropAccountTokens(tx, userId);
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** What a refused link says, per purpose. */
const REFUSALS: Record<AccountTokenPurpose, { unknown: string; used: string; expired: string }> = {
  password_reset: {
    unknown: 'This password reset link is not valid. Please ask for a new one with "Forgot password?" on the login dialog.',
    used: 'This password reset link has already been used. Please ask for a new one with "Forgot password?" on the login dialog.',
    expired: 'This password reset link has expired (links are good for 1 hour). Please ask for a new one with "Forgot password?".',
  },
  email_verification: {
    unknown: 'This verification link is not valid. You can send a new one from your profile.',
    used: 'This verification link has already been used. You can send a new one from your profile.',
    expired: 'This verification link has expired. You can send a new one from your profile.',
  },
};

const refuse = (message: string) => badRequest(message, [{ path: 'body.token', message }]);

/**
 * The live token `token` of `purpose` (unused, not expired), without using it.
 * @returns the token row's id and its user
 * @throws HttpError 400 with an issue on `body.token` when it is unknown, used or expired (one message each)
 */
export async function findLiveAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<{ id: string; userId: string }> {
  const [row] = await db
    .select({ id: accountTokens.id, userId: accountTokens.userId, usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashAccountToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw refuse(REFUSALS[purpose].unknown);
  if (row.usedAt) throw refuse(REFUSALS[purpose].used);
  if (row.expiresAt.getTime() <= Date.now()) throw refuse(REFUSALS[purpose].expired);
  return { id: row.id, userId: row.userId };
}

/**
 * Uses the token of {@link findLiveAccountToken}, within `tx`: one conditional UPDATE, so of two
 * requests with one token only one gets it.
 * @throws HttpError 400 (as {@link findLiveAccountToken}) when it was used (or expired) meanwhile
 */
export async function useAccountToken(tx: Database, id: string, purpose: AccountTokenPurpose): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ expiresAt: accountTokens.expiresAt });
  if (!row) throw refuse(REFUSALS[purpose].used);
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse(REFUSALS[purpose].expired);
}
