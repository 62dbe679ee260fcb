/**
 * A Redis outage (issue 16, Abuse): with REDIS_URL set and Redis stopped mid-test, login, sign-up and
 * the limited routes keep working on in-process counters, the outage is logged once, and
 * GET /api/health says Redis is down. The test runs its own redis-server on a free port (never the
 * shared one) and kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, insertSpace, insertUser } from '../../src/server/db/factories';
import { createRedisClient } from '../../src/server/realtime/redis-bus';
import { createIntent } from '../helpers/booking-flow';
import { freePort, isListening } from '../helpers/app-process';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it is true; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A throwaway redis-server on `port`: no persistence, in the foreground (so killing the child stops it). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: 'ignore',
  });
  await waitFor(`redis-server on port ${port}`, () => isListening(port));
  return child;
}

async function stopRedis(child: ChildProcess, port: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  await waitFor(`port ${port} to close`, async () => !(await isListening(port)));
}

/** A logger that records what is logged at error and info level. */
function recordingLogger() {
  const errors: string[] = [];
  const infos: string[] = [];
  const logger = {
    error: (_object: unknown, message?: string) => errors.push(String(message)),
    info: (message: unknown) => infos.push(String(message)),
    warn: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
  };
  return { errors, infos, log: logger as unknown as FastifyBaseLogger };
}

describe('Redis stopped while the app runs', () => {
  let port: number;
  let redisServer: ChildProcess;
  let t: TestApp;
  const prefix = `outage-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    port = await freePort();
    redisServer = await startRedis(port);
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix, LOGIN_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(async () => {
    await t?.close();
    if (redisServer) await stopRedis(redisServer, port);
  });

  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as { status: string; redis?: string };
  const login = (email: string, password: string, remoteAddress = '198.51.100.80') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  it('counts in Redis while it is up, and health says so', async () => {
    await waitFor('Redis to be up', async () => (await health()).redis === 'up');
    const user = await insertUser(t.db);
    expect((await login(user.email, 'not-the-password')).statusCode).toBe(401);
    const probe = new Redis(`redis://127.0.0.1:${port}`);
    try {
      expect(await probe.keys(`${prefix}rate-limit:login_fail_account_address:*`)).toHaveLength(1);
    } finally {
      probe.disconnect();
    }
  });

  it('keeps login, sign-up and the limited routes working on in-process limits once Redis is stopped, and health says down', async () => {
    const user = await insertUser(t.db);
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t);

    await stopRedis(redisServer, port);
    await waitFor('health to say Redis is down', async () => (await health()).redis === 'down');
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', redis: 'down' });

    // Login: the right password logs in; wrong ones are still counted (in memory) and locked after 3.
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    const wrong: number[] = [];
    for (let i = 0; i < 4; i++) wrong.push((await login(user.email, `wrong-${i}`)).statusCode);
    expect(wrong).toEqual([401, 401, 401, 429]);

    // Sign-up.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'Maya', lastName: 'Patel', email: `outage-${prefix.slice(7, 15)}@example.test`, password: 'violet-harbor-quietly-87-lantern', acceptedTerms: true },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);

    // Routes with their own limits: a hold (per account) and a message (per sender).
    const hold = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(hold.statusCode, hold.body).toBe(200);
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: renter.cookie },
      payload: { receiverId: owner.user.id, spaceId: space.id, content: 'Is the room free that week?' },
    });
    expect(message.statusCode, message.body).toBe(201);
    const donation = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 5 } });
    expect(donation.statusCode, donation.body).toBe(200);
  }, 120_000);
});

describe('the Redis client log', () => {
  it('logs an outage once, however many reconnections fail, and once when Redis is back', async () => {
    const port = await freePort();
    let server = await startRedis(port);
    const { errors, infos, log } = recordingLogger();
    const redis = createRedisClient(`redis://127.0.0.1:${port}`, log);
    try {
      await waitFor('the client to connect', () => redis.status === 'ready');
      await stopRedis(server, port);
      // Several reconnection attempts fail meanwhile (ioredis emits an error for each).
      let failures = 0;
      redis.on('error', () => failures++);
      await waitFor('three failed reconnections', () => failures >= 3);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/Redis is unreachable: rate limits are counted in this process/);

      server = await startRedis(port);
      await waitFor('the client to reconnect', () => redis.status === 'ready');
      expect(infos).toEqual(['Redis is reachable again']);
      expect(errors).toHaveLength(1);
    } finally {
      redis.disconnect();
      await stopRedis(server, port);
    }
  }, 60_000);
});
