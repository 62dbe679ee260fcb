/**
 * Sessions at ASVS level 2: an idle session ends
 * (SESSION_IDLE_DAYS) besides the 30-day lifetime; Change password needs the
 * current password and ends every other session; Log out everywhere ends them
 * all; a new email needs the current password; in production the cookie
 * carries the `__Host-` prefix (RFC 6265bis).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSession } from '../../src/server/auth/session';
import { loadConfig } from '../../src/server/config';
import { FACTORY_PASSWORD, insertUser } from '../factories/db';
import { sessions, users } from '../../src/server/db/schema';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const NEW_PASSWORD = 'violet-harbor-lantern-42';

let t: TestApp;
let host: string;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  // Five wrong passwords per account before 429 (logins and current-password checks together); fast heartbeats.
  t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '5', LIVE_HEARTBEAT_SECONDS: '0.2' });
  host = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await t.close();
});

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const changePassword = (id: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/password`, headers: { cookie }, payload });
const updateProfile = (id: string, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: { cookie }, payload });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionRows = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

/** A second session of a signed-in user, as from another device. */
async function secondSession(email: string, password = FACTORY_PASSWORD): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

/** Moves the last use of the session of `cookie` to `msAgo` milliseconds ago (the table keeps the token's SHA-256). */
async function lastSeen(cookie: string, msAgo: number): Promise<void> {
  const tokenHash = createHash('sha256').update(tokenOf(cookie)).digest('hex');
  const updated = await t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - msAgo) })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning();
  expect(updated).toHaveLength(1);
}

/** The session cookie's Set-Cookie header of an answer. */
function setCookieHeader(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const headers = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return headers.find((header) => header.startsWith(`${name}=`));
}

async function open(cookie: string): Promise<LiveSocket> {
  const socket = await openLiveSocket(host, { cookie });
  sockets.push(socket);
  return socket;
}

const stillOpenAfter = async (socket: LiveSocket, ms: number) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return socket.ws.readyState === socket.ws.OPEN;
};

describe('the idle timeout', () => {
  it('ends a session unused for longer than SESSION_IDLE_DAYS (14 by default) with 401 and a cleared cookie, while a used one lives', async () => {
    const { user, cookie: idle } = await signedInUser(t);
    const active = await secondSession(user.email);
    await lastSeen(idle, 14 * DAY_MS + MINUTE_MS);
    await lastSeen(active, 13 * DAY_MS);

    const refused = await me(idle);
    expect(refused.statusCode).toBe(401);
    const cleared = refused.cookies.find((c) => c.name === 'clinicshare_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    // Gone for good: the row is deleted, so it cannot come back.
    expect(await sessionRows(user.id)).toHaveLength(1);

    expect((await me(active)).statusCode).toBe(200);
    // Using it restarted its idle period.
    const [row] = await sessionRows(user.id);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - MINUTE_MS);
    expect(t.config.sessionIdleDays).toBe(14);
  });

  it('marks a session seen at most every few minutes, not on every request', async () => {
    const { user, cookie } = await signedInUser(t);
    await lastSeen(cookie, 2 * MINUTE_MS);
    const before = (await sessionRows(user.id))[0]!.lastSeenAt.getTime();
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await sessionRows(user.id))[0]!.lastSeenAt.getTime()).toBe(before);

    await lastSeen(cookie, 10 * MINUTE_MS);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await sessionRows(user.id))[0]!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - MINUTE_MS);
  });

  it('gives the session’s end as its idle end when that comes before the lifetime’s (the live socket closes then)', async () => {
    const { cookie } = await signedInUser(t);
    await lastSeen(cookie, 10 * MINUTE_MS);
    const session = await findSession(t.db, tokenOf(cookie), 2 * DAY_MS);
    expect(session).not.toBeNull();
    // Just marked seen: two days from now, not the 30-day lifetime.
    expect(Math.abs(session!.expiresAt.getTime() - (Date.now() + 2 * DAY_MS))).toBeLessThan(MINUTE_MS);
  });

  it('reads SESSION_IDLE_DAYS from the environment and refuses a bad value', () => {
    expect(loadConfig({ SESSION_IDLE_DAYS: '3' }).sessionIdleDays).toBe(3);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '31' })).toThrow(/SESSION_IDLE_DAYS/);
  });
});

