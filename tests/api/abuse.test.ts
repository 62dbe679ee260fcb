/**
 * Abuse throttling (docs/decisions/020-abuse-limits.md): failed logins per account and per
 * address, registrations per address, and a client address that comes from
 * the socket unless TRUST_PROXY says which proxies to believe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, insertUser } from '../factories/db';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * An empty value means "unset": the production defaults (10 per account from one address, 50 per account
 * from all addresses, 100 per address, 10 sign-ups per hour).
 */
const DEFAULT_LIMITS = {
  LOGIN_FAILURES_PER_ACCOUNT: '',
  LOGIN_FAILURES_ACCOUNT_CEILING: '',
  LOGIN_FAILURES_PER_ADDRESS: '',
  REGISTRATIONS_PER_ADDRESS: '',
};

const login = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('login throttling with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(DEFAULT_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks one account after 10 failures, with 429 and Retry-After, while another account logs in from the same address', async () => {
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(t, a.email, `wrong-password-${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));

    // Locked means locked: the right password does not get through either (the email is matched lower-cased).
    const locked = await login(t, a.email.toUpperCase(), FACTORY_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/too many failed login attempts/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const other = await login(t, b.email, FACTORY_PASSWORD);
    expect(other.statusCode).toBe(200);
  });

  it('lets no more than 10 guesses through when 30 arrive at once', async () => {
    const user = await insertUser(t.db);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, user.email, `parallel-guess-${i}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('does not count successful logins, and a success clears the account counter', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 15; i++) expect((await login(t, user.email, FACTORY_PASSWORD)).statusCode).toBe(200);

    for (let i = 0; i < 9; i++) expect((await login(t, user.email, 'not-my-password')).statusCode).toBe(401);
    expect((await login(t, user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t, user.email, 'not-my-password')).statusCode).toBe(401);
    expect((await login(t, user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});

describe('login lockout per account and address', () => {
  const OWNER_ADDRESS = '198.51.100.44';

  it('locks an account only from the address that failed: its owner still logs in from elsewhere', async () => {
    const t = await createTestApp(DEFAULT_LIMITS);
    try {
      const stranger = '203.0.113.66';
      const owner = await insertUser(t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(t, owner.email, `stranger-guess-${i}`, {}, stranger)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      // The stranger's address is locked out of the account, the right password included.
      expect((await login(t, owner.email, FACTORY_PASSWORD, {}, stranger)).statusCode).toBe(429);

      // The owner, elsewhere, is not: a typo is heard as one, and the right password logs in.
      expect((await login(t, owner.email, 'owner-typo', {}, OWNER_ADDRESS)).statusCode).toBe(401);
      expect((await login(t, owner.email, FACTORY_PASSWORD, {}, OWNER_ADDRESS)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('past the ceiling for the account over all addresses, slows every guess but lets the right password in from a fresh address', async () => {
    const t = await createTestApp({ ...DEFAULT_LIMITS, LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_ACCOUNT_CEILING: '6' });
    try {
      const owner = await insertUser(t.db);
      const attempt = async (address: string, password: string) => (await login(t, owner.email, password, {}, address)).statusCode;
      // Six wrong passwords spread over two addresses: heard, 401 each.
      for (const address of ['192.0.2.1', '192.0.2.2']) {
        for (let i = 0; i < 3; i++) expect(await attempt(address, `spread-guess-${i}`)).toBe(401);
      }

      // Past the ceiling, a new address's wrong password is checked but answered 429 with Retry-After...
      const slowed = await login(t, owner.email, 'spread-guess-x', {}, '192.0.2.3');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toMatch(/too many failed login attempts/i);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      // ...and an address that has failed on the account is not heard again, the right password included.
      expect(await attempt('192.0.2.3', FACTORY_PASSWORD)).toBe(429);
      expect(await attempt('192.0.2.1', FACTORY_PASSWORD)).toBe(429);

      // The owner, from an address with no failure on the account, logs in.
      expect(await attempt(OWNER_ADDRESS, FACTORY_PASSWORD)).toBe(200);
      // Their login does not reopen the account to guessing.
      expect(await attempt('192.0.2.4', 'spread-guess-y')).toBe(429);
      expect(await attempt('192.0.2.4', 'spread-guess-z')).toBe(429);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('login throttling per address', () => {
  it('limits failures from one address across accounts', async () => {
    const t = await createTestApp({ ...DEFAULT_LIMITS, LOGIN_FAILURES_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await login(t, `nobody-${i}@example.test`, 'wrong-password')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Another address is not affected.
      expect((await login(t, 'nobody-9@example.test', 'wrong-password', {}, '198.51.100.20')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For by default, even in production', async () => {
    const t = await createTestApp({ ...DEFAULT_LIMITS, NODE_ENV: 'production', LOGIN_FAILURES_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await login(t, `spoof-${i}@example.test`, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode,
        );
      }
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    } finally {
      await t.close();
    }
  });

  it.each([
    ['a hop count', '1'],
    ['an address list', '10.0.0.0/8, 127.0.0.1'],
  ])('honours X-Forwarded-For from a trusted proxy when TRUST_PROXY is %s', async (_label, trustProxy) => {
    const t = await createTestApp({ ...DEFAULT_LIMITS, TRUST_PROXY: trustProxy, LOGIN_FAILURES_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await login(t, `proxied-${i}@example.test`, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode,
        );
      }
      expect(statuses).toEqual(Array(30).fill(401));
      // The client behind the proxy is what counts: one client, five failures, then 429.
      const same: number[] = [];
      for (let i = 0; i < 6; i++)
        same.push((await login(t, `proxied-${i}@example.test`, 'wrong-password', { 'x-forwarded-for': '192.0.2.50' })).statusCode);
      expect(same).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('does not believe X-Forwarded-For from an address outside the TRUST_PROXY list', async () => {
    const t = await createTestApp({ ...DEFAULT_LIMITS, TRUST_PROXY: '10.0.0.0/8', LOGIN_FAILURES_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push(
          (await login(t, `direct-${i}@example.test`, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i + 1}` }, '198.51.100.7'))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('registration throttling', () => {
  it('answers 429 after 10 sign-ups per address per hour (default), other addresses still sign up', async () => {
    const t = await createTestApp(DEFAULT_LIMITS);
    try {
      const signUp = (i: number, remoteAddress?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: {
            firstName: 'Maya',
            lastName: 'Patel',
            email: `signup-${i}@example.test`,
            password: 'quiet-harbor-lantern',
            acceptedTerms: true,
          },
          ...(remoteAddress ? { remoteAddress } : {}),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await signUp(i)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
      const refused = await signUp(99);
      expect(refused.json().message).toMatch(/too many/i);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signUp(100, '198.51.100.30')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
