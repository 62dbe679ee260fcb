/**
 * The operators' console (docs/decisions/029-operators-and-the-audit-log.md):
 * every `/api/admin/*` route answers 404 to anonymous and plain users as an unknown route does and
 * 2xx to an operator; suspension ends sessions and sockets at once, refuses the login with 403 and
 * hides the listings; a takedown hides a listing from search and the map and its page answers
 * 410; each action writes its audit record in its transaction, and the database refuses to change
 * or delete one. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSpace, AdminUser, AuditLogPage } from '../../src/shared/schemas/admin';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/shared/schemas/auth';
import { LISTING_GONE_MESSAGE } from '../../src/shared/schemas/spaces';
import { collectRoutes } from '../../scripts/route-table';
import { setRole } from '../../src/server/admin/service';
import { buildApp } from '../../src/server/app';
import { auditLog, medicalSpaces, notifications, sessions, users } from '../../src/server/db/schema';
import { FACTORY_PASSWORD, insertSpace, insertUser } from '../factories/db';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createBooking, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let host: string;
let admin: { user: typeof users.$inferSelect; cookie: string };
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  host = await listenOnFreePort(t.app);
  admin = await signedInUser(t, { role: 'admin', firstName: 'Robin', lastName: 'Okafor' });
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, admin.cookie, payload);
/** An error answer's body but for its request's own id. */
const errorBody = (response: LightMyRequestResponse) => ({ ...response.json<object>(), requestId: undefined });
const me = (cookie: string) => call('GET', '/api/me', cookie);
const login = (email: string, password = FACTORY_PASSWORD) => call('POST', '/api/login', undefined, { email, password });

/** A word no other space of this file has, as a title and the search's `location`. */
const uniqueWord = () => `zq${randomUUID().slice(0, 8)}`;

