import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const registration = (email: string) => ({
  firstName: 'Maya',
  lastName: 'Patel',
  email,
  specialty: 'Dentistry',
  password: 'a-long-password',
  acceptedTerms: true,
});

describe('register, login, logout, me', () => {
  it('registers a user, starts a session and never returns the password hash', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('Maya@Example.test') });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ email: 'maya@example.test', firstName: 'Maya', userType: 'both', verified: false, coverColor: '#3b82f6' });
    expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
    const cookie = response.cookies.find((c) => c.name === 'clinicshare_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    // The sessions table keeps a hash of the token, not the token.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(cookie!.value);
  });

  it('rejects a duplicate email with 409, in any letter case, and changes nothing', async () => {
    await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('dup@example.test') });
    const again = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('DUP@example.test') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    const rows = await t.db.select().from(users).where(eq(users.email, 'dup@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('rejects registration without accepted terms or with a bad email with 400 and field issues', async () => {
    const noTerms = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration('terms@example.test'), acceptedTerms: false },
    });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().issues[0]).toMatchObject({ path: 'body.acceptedTerms' });
    const badEmail = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('not-an-email') });
    expect(badEmail.statusCode).toBe(400);
    const rows = await t.db.select().from(users).where(eq(users.email, 'terms@example.test'));
    expect(rows).toHaveLength(0);
  });

  it('logs in with the right password only, with one message for unknown email and wrong password', async () => {
    await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('login@example.test') });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'login@example.test', password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ghost@example.test', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'LOGIN@example.test', password: 'a-long-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('login@example.test');
  });

  it('logs out: the session no longer works', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration('logout@example.test') });
    const cookie = sessionCookie(login);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 401 to /api/me without a session or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'clinicshare_session=forged' } })).statusCode).toBe(401);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});

describe('password rules at registration', () => {
  it.each([
    ['a common password', 'password', /common password/i],
    ['a common password with digits', 'password123', /common password/i],
    ['a keyboard walk', 'qwertyuiop', /common password/i],
    ['digits', '12345678', /common password/i],
    ['a leetspeak variant', 'P@ssw0rd', /common password/i],
    ['an easy guess', 'Summer2024!', /too easy to guess/i],
    ['a short one', 'x7#kq', /at least 8 characters/i],
  ])('rejects %s with 400 and a clear message on the password field', async (_label, password, message) => {
    const email = `weak-${Math.random().toString(36).slice(2)}@example.test`;
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...registration(email), password } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(response.json().issues).toEqual([expect.objectContaining({ path: 'body.password', message: expect.stringMatching(message) })]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each([
    ['the email', 'dr.maya.patel@example.test', 'dr.maya.patel@example.test'],
    ['the email in other letter case', 'dr.maya.patel@example.test', 'DR.Maya.Patel@Example.test'],
    ['the local part of the email', 'dr.maya.patel@example.test', 'dr.maya.patel'],
  ])('rejects a password equal to %s', async (_label, email, password) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...registration(email), password } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/must not be your email/i);
    expect(response.json().issues[0]).toMatchObject({ path: 'body.password' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('accepts a passphrase of unrelated words', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration('passphrase@example.test'), password: 'quiet-harbor-lantern' },
    });
    expect(response.statusCode).toBe(201);
  });
});