describe('PUT /api/users/:id/password', () => {
  it('needs the right current password, ends every other session, keeps this one, and the old password no longer logs in', async () => {
    const { user, cookie } = await signedInUser(t, { firstName: 'Nadia', lastName: 'Okafor' });
    const laptop = await secondSession(user.email);
    const bystander = await signedInUser(t);
    const hashBefore = (await userRow(user.id)).passwordHash;

    const wrong = await changePassword(user.id, cookie, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'body.currentPassword', message: 'Your current password is not correct' }]);
    const missing = await changePassword(user.id, cookie, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('body.currentPassword');
    // The sign-up rules: too short, common, the email, the same as now.
    for (const newPassword of ['short', 'password123', user.email, FACTORY_PASSWORD]) {
      const weak = await changePassword(user.id, cookie, { currentPassword: FACTORY_PASSWORD, newPassword });
      expect(weak.statusCode, newPassword).toBe(400);
      expect(weak.json().issues[0].path, newPassword).toBe('body.newPassword');
    }
    expect((await userRow(user.id)).passwordHash).toBe(hashBefore);
    expect((await me(laptop)).statusCode).toBe(200);

    const changed = await changePassword(user.id, cookie, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await me(bystander.cookie)).statusCode).toBe(200);

    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses another user's password (403) and a signed-out caller (401), changing nothing", async () => {
    const mine = await signedInUser(t);
    const other = await signedInUser(t);
    const hashBefore = (await userRow(other.user.id)).passwordHash;
    const payload = { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await changePassword(other.user.id, mine.cookie, payload)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${other.user.id}/password`, payload })).statusCode).toBe(401);
    expect((await userRow(other.user.id)).passwordHash).toBe(hashBefore);
  });

  it('counts wrong current passwords as failed logins: after five, 429 even for the right one, and login waits too', async () => {
    const { user, cookie } = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await changePassword(user.id, cookie, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const locked = await changePassword(user.id, cookie, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(429);
  });

  it('closes the live sockets of the other sessions and keeps this session’s', async () => {
    const { user, cookie } = await signedInUser(t);
    const phone = await secondSession(user.email);
    const here = await open(cookie);
    const there = await open(phone);
    expect((await changePassword(user.id, cookie, { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect(await there.closed).toEqual({ code: 1008, reason: 'Session ended' });
    expect(await stillOpenAfter(here, 300)).toBe(true);
  });
});

describe('POST /api/logout-everywhere', () => {
  it('ends every session of the user, this one included, clears the cookie and closes their sockets', async () => {
    const { user, cookie } = await signedInUser(t);
    const tablet = await secondSession(user.email);
    const bystander = await signedInUser(t);
    const here = await open(cookie);
    const there = await open(tablet);

    const response = await t.app.inject({ method: 'POST', url: '/api/logout-everywhere', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'clinicshare_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect(await here.closed).toEqual({ code: 1008, reason: 'Session ended' });
    expect(await there.closed).toEqual({ code: 1008, reason: 'Session ended' });
    expect((await me(bystander.cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout-everywhere' })).statusCode).toBe(401);
  });
});

describe('a new email needs the current password', () => {
  it('refuses a changed email without or with a wrong current password (400, nothing changes) and takes the right one', async () => {
    const { user, cookie } = await signedInUser(t, { firstName: 'Ines', lastName: 'Moreau' });
    const newEmail = `ines-${Date.now()}@example.test`;

    const missing = await updateProfile(user.id, cookie, { email: newEmail, firstName: 'Changed' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'body.currentPassword', message: 'Enter your current password' }]);
    const wrong = await updateProfile(user.id, cookie, { email: newEmail, firstName: 'Changed', currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'body.currentPassword', message: 'Your current password is not correct' }]);
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: 'Ines' });

    // The same address (in any letter case) is not a change: no password needed.
    const same = await updateProfile(user.id, cookie, { email: user.email.toUpperCase(), bio: 'Same email' });
    expect(same.statusCode).toBe(200);

    const right = await updateProfile(user.id, cookie, { email: newEmail, currentPassword: FACTORY_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.email).toBe(newEmail);
    expect(JSON.stringify(right.json())).not.toContain(FACTORY_PASSWORD);
    expect((await userRow(user.id)).email).toBe(newEmail);
  });
});

describe('the session cookie in production', () => {
  let prod: TestApp;
  let prodHost: string;
  const COOKIE = '__Host-clinicshare_session';

  beforeAll(async () => {
    // What a production configuration needs to start (Stripe payments with test keys, no demo data, an https origin).
    prod = await createTestApp({
      NODE_ENV: 'production',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_sessions',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_sessions',
      STRIPE_WEBHOOK_SECRET: 'whsec_sessions',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: 'https://clinicshare.example',
      GEOCODER: 'off',
      SESSION_IDLE_DAYS: '3',
    });
    prodHost = await listenOnFreePort(prod.app);
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('is __Host-clinicshare_session: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax; the plain name is not read', async () => {
    const user = await insertUser(prod.db);
    const response = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: FACTORY_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = setCookieHeader(response, COOKIE);
    expect(header).toBeDefined();
    const attributes = header!
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes.some((attribute) => attribute.startsWith('domain'))).toBe(false);
    expect(setCookieHeader(response, 'clinicshare_session')).toBeUndefined();

    const cookie = sessionCookie(response);
    expect(cookie.startsWith(`${COOKIE}=`)).toBe(true);
    expect((await prod.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await prod.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `clinicshare_session=${tokenOf(cookie)}` } })).statusCode,
    ).toBe(401);

    // The live socket authenticates with the same cookie.
    const socket = await openLiveSocket(prodHost, { cookie });
    sockets.push(socket);
    expect(await stillOpenAfter(socket, 200)).toBe(true);

    // Logout clears it with the attributes a __Host- cookie needs to be replaced.
    const logout = await prod.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const cleared = setCookieHeader(logout, COOKIE);
    expect(cleared).toMatch(/; Secure/i);
    expect(cleared).toMatch(/; Path=\//i);
    expect((await prod.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends a session idle for longer than the configured SESSION_IDLE_DAYS', async () => {
    const user = await insertUser(prod.db);
    const response = await prod.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: FACTORY_PASSWORD },
    });
    const cookie = sessionCookie(response);
    await prod.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * DAY_MS - MINUTE_MS) })
      .where(eq(sessions.userId, user.id));
    const refused = await prod.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(refused.statusCode).toBe(401);
    expect(setCookieHeader(refused, COOKIE)).toMatch(/; Secure/i);
  });
});