/** How many spaces the search finds for `location` (its `X-Total-Count`, through the count cache), and their ids. */
async function searchFor(location: string) {
  const response = await call('GET', `/api/spaces?location=${location}`);
  expect(response.statusCode, response.body).toBe(200);
  return { total: Number(response.headers['x-total-count']), ids: response.json<{ id: string }[]>().map((card) => card.id) };
}
/** How many spaces the map shows for `location` over the whole world. */
async function mapTotal(location: string) {
  const response = await call('GET', `/api/spaces/map-points?bbox=-180,-90,180,90&zoom=3&location=${location}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number }>().total;
}
const auditRows = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const notificationsOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

async function openSocket(cookie: string): Promise<LiveSocket> {
  const socket = await openLiveSocket(host, { cookie });
  sockets.push(socket);
  return socket;
}

describe('access to the console', () => {
  /** Every console route of the app (the route table's list, scripts/route-table.ts), as `METHOD path`. */
  const consoleRoutes = async () =>
    (await collectRoutes(t.db))
      .filter((row) => row.path.startsWith('/api/admin'))
      .map((row) => {
        expect(row.session, row.path).toBe('admin');
        return `${row.method} ${row.path}`;
      })
      .sort();

  it('answers 404 to anonymous and plain users on every /api/admin route, as to an unknown route, and 2xx to an admin', async () => {
    const { cookie: userCookie } = await signedInUser(t);
    const target = await insertUser(t.db);
    const space = await insertSpace(t.db, target.id);
    // A paid booking for the bookings and payments routes.
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(60), endDate: futureDate(61) });
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(201);
    const filed = (
      await call('POST', '/api/reports', userCookie, { targetType: 'space', targetId: space.id, reason: 'spam', comment: '' })
    ).json<{ id: string }>();
    // One request per route, in an order an admin can answer 2xx: the table must hold every route the app has.
    const requests: Record<string, { url: string; payload?: object }> = {
      'GET /api/admin/users': { url: '/api/admin/users?q=alex' },
      'GET /api/admin/users/:id': { url: `/api/admin/users/${target.id}` },
      'POST /api/admin/users/:id/suspend': { url: `/api/admin/users/${target.id}/suspend`, payload: { reason: 'Spam listings' } },
      'POST /api/admin/users/:id/reinstate': { url: `/api/admin/users/${target.id}/reinstate` },
      'GET /api/admin/spaces': { url: '/api/admin/spaces?q=back%20bay' },
      'POST /api/admin/spaces/:id/take-down': { url: `/api/admin/spaces/${space.id}/take-down`, payload: { reason: 'Fraudulent photos' } },
      'POST /api/admin/spaces/:id/restore': { url: `/api/admin/spaces/${space.id}/restore` },
      'GET /api/admin/audit-log': { url: '/api/admin/audit-log' },
      'GET /api/admin/openapi.json': { url: '/api/admin/openapi.json' },
      'GET /api/admin/bookings': { url: `/api/admin/bookings?spaceId=${space.id}` },
      'GET /api/admin/bookings/:id': { url: `/api/admin/bookings/${paid.bookingId}` },
      'POST /api/admin/bookings/:id/refund': {
        url: `/api/admin/bookings/${paid.bookingId}/refund`,
        payload: { amount: '1.00', reason: 'Goodwill' },
      },
      'GET /api/admin/reports': { url: '/api/admin/reports?status=all' },
      'POST /api/admin/reports/:id/resolve': {
        url: `/api/admin/reports/${filed.id}/resolve`,
        payload: { action: 'no_action', note: 'Fine' },
      },
      'GET /api/admin/contact-messages': { url: '/api/admin/contact-messages' },
      'GET /api/admin/overview': { url: '/api/admin/overview' },
    };
    expect(await consoleRoutes()).toEqual(Object.keys(requests).sort());

    const unknown = await call('GET', '/api/admin/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(await call('GET', '/api/no-such-thing'))).toEqual(errorBody(unknown));

    for (const [route, { url, payload }] of Object.entries(requests)) {
      const method = route.split(' ')[0] as Method;
      for (const cookie of [undefined, userCookie]) {
        const refused = await call(method, url, cookie, payload);
        expect(refused.statusCode, `${route} as ${cookie ? 'user' : 'anonymous'}`).toBe(404);
        expect(errorBody(refused)).toEqual(errorBody(unknown));
      }
      // Before the body is read: bad input from a non-admin is still a 404, never a 400 that shows the route.
      if (method === 'POST') expect((await call(method, url, userCookie, { reason: 42 })).statusCode).toBe(404);
      const answered = await call(method, url, admin.cookie, payload);
      expect(answered.statusCode, `${route} as admin: ${answered.body}`).toBe(200);
    }
    // Nothing the refused requests asked for happened: one suspension and one takedown, the admin's.
    expect((await auditRows(target.id)).map((row) => row.action)).toEqual(expect.arrayContaining(['user.suspend', 'user.reinstate']));
    expect(await auditRows(target.id)).toHaveLength(2);
    expect(await auditRows(space.id)).toHaveLength(2);
    expect(await auditRows(paid.bookingId)).toHaveLength(1);
  });

  it('hides the console routes from the OpenAPI document', async () => {
    const document = (await call('GET', '/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin'))).toEqual([]);
  });

  it('gives the role in GET /api/me and at login', async () => {
    expect((await me(admin.cookie)).json()).toMatchObject({ role: 'admin' });
    const user = await insertUser(t.db);
    const response = await login(user.email);
    expect(response.json()).toMatchObject({ role: 'user' });
  });

  it('changes the role only from the command line (setRole), refusing to revoke the last admin', async () => {
    // The API has no way to set it: a profile edit with a role leaves it as it was.
    const { user, cookie } = await signedInUser(t);
    await call('PUT', `/api/users/${user.id}`, cookie, { firstName: 'Alex', lastName: 'Rivera', role: 'admin' });
    expect((await me(cookie)).json()).toMatchObject({ role: 'user' });

    expect(await setRole(t.db, user.email.toUpperCase(), 'admin')).toBe('granted');
    expect(await setRole(t.db, user.email, 'admin')).toBe('unchanged');
    expect((await me(cookie)).json()).toMatchObject({ role: 'admin' });
    expect(await setRole(t.db, user.email, 'user')).toBe('revoked');
    const records = await auditRows(user.id);
    expect(records.map((row) => [row.action, row.actorId, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ['user.grant_admin', null, { role: 'user' }, { role: 'admin' }],
        ['user.revoke_admin', null, { role: 'admin' }, { role: 'user' }],
      ]),
    );

    // With the file's admin the only one left, revoking it is refused.
    const others = await t.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    expect(others.map((row) => row.email)).toEqual([admin.user.email]);
    await expect(setRole(t.db, admin.user.email, 'user')).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/last admin/),
    });
    expect((await me(admin.cookie)).json()).toMatchObject({ role: 'admin' });
  });
});

describe('suspending a user', () => {
  it('ends their sessions and sockets at once, refuses their login with 403, hides their listings, tells them why, and records it', async () => {
    const word = uniqueWord();
    const { user, cookie } = await signedInUser(t);
    const space = await insertSpace(t.db, user.id, { title: `Room ${word}` });
    const archived = await insertSpace(t.db, user.id, { title: `Old ${word}`, active: false });
    expect(await searchFor(word)).toEqual({ total: 1, ids: [space.id] });
    expect(await mapTotal(word)).toBe(1);
    const socket = await openSocket(cookie);

    const response = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: '  Repeated no-shows and abusive messages  ' });
    expect(response.statusCode, response.body).toBe(200);
    const suspended = response.json<AdminUser>();
    expect(suspended).toMatchObject({ id: user.id, suspensionReason: 'Repeated no-shows and abusive messages', listingsCount: 2 });
    expect(suspended.suspendedAt).not.toBeNull();

    // The session stops working on its next request, and the socket closes within a second.
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const closed = await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 1000))]);
    expect(closed).toEqual({ code: 1008, reason: 'Session ended' });

    // The right password is answered 403, saying the account is suspended; a wrong one stays 401.
    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ACCOUNT_SUSPENDED_MESSAGE, requestId: expect.any(String) });
    expect(ACCOUNT_SUSPENDED_MESSAGE).toMatch(/suspended/);
    expect((await login(user.email, 'not-the-password')).statusCode).toBe(401);

    // Their listing leaves search (through the count cache) and the map; its page is gone; the archived one stays archived.
    expect(await searchFor(word)).toEqual({ total: 0, ids: [] });
    expect(await mapTotal(word)).toBe(0);
    const page = await call('GET', `/api/spaces/${space.id}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ message: LISTING_GONE_MESSAGE, requestId: expect.any(String) });
    expect((await call('GET', `/api/spaces/${archived.id}`)).statusCode).toBe(200);

    // The email's notification says why.
    const [notice] = await notificationsOf(user.id, 'account_suspended');
    expect(notice?.body).toContain('Repeated no-shows and abusive messages');

    const [record] = await auditRows(user.id);
    expect(record).toMatchObject({
      actorId: admin.user.id,
      action: 'user.suspend',
      targetType: 'user',
      reason: 'Repeated no-shows and abusive messages',
      before: { suspendedAt: null, suspensionReason: null },
      after: { suspendedAt: suspended.suspendedAt, hiddenListings: [space.id], sessionsEnded: 1 },
    });

    // Suspending again is a conflict that records nothing.
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: 'again' })).statusCode).toBe(409);
    expect(await auditRows(user.id)).toHaveLength(1);

    // Reinstated: they log in again and their listing is back (the archived one is not).
    const reinstated = await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`);
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json()).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await login(user.email)).statusCode).toBe(200);
    expect(await searchFor(word)).toEqual({ total: 1, ids: [space.id] });
    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(200);
    const [, second] = (await auditRows(user.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(second).toMatchObject({
      action: 'user.reinstate',
      actorId: admin.user.id,
      after: { suspendedAt: null, listedAgain: [space.id] },
    });
    expect(await notificationsOf(user.id, 'account_reinstated')).toHaveLength(1);
  });

  it('refuses an admin suspending themselves, and bad input, changing nothing', async () => {
    const self = await asAdmin('POST', `/api/admin/users/${admin.user.id}/suspend`, { reason: 'Testing' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot suspend your own account.', requestId: expect.any(String) });
    expect((await me(admin.cookie)).statusCode).toBe(200);

    const user = await insertUser(t.db);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 7 }]) {
      const response = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await asAdmin('POST', `/api/admin/users/${randomUUID()}/suspend`, { reason: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/users/not-an-id/suspend', { reason: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/reinstate`)).statusCode).toBe(409);
    expect(await auditRows(user.id)).toEqual([]);
    expect(await auditRows(admin.user.id)).toEqual([]);
  });

  it('finds users by name or email, with their listings and bookings counts', async () => {
    const word = uniqueWord();
    const user = await insertUser(t.db, { firstName: 'Quinn', lastName: `Marlow${word}`, email: `${word}@example.test` });
    await insertSpace(t.db, user.id);
    for (const q of [`quinn marlow${word}`, word.toUpperCase(), user.id]) {
      const response = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([expect.objectContaining({ id: user.id, role: 'user', listingsCount: 1, bookingsCount: 0 })]);
    }
    // LIKE's wildcards are literal.
    expect((await asAdmin('GET', '/api/admin/users?q=%25%25%25')).json()).toEqual([]);
  });
});

