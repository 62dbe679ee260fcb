/**
 * Live messaging over `/ws` (docs/decisions/004-live-events-through-the-database-or-redis.md):
 * session authentication, malformed frames, logout, heartbeats, and delivery
 * across two app instances on one PostgreSQL database, through Postgres
 * LISTEN/NOTIFY and through Redis pub/sub. On PGlite (one process per
 * database) the same delivery is checked on one instance.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertSpace } from '../factories/db';
import { sessions } from '../../src/server/db/schema';
import { POSTGRES_EVENTS_CHANNEL } from '../../src/server/realtime/postgres-bus';
import type { Message, ServerSocketEvent } from '../../src/shared/schemas/messages';
import { listenOnFreePort, openLiveSocket, type LiveSocket } from '../helpers/live-socket';
import { createPeerApp, createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const onPostgres = process.env.TEST_DB === 'postgres';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const isNewMessage = (content: string) => (event: ServerSocketEvent) => event.type === 'new_message' && event.message.content === content;

/** A renter and an owner with a space, signed in on `t`. */
async function renterAndOwner(t: TestApp) {
  const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
  const owner = await signedInUser(t, { firstName: 'Omar', lastName: 'Owner' });
  const space = await insertSpace(t.db, owner.user.id, { title: 'Live Exam Room' });
  return { renter, owner, space };
}

function postMessage(app: FastifyInstance, from: Signed, payload: object) {
  return app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: from.cookie }, payload });
}

