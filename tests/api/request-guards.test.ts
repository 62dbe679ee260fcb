/**
 * Identity first, then the body; state changes only from our own origin
 * (docs/decisions/009-identity-from-the-session.md, docs/decisions/020-abuse-limits.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSession } from '../../src/server/auth/session';
import { medicalSpaces } from '../../src/server/db/schema';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ANONYMOUS_WRITES: { method: 'POST' | 'DELETE'; url: string }[] = [
  { method: 'POST', url: '/api/spaces' },
  { method: 'DELETE', url: '/api/spaces/00000000-0000-4000-8000-000000000000' },
  { method: 'POST', url: '/api/bookings' },
  { method: 'POST', url: '/api/create-booking-payment-intent' },
  { method: 'POST', url: '/api/demo-payments/confirm' },
];

describe('a route that needs a session answers 401 before reading its body', () => {
  it.each(ANONYMOUS_WRITES)('$method $url: 401 for an empty, a malformed and an invalid body', async ({ method, url }) => {
    for (const payload of ['{}', '{"not json', JSON.stringify({ spaceId: 42 })]) {
      const response = await t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, `${method} ${url} ${payload}`).toBe(401);
      expect(response.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 401, not 413, to an anonymous 90 MiB listing', async () => {
    const huge = JSON.stringify({ title: 'x', images: ['data:image/png;base64,' + 'A'.repeat(90 * 1024 * 1024)] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      payload: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(await t.db.$count(medicalSpaces)).toBe(0);
  });

  it('answers 401 on user-scoped reads without a session, and serves public reads without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/spaces' })).statusCode).toBe(200);
  });

  it('holds the session user without the password hash', async () => {
    const { cookie } = await signedInUser(t);
    const session = await findSession(t.db, cookie.split('=')[1]!);
    expect(session).not.toBeNull();
    expect(Object.keys(session!.user)).not.toContain('passwordHash');
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('state-changing requests from another origin are refused', () => {
  it('refuses a cross-site text/plain logout and keeps the session', async () => {
    const { cookie } = await signedInUser(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site, and a malformed Origin', async () => {
    const { cookie } = await signedInUser(t);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('allows our own origin, a same-origin fetch or form post and clients that send no browser headers', async () => {
    const sameOriginForm = { origin: 'null', 'sec-fetch-site': 'same-origin' }; // a form post under Referrer-Policy: no-referrer
    for (const headers of [{ origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' }, sameOriginForm, {}]) {
      const { cookie } = await signedInUser(t);
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('lets cross-site GETs through: reads change nothing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/spaces',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
