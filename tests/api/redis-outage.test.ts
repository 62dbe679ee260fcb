/**
 * A Redis outage (docs/decisions/020-abuse-limits.md): with REDIS_URL set and Redis stopped mid-test, login, sign-up and
 * the limited routes keep working on in-process counters, the outage is logged once, and
 * GET /api/health says Redis is down. With Redis down when the app starts, it boots all the same,
 * delivers live messages to its own sockets, and subscribes once Redis is up, so live messages cross
 * instances again. The tests run their own redis-server on a free port (never the shared one) and kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, insertSpace, insertUser } from '../factories/db';
import type { ServerSocketEvent } from '../../src/shared/schemas/messages';
import { createRedisClient } from '../../src/server/realtime/redis-bus';
import { createIntent } from '../helpers/booking-flow';
import { freePort, isListening } from '../helpers/app-process';
import { futureDate } from '../helpers/dates';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createPeerApp, createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

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
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: 'ignore',
    },
  );
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
      payload: {
        firstName: 'Maya',
        lastName: 'Patel',
        email: `outage-${prefix.slice(7, 15)}@example.test`,
        password: 'violet-harbor-quietly-87-lantern',
        acceptedTerms: true,
      },
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

describe('Redis down when the app starts', () => {
  let port: number;
  let redisServer: ChildProcess | undefined;
  let t: TestApp;
  let peer: { app: FastifyInstance; close(): Promise<void> } | null = null;
  /** The second instance (PostgreSQL), or the first again (PGlite: one process per database). */
  let b: FastifyInstance;
  let hostA: string;
  let hostB: string;
  const sockets: LiveSocket[] = [];
  const prefix = `boot-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    port = await freePort();
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix };
    // Nothing listens on `port` yet: building the app must not wait for Redis, nor fail.
    t = await createTestApp(env);
    peer = process.env.TEST_DB === 'postgres' ? await createPeerApp(t, env) : null;
    b = peer?.app ?? t.app;
    hostA = await listenOnFreePort(t.app);
    hostB = peer ? await listenOnFreePort(b) : hostA;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await peer?.close();
    await t?.close();
    if (redisServer) await stopRedis(redisServer, port);
  });

  const health = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/health' })).json() as { status: string; redis?: string };
  const open = async (host: string, cookie: string) => {
    const socket = await openLiveSocket(host, { cookie });
    sockets.push(socket);
    return socket;
  };
  const isMessage = (id: string) => (event: ServerSocketEvent) => event.type === 'new_message' && event.message.id === id;
  const post = (from: { cookie: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: from.cookie }, payload });

  it('boots, logs in and signs up, says Redis is down, and delivers messages to its own sockets', async () => {
    expect(await health(t.app)).toEqual({ status: 'ok', redis: 'down' });
    const owner = await signedInUser(t);
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'Ada',
        lastName: 'Boot',
        email: `${prefix.slice(0, -1)}@example.test`,
        password: 'violet-harbor-quietly-87-lantern',
        acceptedTerms: true,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);

    const ownerSocket = await open(hostA, owner.cookie);
    const posted = await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Anyone there while Redis sleeps?' });
    expect(posted.statusCode, posted.body).toBe(201);
    await ownerSocket.waitFor(isMessage(posted.json().id), 5000);
  });

  /**
   * Once every instance's subscriber is on the events channel: a message posted through A reaches the
   * owner's socket on B through Redis (as ids only), once.
   */
  async function checkDeliveryThroughRedis() {
    const probe = new Redis(`redis://127.0.0.1:${port}`);
    const listener = new Redis(`redis://127.0.0.1:${port}`);
    const payloads: string[] = [];
    try {
      const instances = peer ? 2 : 1;
      await waitFor('the instances to subscribe', async () => {
        const [, count] = (await probe.pubsub('NUMSUB', `${prefix}events`)) as [string, number];
        return count === instances;
      });
      listener.on('message', (_channel: string, payload: string) => payloads.push(payload));
      // Not before 'ready': a SUBSCRIBE sent while connecting makes ioredis's ready check (INFO) fail.
      await waitFor('the listener to connect', () => listener.status === 'ready');
      await listener.subscribe(`${prefix}events`);

      const owner = await signedInUser(t);
      const renter = await signedInUser(t);
      const space = await insertSpace(t.db, owner.user.id);
      const ownerOnB = await open(hostB, owner.cookie);
      const first = await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Across instances again' });
      expect(first.statusCode, first.body).toBe(201);
      await ownerOnB.waitFor(isMessage(first.json().id), 5000);
      expect(payloads.filter((payload) => payload.includes(first.json().id))).toHaveLength(1);

      // Delivered once: a second message arrives after any repeat of the first would have.
      const second = await post(renter, { receiverId: owner.user.id, spaceId: space.id, content: 'And once only' });
      await ownerOnB.waitFor(isMessage(second.json().id), 5000);
      expect(ownerOnB.events.filter(isMessage(first.json().id))).toHaveLength(1);
    } finally {
      probe.disconnect();
      listener.disconnect();
    }
  }

  it('subscribes once Redis is up: health says up, and a message posted through one instance reaches a socket on the other, once', async () => {
    redisServer = await startRedis(port);
    await waitFor('health to say Redis is up', async () => (await health(t.app)).redis === 'up' && (await health(b)).redis === 'up');
    await checkDeliveryThroughRedis();
  }, 60_000);

  it('subscribes again when Redis restarts', async () => {
    if (redisServer) await stopRedis(redisServer, port);
    await waitFor('health to say Redis is down', async () => (await health(t.app)).redis === 'down');
    redisServer = await startRedis(port);
    await waitFor('health to say Redis is up', async () => (await health(t.app)).redis === 'up' && (await health(b)).redis === 'up');
    await checkDeliveryThroughRedis();
  }, 60_000);
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