describe('taking a listing down', () => {
  it('hides it from search and the map, answers 410 on its page, tells the owner why, records it, and restores it', async () => {
    const word = uniqueWord();
    const { user: owner, cookie: ownerCookie } = await signedInUser(t);
    const space = await insertSpace(t.db, owner.id, { title: `Suite ${word}` });
    expect(await searchFor(word)).toEqual({ total: 1, ids: [space.id] });
    expect(await mapTotal(word)).toBe(1);

    const response = await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'The photos are of another clinic' });
    expect(response.statusCode, response.body).toBe(200);
    const down = response.json<AdminSpace>();
    expect(down).toMatchObject({
      id: space.id,
      status: 'taken_down',
      takedownReason: 'The photos are of another clinic',
      ownerId: owner.id,
    });

    expect(await searchFor(word)).toEqual({ total: 0, ids: [] });
    expect(await mapTotal(word)).toBe(0);
    const gone = await call('GET', `/api/spaces/${space.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: LISTING_GONE_MESSAGE, requestId: expect.any(String) });
    // Its owner can neither remove nor edit it meanwhile.
    expect((await call('DELETE', `/api/spaces/${space.id}`, ownerCookie)).statusCode).toBe(404);

    const [notice] = await notificationsOf(owner.id, 'listing_taken_down');
    expect(notice).toMatchObject({ inApp: true, title: `Your listing "Suite ${word}" was taken down` });
    expect(notice?.body).toContain('The photos are of another clinic');

    const [record] = await auditRows(space.id);
    expect(record).toMatchObject({
      actorId: admin.user.id,
      action: 'space.take_down',
      targetType: 'space',
      reason: 'The photos are of another clinic',
      before: { status: 'listed', takenDownAt: null },
      after: { status: 'taken_down', takenDownAt: down.takenDownAt, takedownReason: 'The photos are of another clinic' },
    });
    expect((await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'again' })).statusCode).toBe(409);

    const listed = await asAdmin('GET', `/api/admin/spaces?q=${word}`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: space.id, status: 'taken_down' })]);

    const restored = await asAdmin('POST', `/api/admin/spaces/${space.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'listed', takenDownAt: null, takedownReason: null });
    expect(await searchFor(word)).toEqual({ total: 1, ids: [space.id] });
    expect(await mapTotal(word)).toBe(1);
    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(200);
    expect((await auditRows(space.id)).map((row) => row.action).sort()).toEqual(['space.restore', 'space.take_down']);
    expect(await notificationsOf(owner.id, 'listing_restored')).toHaveLength(1);
    expect((await asAdmin('POST', `/api/admin/spaces/${space.id}/restore`)).statusCode).toBe(409);
  });

  it("keeps a listing down through its owner's reinstatement, and refuses to take down an archived one", async () => {
    const word = uniqueWord();
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id, { title: `Bay ${word}` });
    expect((await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'Fraud' })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${owner.id}/suspend`, { reason: 'Fraud' })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${owner.id}/reinstate`)).statusCode).toBe(200);
    expect(await searchFor(word)).toEqual({ total: 0, ids: [] });
    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(410);

    const archived = await insertSpace(t.db, owner.id, { active: false });
    const refused = await asAdmin('POST', `/api/admin/spaces/${archived.id}/take-down`, { reason: 'Fraud' });
    expect(refused.statusCode).toBe(409);
    expect(await auditRows(archived.id)).toEqual([]);
    const [row] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, archived.id));
    expect(row).toMatchObject({ active: false, takenDownAt: null });
  });
});

