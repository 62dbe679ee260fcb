/**
 * Password reset: Forgot password answers 202
 * alike for any email, the emailed token is stored hashed and works once within the hour, a reset
 * ends every session (and live socket) of the user, and both routes are rate-limited per address
 * and per account. Change password sends the "your password was changed" email too.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAccountToken } from '../../src/server/auth/account-tokens';
import { FORGOT_PASSWORD_ANSWER_MS } from '../../src/server/auth/password-reset';
import { accountTokens, notifications, users } from '../../src/server/db/schema';
import { openLinkToken } from '../../src/server/notifications/link-tokens';
import { FACTORY_PASSWORD, insertUser } from '../factories/db';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../helpers/test-app';

const NEW_PASSWORD = 'amber-glacier-trombone-61';
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let host: string;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  // Three requests per email (and attempts per account) and two per address an hour; each request
  // below comes from its own address unless a test says otherwise.
  t = await createTestApp({ PASSWORD_RESETS_PER_ACCOUNT: '3', PASSWORD_RESETS_PER_ADDRESS: '2' });
  host = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await t.close();
});

let nextAddress = 0;
/** A client address no other request used. */
const freshAddress = () => `10.200.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;

const forgot = (email: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password }, remoteAddress });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The user's notifications of `kind`, newest first. */
const notificationsOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.createdAt));

/** Asks for a reset of `email` and returns the token the email carries (read from the notification). */
async function resetToken(userId: string, email: string): Promise<string> {
  const before = (await notificationsOf(userId, 'password_reset')).length;
  expect((await forgot(email)).statusCode).toBe(202);
  const rows = await notificationsOf(userId, 'password_reset');
  expect(rows).toHaveLength(before + 1);
  const sealed = (rows[0]!.data as { token?: unknown }).token;
  expect(typeof sealed).toBe('string');
  return openLinkToken(sealed as string)!;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 with the same body for a known and an unknown email; only the known one gets a token and an email', async () => {
    const user = await insertUser(t.db, { email: 'known.reset@example.com' });
    const known = await forgot('Known.Reset@example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(JSON.parse(known.body)).toEqual({ message: expect.stringContaining('If an account uses this email') });

    const [notification] = await notificationsOf(user.id, 'password_reset');
    expect(notification).toBeDefined();
    expect(notification!.inApp).toBe(false);
    // The token waits for its email sealed with a key that is not in the database: as stored it is no link.
    const sealed = (notification!.data as { token: string }).token;
    expect(sealed).toMatch(/^sealed:v1\./);
    expect((await reset(sealed, NEW_PASSWORD)).statusCode).toBe(400);
    const token = openLinkToken(sealed)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sealed).not.toContain(token);

    // Stored hashed: the row holds the SHA-256 of the token, never the token itself.
    const tokens = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('password_reset');
    expect(tokens[0]!.tokenHash).toBe(hashAccountToken(token));
    expect(JSON.stringify(tokens)).not.toContain(token);
    // Good for one hour.
    expect(Math.abs(tokens[0]!.expiresAt.getTime() - (Date.now() + HOUR_MS))).toBeLessThan(60_000);
    // The email goes out through the account mail's queue, in the same transaction as the notification.
    const jobs = await t.handle.query(`select id from pgboss.job where name = 'send-account-email' and data->>'notificationId' = $1`, [
      notification!.id,
    ]);
    expect(jobs).toHaveLength(1);
  });

  it('takes the same time, within noise, for a known and an unknown email (no less than its floor)', async () => {
    const user = await insertUser(t.db);
    const timed = async (email: string) => {
      const start = performance.now();
      expect((await forgot(email)).statusCode).toBe(202);
      return performance.now() - start;
    };
    const known = [await timed(user.email), await timed(user.email)];
    const unknown = [await timed('ghost-1@example.com'), await timed('ghost-2@example.com')];
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(Math.abs(mean(known) - mean(unknown))).toBeLessThan(60);
  });

  it('refuses a malformed email with 400', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
  });

  it('answers 429 past the requests allowed per email (3 an hour here), for an unknown email too', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 3; i++) expect((await forgot(user.email)).statusCode).toBe(202);
    const refused = await forgot(user.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused.body).message).toMatch(/Too many password reset requests/);
    // Only the three allowed requests wrote a notification.
    expect(await notificationsOf(user.id, 'password_reset')).toHaveLength(3);

    for (let i = 0; i < 3; i++) expect((await forgot('ghost-limit@example.com')).statusCode).toBe(202);
    expect((await forgot('ghost-limit@example.com')).statusCode).toBe(429);
  });

  it('answers 429 past the requests allowed per client address (2 an hour here), and counts reset attempts per address too', async () => {
    expect((await forgot('a@example.com', '10.3.0.1')).statusCode).toBe(202);
    expect((await forgot('b@example.com', '10.3.0.1')).statusCode).toBe(202);
    const refused = await forgot('c@example.com', '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/from your network/);
    expect((await forgot('c@example.com', '10.3.0.2')).statusCode).toBe(202);

    const attempt = () => reset('x'.repeat(43), NEW_PASSWORD, '10.3.0.9');
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, ends every session and live socket of the user, and sends the password-changed email', async () => {
    const { user, cookie: phone } = await signedInUser(t, { firstName: 'Ines', lastName: 'Moreau' });
    const laptop = sessionCookie(await login(user.email, FACTORY_PASSWORD));
    const bystander = await signedInUser(t);
    const socket = await openLiveSocket(host, { cookie: laptop });
    sockets.push(socket);
    const token = await resetToken(user.id, user.email);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(204);

    // Every session of the user ended (old cookies answer 401) and their socket was closed; others are untouched.
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Session ended' });
    expect((await me(bystander.cookie)).statusCode).toBe(200);

    // The old password fails, the new one works.
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // The token is used up; a second use changes nothing.
    const [row] = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    expect(row!.usedAt).not.toBeNull();
    const hashAfter = (await userRow(user.id)).passwordHash;
    const again = await reset(token, 'another-quiet-meadow-93');
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body).message).toMatch(/already been used/);
    expect((await userRow(user.id)).passwordHash).toBe(hashAfter);

    const [changed] = await notificationsOf(user.id, 'password_changed');
    expect(changed).toBeDefined();
    expect(changed!.data).toMatchObject({ how: 'reset' });
  });

  it('refuses an expired token with 400 and changes nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    const token = await resetToken(user.id, user.email);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    const hashBefore = (await userRow(user.id)).passwordHash;

    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ message: expect.stringMatching(/expired/) });
    expect((await userRow(user.id)).passwordHash).toBe(hashBefore);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await notificationsOf(user.id, 'password_changed')).toHaveLength(0);
  });

  it('refuses an unknown or malformed token with 400', async () => {
    const unknown = await reset('A'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body).message).toMatch(/not valid/);
    expect((await reset('', NEW_PASSWORD)).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { password: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a weak password with the sign-up rules and leaves the token good', async () => {
    const { user } = await signedInUser(t);
    const token = await resetToken(user.id, user.email);
    const weak = await reset(token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(JSON.parse(weak.body).issues).toEqual([expect.objectContaining({ path: 'body.password' })]);
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('only the newest link works: asking again invalidates the earlier unused token', async () => {
    const { user } = await signedInUser(t);
    const first = await resetToken(user.id, user.email);
    const second = await resetToken(user.id, user.email);
    expect((await reset(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('answers 429 past the attempts allowed per account (3 an hour here)', async () => {
    const { user } = await signedInUser(t);
    const token = await resetToken(user.id, user.email);
    for (let i = 0; i < 3; i++) expect((await reset(token, 'password1')).statusCode).toBe(400);
    const refused = await reset(token, NEW_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/Too many password reset attempts on this account/);
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/:id/password', () => {
  it('sends the "your password was changed" email', async () => {
    const { user, cookie } = await signedInUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      headers: { cookie },
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    const [changed] = await notificationsOf(user.id, 'password_changed');
    expect(changed!.data).toMatchObject({ how: 'change' });
  });
});