describe('the live socket on one instance', () => {
  let t: TestApp;
  let host: string;
  const sockets: LiveSocket[] = [];
  const open = async (...args: Parameters<typeof openLiveSocket>) => {
    const socket = await openLiveSocket(...args);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    // Fast heartbeats so a dead connection is dropped within the test.
    t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '0.2' });
    host = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t.close();
  });

  it('pushes a posted message to both participants, then its read receipt to the sender', async () => {
    const { renter, owner, space } = await renterAndOwner(t);
    const ownerSocket = await open(host, { cookie: owner.cookie, query: `?userId=${owner.user.id}` });
    const renterSocket = await open(host, { cookie: renter.cookie });

    const arrival = ownerSocket.waitFor(isNewMessage('Is it free on Monday?'));
    const posted = await postMessage(t.app, renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Is it free on Monday?' });
    expect(posted.statusCode).toBe(201);
    const event = (await arrival) as { message: Message };
    expect(event.message).toMatchObject({
      id: posted.json().id,
      conversationId: `${renter.user.id}-${owner.user.id}-${space.id}`,
      sender: { id: renter.user.id, firstName: 'Rita', lastName: 'Renter' },
      space: { title: 'Live Exam Room' },
      readAt: null,
    });
    const { conversationId } = event.message;
    await ownerSocket.waitFor((e) => e.type === 'conversation_updated' && e.conversationId === conversationId);
    await renterSocket.waitFor(isNewMessage('Is it free on Monday?'));

    const read = await t.app.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/read`, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    const receipt = await renterSocket.waitFor((e) => e.type === 'messages_read');
    expect(receipt).toEqual({ type: 'messages_read', conversationId, readerId: owner.user.id, readAt: read.json().readAt });
  });

  it('stores and delivers send_message exactly as POST /api/messages does', async () => {
    const { renter, owner, space } = await renterAndOwner(t);
    const ownerSocket = await open(host, { cookie: owner.cookie });
    const renterSocket = await open(host, { cookie: renter.cookie });
    renterSocket.send({
      type: 'send_message',
      senderId: renter.user.id,
      receiverId: owner.user.id,
      spaceId: space.id,
      content: ' Over the socket ',
      messageType: 'text',
    });
    const received = (await ownerSocket.waitFor(isNewMessage('Over the socket'))) as { message: Message };
    expect(received.message).toMatchObject({ senderId: renter.user.id, receiverId: owner.user.id, spaceId: space.id, messageType: 'text' });
    // The sender's own socket gets the stored message back.
    await renterSocket.waitFor(isNewMessage('Over the socket'));
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${received.message.conversationId}/messages`,
      headers: { cookie: owner.cookie },
    });
    expect(thread.json()).toMatchObject([{ id: received.message.id, content: 'Over the socket' }]);

    // The same rules as over HTTP: empty content, a forged sender, a message to oneself.
    renterSocket.send({ type: 'send_message', receiverId: owner.user.id, content: '   ' });
    expect(await renterSocket.waitFor((e) => e.type === 'error' && e.message === 'Message cannot be empty')).toBeTruthy();
    renterSocket.send({ type: 'send_message', senderId: owner.user.id, receiverId: renter.user.id, content: 'Forged' });
    await renterSocket.waitFor((e) => e.type === 'error' && e.message === 'You can only act as yourself.');
    renterSocket.send({ type: 'send_message', receiverId: renter.user.id, content: 'Self' });
    await renterSocket.waitFor((e) => e.type === 'error' && /yourself/.test(e.message) && e.message !== 'You can only act as yourself.');
    expect(ownerSocket.events.filter((e) => e.type === 'new_message')).toHaveLength(1);
  });

  it('authenticates by the session cookie: no session or another userId is closed with 1008', async () => {
    const { renter, owner } = await renterAndOwner(t);
    const anonymous = await open(host);
    expect(await anonymous.closed).toEqual({ code: 1008, reason: 'Please log in' });
    const impostor = await open(host, { cookie: renter.cookie, query: `?userId=${owner.user.id}` });
    expect((await impostor.closed).code).toBe(1008);
    const badCookie = await open(host, { cookie: 'clinicshare_session=forged' });
    expect((await badCookie.closed).code).toBe(1008);
  });

  it('refuses a cross-site Origin before upgrading; accepts no Origin (not a browser)', async () => {
    const { renter } = await renterAndOwner(t);
    await expect(openLiveSocket(host, { cookie: renter.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    const plain = await open(host, { cookie: renter.cookie, origin: null });
    expect(plain.ws.readyState).toBe(plain.ws.OPEN);
  });

  it('answers malformed JSON, an unknown event and a binary frame with an error and stays open; a frame over 16 KB closes the socket', async () => {
    const { renter, owner, space } = await renterAndOwner(t);
    const socket = await open(host, { cookie: renter.cookie });
    socket.send('{"type": "send_message", ');
    await socket.waitFor((e) => e.type === 'error' && e.message === 'Malformed JSON.');
    socket.send({ type: 'delete_everything' });
    socket.send('[1, 2, 3]');
    socket.send('null');
    await socket.waitFor((e) => e.type === 'error' && e.message === 'Unknown event type.');
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await socket.waitFor((e) => e.type === 'error' && e.message === 'Binary frames are not supported.');
    expect(socket.events.filter((e) => e.type === 'error')).toHaveLength(5);

    // Still open and working after all that.
    socket.send({ type: 'send_message', receiverId: owner.user.id, spaceId: space.id, content: 'Still here' });
    await socket.waitFor(isNewMessage('Still here'));

    socket.send({ type: 'send_message', receiverId: owner.user.id, content: 'x'.repeat(17 * 1024) });
    expect((await socket.closed).code).toBe(1009);
    // The server is unharmed.
    const next = await open(host, { cookie: renter.cookie });
    expect(next.ws.readyState).toBe(next.ws.OPEN);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it("closes a session's sockets when it logs out, and only that session's", async () => {
    const { renter } = await renterAndOwner(t);
    const otherSession = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: renter.user.email, password: 'correct-horse-battery' },
    });
    const otherCookie = `clinicshare_session=${otherSession.cookies.find((c) => c.name === 'clinicshare_session')!.value}`;
    const loggingOut = await open(host, { cookie: renter.cookie });
    const staying = await open(host, { cookie: otherCookie });

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: renter.cookie } });
    expect(logout.statusCode).toBe(204);
    expect(await loggingOut.closed).toEqual({ code: 1008, reason: 'Session ended' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
  });

  it('closes a socket when its session expires, and only that one', async () => {
    const { renter, owner } = await renterAndOwner(t);
    // The owner's session ends a second from now (as if it had been opened 30 days ago).
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(sessions.userId, owner.user.id));
    const expiring = await open(host, { cookie: owner.cookie });
    const staying = await open(host, { cookie: renter.cookie });
    const closed = await Promise.race([expiring.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
    expect(closed).toEqual({ code: 1008, reason: 'Session expired' });
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
  });

  it('drops a connection that stops answering heartbeats', async () => {
    const { renter } = await renterAndOwner(t);
    const silent = await open(host, { cookie: renter.cookie, autoPong: false });
    const healthy = await open(host, { cookie: renter.cookie });
    const closed = await Promise.race([silent.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 2000))]);
    expect(closed).toMatchObject({ code: 1006 });
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
  });
});