describe('the audit log', () => {
  it('is served newest first, a page at a time, with who did it', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'Newest action' });
    const response = await asAdmin('GET', '/api/admin/audit-log');
    expect(response.statusCode).toBe(200);
    const page = response.json<AuditLogPage>();
    expect(page.page).toBe(1);
    expect(page.entries[0]).toMatchObject({
      action: 'space.take_down',
      targetType: 'space',
      targetId: space.id,
      reason: 'Newest action',
      actor: { id: admin.user.id, name: 'Robin Okafor', email: admin.user.email },
    });
    const times = page.entries.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await asAdmin('GET', '/api/admin/audit-log?page=0')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/audit-log?page=999')).json()).toEqual({ entries: [], page: 999, hasMore: false });
  });

  it('names each target in words, and filters by action, kind of target and target', async () => {
    const owner = await insertUser(t.db, { firstName: 'Nadia', lastName: 'Quist' });
    const space = await insertSpace(t.db, owner.id, { title: `Named room ${uniqueWord()}` });
    await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'Named' });
    await asAdmin('POST', `/api/admin/users/${owner.id}/suspend`, { reason: 'Named too' });
    const log = async (query: string) => {
      const response = await asAdmin('GET', `/api/admin/audit-log?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditLogPage>().entries;
    };

    const [suspension, takedown] = await log('');
    expect(suspension).toMatchObject({ targetId: owner.id, targetLabel: `Nadia Quist (${owner.email})` });
    expect(takedown).toMatchObject({ targetId: space.id, targetLabel: space.title });

    expect((await log(`targetId=${space.id}`)).map((entry) => entry.action)).toEqual(['space.take_down']);
    const suspensions = await log('action=user.suspend');
    expect(suspensions.length).toBeGreaterThan(0);
    expect(suspensions.every((entry) => entry.action === 'user.suspend')).toBe(true);
    const spaces = await log('targetType=space');
    expect(spaces[0]).toMatchObject({ targetId: space.id });
    expect(spaces.every((entry) => entry.targetType === 'space')).toBe(true);
    expect(await log(`action=space.restore&targetId=${space.id}`)).toEqual([]);
    for (const bad of ['action=user.delete', 'targetType=planet', 'targetId=1234']) {
      const response = await asAdmin('GET', `/api/admin/audit-log?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('cannot be changed or deleted: the database refuses UPDATE and DELETE', async () => {
    const [before] = await t.db.select().from(auditLog).limit(1);
    expect(before).toBeDefined();
    /** The database's own message of a failed statement (Drizzle wraps it as the cause). */
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update audit_log set reason = 'rewritten' where id = ${before!.id}`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from audit_log where id = ${before!.id}`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, before!.id));
    expect(after).toEqual(before);
  });
});

