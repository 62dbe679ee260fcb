/**
 * Email verification: sign-up sends the welcome
 * email with a verification link; the link's token (stored hashed, good for 7 days, once) sets
 * `emailVerified` on the user; Resend sends a fresh link; a new email is unverified again and gets
 * its own link; owners see whether a renter's email is verified on a request.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAccountToken } from '../../src/server/auth/account-tokens';
import { accountTokens, notifications, users } from '../../src/server/db/schema';
import { openLinkToken } from '../../src/server/notifications/link-tokens';
import { FACTORY_PASSWORD, insertBooking, insertSpace, insertUser } from '../factories/db';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const resend = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie } });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The newest verification token emailed to `userId` (welcome or verify_email), read from its notification. */
async function emailedToken(userId: string, kind: 'welcome' | 'verify_email'): Promise<string> {
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  expect(row, `a ${kind} notification`).toBeDefined();
  return openLinkToken((row!.data as { token: string }).token)!;
}

async function register(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { firstName: 'Ada', lastName: 'Quist', email, password: 'lantern-meadow-quartz-88', acceptedTerms: true },
  });
  expect(response.statusCode).toBe(201);
  return { user: JSON.parse(response.body) as { id: string; emailVerified: boolean }, cookie: sessionCookie(response) };
}

describe('sign-up and POST /api/auth/verify-email', () => {
  it('sends the welcome email with a hashed 7-day token; the link verifies the email once, and /api/me says so', async () => {
    const { user, cookie } = await register('new.member@example.com');
    expect(user.emailVerified).toBe(false);
    expect(JSON.parse((await me(cookie)).body).emailVerified).toBe(false);

    const token = await emailedToken(user.id, 'welcome');
    const [stored] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(stored!.purpose).toBe('email_verification');
    expect(stored!.tokenHash).toBe(hashAccountToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(Math.abs(stored!.expiresAt.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

    // Signed out (the link may open in another browser).
    expect((await verify(token)).statusCode).toBe(204);
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
    expect(JSON.parse((await me(cookie)).body).emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body).message).toMatch(/already been used/);
  });

  it('refuses an unknown, malformed or expired token with 400 and verifies nothing', async () => {
    expect((await verify('B'.repeat(43))).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(400);
    expect((await verify(42)).statusCode).toBe(400);

    const { user } = await register('late.clicker@example.com');
    const token = await emailedToken(user.id, 'welcome');
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(JSON.parse(expired.body).message).toMatch(/expired/);
    expect((await userRow(user.id)).emailVerifiedAt).toBeNull();
  });

  it('does not take a password reset token as a verification token', async () => {
    const user = await insertUser(t.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(202);
    const [reset] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'password_reset')));
    expect((await verify(openLinkToken((reset!.data as { token: string }).token)!)).statusCode).toBe(400);
    expect((await userRow(user.id)).emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a fresh link (the earlier one stops working), needs a session, refuses a verified email, and is rate-limited', async () => {
    const { user, cookie } = await register('resender@example.com');
    const first = await emailedToken(user.id, 'welcome');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(401);

    expect((await resend(cookie)).statusCode).toBe(202);
    const second = await emailedToken(user.id, 'verify_email');
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(204);
    expect((await resend(cookie)).statusCode).toBe(409);

    // Five resends an hour per user.
    const other = await signedInUser(t);
    for (let i = 0; i < 5; i++) expect((await resend(other.cookie)).statusCode).toBe(202);
    const refused = await resend(other.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('a new email', () => {
  it('is unverified again, gets its own link, and the links sent to the old address stop working', async () => {
    const { user, cookie } = await signedInUser(t, { emailVerifiedAt: new Date() });
    expect(JSON.parse((await me(cookie)).body).emailVerified).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const [oldReset] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'password_reset')));

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { email: `moved-${user.email}`, currentPassword: FACTORY_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).user.emailVerified).toBe(false);

    const token = await emailedToken(user.id, 'verify_email');
    const resetAttempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: openLinkToken((oldReset!.data as { token: string }).token)!, password: 'orchid-lantern-basalt-17' },
    });
    expect(resetAttempt.statusCode).toBe(400);
    expect((await verify(token)).statusCode).toBe(204);
    expect(JSON.parse((await me(cookie)).body).emailVerified).toBe(true);
  });

  it('leaves verification alone when the profile is saved with the same email', async () => {
    const { user, cookie } = await signedInUser(t, { emailVerifiedAt: new Date() });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { email: user.email.toUpperCase(), firstName: 'Renamed' },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).user.emailVerified).toBe(true);
  });
});

describe("a renter's email on a booking request", () => {
  it('shows the owner whether the renter verified their email', async () => {
    const { user: owner, cookie } = await signedInUser(t);
    const space = await insertSpace(t.db, owner.id);
    const verified = await insertUser(t.db, { emailVerifiedAt: new Date() });
    const unverified = await insertUser(t.db);
    const start = Date.now() + 10 * DAY_MS;
    for (const [i, renter] of [verified, unverified].entries()) {
      await insertBooking(t.db, {
        spaceId: space.id,
        renterId: renter.id,
        status: 'pending',
        startAt: new Date(start + i * 2 * DAY_MS),
        endAt: new Date(start + (i * 2 + 1) * DAY_MS),
      });
    }
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}/booking-requests`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const requests = JSON.parse(response.body) as Array<{ renterId: string; renter: { emailVerified: boolean } }>;
    expect(requests.find((r) => r.renterId === verified.id)?.renter.emailVerified).toBe(true);
    expect(requests.find((r) => r.renterId === unverified.id)?.renter.emailVerified).toBe(false);
  });
});
