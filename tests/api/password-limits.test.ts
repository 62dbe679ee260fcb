/**
 * Password checks bounded: more than 128 characters is a 400 (OWASP ASVS 4.0 2.1.2),
 * and the strength estimation runs off the event loop, so other requests are answered while a storm
 * of long-password sign-ups is being checked.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let signUps = 0;
/** A random-looking password of exactly `length` characters (base64 of random bytes). */
const randomPassword = (length: number) => randomBytes(length).toString('base64').slice(0, length);

const signUp = (password: string) => {
  const email = `long-password-${++signUps}-${randomBytes(4).toString('hex')}@example.test`;
  return t.app
    .inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'Maya', lastName: 'Patel', email, password, acceptedTerms: true },
    })
    .then((response) => ({ response, email }));
};

describe('password length', () => {
  it('refuses more than 128 characters with 400 on the password field, and creates nothing', async () => {
    const { response, email } = await signUp(randomPassword(129));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/at most 128 characters/i);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'body.password', message: expect.stringMatching(/at most 128/) }),
    ]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each([64, 128])('accepts a random %i-character password', async (length) => {
    const { response } = await signUp(randomPassword(length));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the cheap checks first', () => {
  it('refuses a sign-up over the address limit before estimating its password', async () => {
    const limited = await createTestApp({ REGISTRATIONS_PER_ADDRESS: '1' });
    try {
      const register = (email: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { firstName: 'Maya', lastName: 'Patel', email, password, acceptedTerms: true },
        });
      expect((await register('first@example.test', randomPassword(32))).statusCode).toBe(201);
      // Over the limit, even a password the estimation would refuse gets the throttle's 429, not its 400.
      const refused = await register('second@example.test', 'password123');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/too many sign-ups/i);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('password strength estimation off the event loop', () => {
  it('answers a health probe quickly while 12 long-password sign-ups are being checked', async () => {
    // One sign-up first, so that the worker pool (or the dictionaries) is loaded before timing.
    expect((await signUp(randomPassword(128))).response.statusCode).toBe(201);

    const started = performance.now();
    let running = true;
    const storm = Promise.all(Array.from({ length: 12 }, () => signUp(randomPassword(128)))).finally(() => {
      running = false;
    });
    // A probe every 20 ms while the storm runs, each measured from the moment it was due: a blocked
    // event loop (an estimation on the main thread) delays the timer and the answer alike, as it
    // would delay a client's request waiting on its socket.
    const probes: number[] = [];
    do {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      probes.push(performance.now() - due);
      expect(health.statusCode).toBe(200);
    } while (running);
    const answers = await storm;
    const stormMs = performance.now() - started;

    expect(answers.map(({ response }) => response.statusCode)).toEqual(Array(12).fill(201));
    // Relative, not absolute: on a loaded machine everything is slower, but a probe that waits for
    // estimations on the event loop waits about as long as the whole storm.
    const slowestProbe = Math.max(...probes);
    expect(slowestProbe, `slowest probe ${Math.round(slowestProbe)} ms, storm ${Math.round(stormMs)} ms`).toBeLessThan(stormMs / 4);
  }, 300_000);
});