/** Two instances A and B on one database (PostgreSQL), or one instance (PGlite), with `env`. */
async function instances(env: Record<string, string>) {
  const t = await createTestApp(env);
  const peer = onPostgres ? await createPeerApp(t, env) : null;
  const b = peer?.app ?? t.app;
  const hostB = await listenOnFreePort(b);
  return {
    t,
    a: t.app,
    b,
    hostB,
    async close() {
      await peer?.close();
      await t.close();
    },
  };
}

/** The delivery check shared by both transports: a message posted through A reaches a socket held by B within a second. */
async function checkDelivery(setup: Awaited<ReturnType<typeof instances>>, observed: string[]) {
  const { renter, owner, space } = await renterAndOwner(setup.t);
  const ownerOnB = await openLiveSocket(setup.hostB, { cookie: owner.cookie });
  const renterOnB = await openLiveSocket(setup.hostB, { cookie: renter.cookie });
  try {
    const started = Date.now();
    const arrival = ownerOnB.waitFor(isNewMessage('Across instances'), 1000);
    const posted = await postMessage(setup.a, renter, { receiverId: owner.user.id, spaceId: space.id, content: 'Across instances' });
    expect(posted.statusCode).toBe(201);
    await arrival;
    expect(Date.now() - started).toBeLessThan(1000);
    // The event went through the transport, as ids only (the observer's own connection may hear it a moment after B).
    const published = await vi.waitFor(
      () => {
        const heard = observed.filter((payload) => payload.includes(posted.json().id));
        expect(heard).toHaveLength(1);
        return heard;
      },
      { timeout: 1000, interval: 20 },
    );
    expect(published[0]).not.toContain('Across instances');

    // And a read receipt made on A reaches the sender's socket on B.
    const conversationId = posted.json().conversationId as string;
    await setup.a.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/read`, headers: { cookie: owner.cookie } });
    await renterOnB.waitFor((e) => e.type === 'messages_read' && e.conversationId === conversationId, 1000);
  } finally {
    ownerOnB.ws.terminate();
    renterOnB.ws.terminate();
  }
}

describe(
  onPostgres ? 'two instances on one PostgreSQL database, through LISTEN/NOTIFY' : 'one PGlite instance, through LISTEN/NOTIFY',
  () => {
    let setup: Awaited<ReturnType<typeof instances>>;
    const payloads: string[] = [];
    let stop: () => Promise<void>;

    beforeAll(async () => {
      setup = await instances({});
      if (setup.t.databaseUrl) {
        // Another process's view: a connection of its own LISTENing on the channel.
        const client = new pg.Client({ connectionString: setup.t.databaseUrl });
        await client.connect();
        client.on('notification', (message) => payloads.push(message.payload ?? ''));
        await client.query(`LISTEN ${POSTGRES_EVENTS_CHANNEL}`);
        stop = () => client.end();
      } else {
        stop = await setup.t.notifications.listen(POSTGRES_EVENTS_CHANNEL, (payload) => payloads.push(payload));
      }
    });
    afterAll(async () => {
      await stop();
      await setup.close();
    });

    it('delivers a message posted through A to a socket held by B within a second', async () => {
      await checkDelivery(setup, payloads);
    });
  },
);

describe(
  onPostgres ? 'two instances on one PostgreSQL database, through Redis pub/sub' : 'one PGlite instance, through Redis pub/sub',
  () => {
    let setup: Awaited<ReturnType<typeof instances>>;
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const payloads: string[] = [];
    let subscriber: Redis;
    let redis: Redis;

    beforeAll(async () => {
      redis = new Redis(REDIS_URL);
      subscriber = new Redis(REDIS_URL);
      subscriber.on('message', (_channel: string, payload: string) => payloads.push(payload));
      await subscriber.subscribe(`${prefix}events`);
      setup = await instances({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
    });
    afterAll(async () => {
      await setup.close();
      await subscriber.quit();
      await redis.quit();
    });

    it('delivers a message posted through A to a socket held by B within a second', async () => {
      await checkDelivery(setup, payloads);
    });

    it('keeps rate-limit counters in Redis, shared by the instances', async () => {
      const { renter, owner, space } = await renterAndOwner(setup.t);
      const payload = { receiverId: owner.user.id, spaceId: space.id, content: 'Counted' };
      const first = await postMessage(setup.a, renter, payload);
      const second = await postMessage(setup.b, renter, payload);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      // One counter for the sender, whichever instance took the message.
      expect(await redis.get(`${prefix}rate-limit:message_send:${renter.user.id}`)).toBe('2');
    });
  },
);