describe('the pages', () => {
  it("serves /admin to an admin, and to anyone else the page and status of an unknown path; a hidden listing's page is 410", async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body></body></html>');
    const pages = await buildApp({ config: t.config, db: t.db, serveClient: true, clientDir });
    try {
      const get = (url: string, cookie?: string) => pages.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
      const { cookie: userCookie } = await signedInUser(t);
      const unknown = await get('/no-such-page');
      expect(unknown.statusCode).toBe(404);
      for (const cookie of [undefined, userCookie]) {
        const refused = await get('/admin', cookie);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).toBe(unknown.body.replaceAll('/no-such-page', '/admin'));
      }
      expect((await get('/admin/', admin.cookie)).statusCode).toBe(404);
      const console = await get('/admin', admin.cookie);
      expect(console.statusCode).toBe(200);
      expect(console.body).toContain('<title>Console | ClinicShare</title>');

      const owner = await insertUser(t.db);
      const space = await insertSpace(t.db, owner.id);
      expect((await get(`/spaces/${space.id}`)).statusCode).toBe(200);
      await asAdmin('POST', `/api/admin/spaces/${space.id}/take-down`, { reason: 'Fraud' });
      const gone = await get(`/spaces/${space.id}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.body).toContain(`<title>${LISTING_GONE_MESSAGE} | ClinicShare</title>`);
    } finally {
      await pages.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
