/**
 * Unsubscribe tokens (docs/decisions/022-notifications-and-email.md): what an email's
 * unsubscribe link carries, so that it works without logging in. A token names one user, one
 * email preference and an expiry, signed with HMAC-SHA256 under a key generated on first use
 * and kept in `app_secrets`, so every instance signs and checks with the same key.
 *
 * Format: `<user id>.<preference>.<expiry, Unix seconds>.<signature, base64url>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailPreferenceKinds, type EmailPreferenceKind } from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

/** The `app_secrets` row of the signing key. */
const KEY_NAME = 'unsubscribe-token-hmac';

/** How long an emailed unsubscribe link works: 60 days. */
export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

/** The key per database, once read (it never changes once written). */
const keys = new WeakMap<Database, Promise<Buffer>>();

/** Reads the signing key, generating and storing it on first use (the first instance's key wins a race). */
async function signingKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
      if (!row) throw new Error('The unsubscribe signing key could not be stored');
      return Buffer.from(row.value, 'base64url');
    })();
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/**
 * A signed token that turns off `preference` emails for `userId`.
 * @param now the instant it is made (the token expires {@link UNSUBSCRIBE_TOKEN_LIFETIME_MS} later)
 */
export async function createUnsubscribeToken(
  db: Database,
  userId: string,
  preference: EmailPreferenceKind,
  now: Date = new Date(),
): Promise<string> {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS) / 1000);
  const payload = `${userId}.${preference}.${expires}`;
  return `${payload}.${sign(await signingKey(db), payload)}`;
}

/** What a valid token says. */
export interface UnsubscribeClaim {
  userId: string;
  preference: EmailPreferenceKind;
  expiresAt: Date;
}

const claimSchema = z.object({
  userId: z.uuid(),
  preference: z.enum(emailPreferenceKinds),
  expires: z.coerce.number().int().positive(),
});

/**
 * Checks a token's signature and expiry.
 * @returns its claim, or null when it is malformed, forged, altered or expired
 */
export async function readUnsubscribeToken(db: Database, token: string, now: Date = new Date()): Promise<UnsubscribeClaim | null> {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [userId, preference, expires, signature = ''] = parts;
  const claim = claimSchema.safeParse({ userId, preference, expires });
  if (!claim.success) return null;
  const expected = Buffer.from(sign(await signingKey(db), `${userId}.${preference}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(claim.data.expires * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { userId: claim.data.userId, preference: claim.data.preference, expiresAt };
}
