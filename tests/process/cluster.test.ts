/**
 * Three instances on one PostgreSQL database and one Redis, behind HAProxy (scripts/cluster.ts),
 * under about a minute of load through the proxy: renters holding, paying (demo card) and
 * confirming bookings of a few spaces with overlapping dates, pairs of users messaging each other
 * with live sockets open, and sign-ups. Midway one instance gets SIGKILL and another SIGTERM; both
 * are started again. Afterwards nothing is lost or doubled:
 *
 * - every booking a renter was told is confirmed is confirmed in the database;
 * - no two live bookings of a space overlap;
 * - no paid booking is left unconfirmed without a refund (after the reconciliation pass);
 * - every message acknowledged to its sender is stored once, reached each socket of its receiver
 *   that stayed open over it exactly once (never twice on one socket), and is in the receiver's
 *   messages fetched after reconnecting;
 * - every email job ran once: each welcome email of a sign-up is in the outbox once (or, for a job
 *   whose run the SIGKILL cut off, at most once so far: it runs again after its time limit), no
 *   email job failed, and no notification was emailed twice.
 *
 * The clients' error rate (network errors and 5xx) during the kills and overall is printed;
 * `CLUSTER_DEBUG=1` also prints the failures by time and route, and each instance's output.
 * `CLUSTER_LOAD_SECONDS` sets the length of the load (default 55).
 *
 * Needs HAProxy, PostgreSQL and Redis: in CI (CI or TEST_DATABASE_URL set) it fails without them;
 * elsewhere it is skipped with a message saying what is missing.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { startCluster, haproxyAvailable, type Cluster } from '../../scripts/cluster';
import { FACTORY_PASSWORD, insertSpace, insertUser } from '../factories/db';
import { freePort } from '../helpers/app-process';
import { futureCardExpiry, futureDate } from '../helpers/dates';

const LOAD_MS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 55) * 1000;
const KILL_AT_MS = LOAD_MS * 0.3;
const TERM_AT_MS = LOAD_MS * 0.45;
const inCi = Boolean(process.env.CI || process.env.TEST_DATABASE_URL);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What is missing to run the test here, or null. */
function missing(): string | null {
  if (!haproxyAvailable()) return 'haproxy is not installed (apt-get install haproxy)';
  const host = new URL(serverUrl);
  if (spawnSync('pg_isready', ['-q', '-h', host.hostname, '-p', host.port || '5432'], { stdio: 'ignore' }).status !== 0)
    return `PostgreSQL does not answer at ${host.host} (set TEST_DATABASE_URL)`;
  if (spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG')
    return 'Redis does not answer at 127.0.0.1:6379';
  return null;
}
const absent = missing();
if (absent && !inCi) console.warn(`Skipping the cluster test: ${absent}.`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

describe.skipIf(absent !== null && !inCi)('three instances behind HAProxy, two of them stopped under load', () => {
  let cluster: Cluster;
  let handle: DatabaseHandle;
  let dropDatabase: () => Promise<void> = async () => {};
  let loadStart = 0;

  beforeAll(async () => {
    if (absent) throw new Error(`The cluster test needs ${absent}`);
    const scratch = await createScratchDatabase(serverUrl, 'clinicshare_cluster');
    dropDatabase = scratch.drop;
    const proxyPort = await freePort();
    const ports = [await freePort(), await freePort(), await freePort()];
    cluster = await startCluster({
      databaseUrl: scratch.url,
      redisUrl: 'redis://127.0.0.1:6379/7',
      proxyPort,
      ports,
      env: {
        REDIS_KEY_PREFIX: `cluster-test-${randomUUID().slice(0, 8)}:`,
        // Every client comes from 127.0.0.1: the per-address limits are for the open internet.
        LOGIN_FAILURES_PER_ADDRESS: '100000',
        REGISTRATIONS_PER_ADDRESS: '100000',
        LOG_LEVEL: 'warn',
      },
    });
    handle = await openDatabase({ url: scratch.url, poolSize: 3 });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await handle?.close();
    await dropDatabase();
  }, 60_000);

  it('loses and doubles nothing: bookings, payments, messages, emails', async () => {
    const db = handle.db;
    const base = cluster.url;
    const origin = base;

    // --- Clients' requests, counted by time for the error rate.
    const requests: Array<{ at: number; failed: boolean; what?: string }> = [];
    // Answers are read as the API documents them (tests/api checks their shapes).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Answer = { status: number; json: any };
    /** A JSON request through the proxy; network errors and 5xx are recorded as failures (and returned as status 0 or 5xx). */
    async function call(method: string, url: string, body?: unknown, cookie?: string): Promise<Answer> {
      const at = Date.now() - loadStart;
      try {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), origin },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        requests.push({ at, failed: response.status >= 500, what: `${response.status} ${method} ${url.split('?')[0]}` });
        let json: Answer['json'] = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = text;
        }
        if (method !== 'GET' && response.headers.getSetCookie().length) json = { ...json, setCookie: response.headers.getSetCookie() };
        return { status: response.status, json };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        requests.push({ at, failed: true, what: `network (${cause}) ${method} ${url.split('?')[0]}` });
        return { status: 0, json: null };
      }
    }
    /** `call` retried while it fails (network or 5xx), as a client retrying an idempotent step. */
    async function retried(method: string, url: string, body: unknown, cookie: string) {
      for (let attempt = 0; ; attempt++) {
        const answer = await call(method, url, body, cookie);
        if ((answer.status !== 0 && answer.status < 500) || attempt >= 8) return answer;
        await sleep(300 * (attempt + 1));
      }
    }
    async function login(email: string): Promise<string> {
      const answer = await retried('POST', '/api/login', { email, password: FACTORY_PASSWORD }, '');
      const setCookie = (answer.json?.setCookie as string[] | undefined)?.[0];
      if (answer.status !== 200 || !setCookie) throw new Error(`login: ${answer.status} ${JSON.stringify(answer.json)}`);
      return setCookie.split(';')[0]!;
    }

    // --- People and places, written straight to the database.
    const owners = await Promise.all(Array.from({ length: 4 }, () => insertUser(db)));
    const spaces = await Promise.all(owners.flatMap((owner) => [insertSpace(db, owner.id), insertSpace(db, owner.id)]));
    const renters = await Promise.all(Array.from({ length: 10 }, () => insertUser(db)));
    const talkers = await Promise.all(Array.from({ length: 6 }, () => insertUser(db)));
    const renterCookies = await Promise.all(renters.map((renter) => login(renter.email)));
    const talkerCookies = await Promise.all(talkers.map((talker) => login(talker.email)));

    // --- Live sockets: each talker keeps one open through the proxy, reconnecting when it closes.
    interface Connection {
      opened: number;
      closed: number | null;
      counts: Map<string, number>;
    }
    const connections = new Map<string, Connection[]>(talkers.map((talker) => [talker.id, []]));
    let stopSockets = false;
    const wsUrl = base.replace(/^http/, 'ws') + '/ws';
    const keepSocket = async (userId: string, cookie: string) => {
      while (!stopSockets) {
        const connection: Connection = { opened: Infinity, closed: null, counts: new Map() };
        await new Promise<void>((resolve) => {
          const ws = new WebSocket(wsUrl, { headers: { cookie, origin } });
          ws.on('open', () => {
            connection.opened = Date.now() - loadStart;
            connections.get(userId)!.push(connection);
          });
          ws.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { id: string; receiverId: string } };
            if (event.type === 'new_message' && event.message?.receiverId === userId)
              connection.counts.set(event.message.id, (connection.counts.get(event.message.id) ?? 0) + 1);
          });
          const finish = () => {
            connection.closed = Date.now() - loadStart;
            clearInterval(watch);
            resolve();
          };
          ws.on('close', finish);
          ws.on('error', () => undefined);
          const watch = setInterval(() => {
            if (stopSockets) ws.close();
          }, 200);
        });
        if (!stopSockets) await sleep(300);
      }
    };

    // --- The load.
    loadStart = Date.now();
    const until = loadStart + LOAD_MS;
    const confirmed = new Map<string, { spaceId: string }>();
    let conflicts = 0;
    let bookingAttempts = 0;
    const bookingLoop = async (cookie: string) => {
      // Within the hourly limit of holds per renter.
      for (let attempt = 0; attempt < 25 && Date.now() < until; attempt++) {
        bookingAttempts++;
        const space = pick(spaces);
        const start = 10 + Math.floor(Math.random() * 60);
        const dates = { startDate: futureDate(start), endDate: futureDate(start + 1 + Math.floor(Math.random() * 3)) };
        const hold = await call(
          'POST',
          '/api/create-booking-payment-intent',
          { spaceId: space.id, bookingDetails: dates, agreementVersion: AGREEMENT_VERSION },
          cookie,
        );
        if (hold.status === 409) conflicts++;
        if (hold.status !== 200) {
          await sleep(400);
          continue;
        }
        const { clientSecret, amount, paymentIntentId } = hold.json as { clientSecret: string; amount: string; paymentIntentId: string };
        const card = { cardNumber: '4242 4242 4242 4242', expiry: futureCardExpiry(), cvc: '123' };
        const paid = await retried('POST', '/api/demo-payments/confirm', { clientSecret, ...card }, cookie);
        if (paid.status !== 200) continue;
        const booking = await retried(
          'POST',
          '/api/bookings',
          { spaceId: space.id, ...dates, totalPrice: amount, status: 'confirmed', paymentIntentId },
          cookie,
        );
        if ((booking.status === 201 || booking.status === 200) && booking.json?.status === 'confirmed')
          confirmed.set(booking.json.id as string, { spaceId: space.id });
        await sleep(400);
      }
    };

    const acknowledged: Array<{ id: string; content: string; receiverId: string; at: number }> = [];
    const unacknowledged: string[] = [];
    const messageLoop = async (index: number) => {
      const receiver = talkers[index ^ 1]!;
      while (Date.now() < until) {
        const content = `cluster ${randomUUID()}`;
        const at = Date.now() - loadStart;
        const sent = await call('POST', '/api/messages', { receiverId: receiver.id, content }, talkerCookies[index]);
        if (sent.status === 201) acknowledged.push({ id: sent.json.id as string, content, receiverId: receiver.id, at });
        else unacknowledged.push(content);
        // Within the 60 messages a minute a sender may send.
        await sleep(2_000);
      }
    };

    const signups: Array<{ email: string; id: string }> = [];
    const signupLoop = async () => {
      while (Date.now() < until) {
        const email = `cluster-${randomUUID().slice(0, 12)}@example.com`;
        const answer = await call('POST', '/api/register', {
          firstName: 'Ada',
          lastName: 'Cluster',
          email,
          password: 'Granite-Orchid-Lantern-5521',
          acceptedTerms: true,
          userType: 'both',
        });
        if (answer.status === 201) signups.push({ email, id: answer.json.user?.id ?? answer.json.id });
        await sleep(1_500);
      }
    };

    const chaos = async () => {
      await sleep(KILL_AT_MS);
      const killed = cluster.signal(0, 'SIGKILL');
      await sleep(TERM_AT_MS - KILL_AT_MS);
      const stopped = cluster.signal(1, 'SIGTERM');
      await killed;
      const back0 = cluster.restart(0);
      await stopped;
      const back1 = cluster.restart(1);
      await Promise.all([back0, back1]);
      return Date.now() - loadStart;
    };

    const sockets = talkers.map((talker, i) => keepSocket(talker.id, talkerCookies[i]!));
    await sleep(1_000);
    const [restartedAt] = await Promise.all([
      chaos(),
      ...renterCookies.map((cookie) => bookingLoop(cookie)),
      ...talkers.map((_, i) => messageLoop(i)),
      signupLoop(),
    ]);
    // Let the last live events arrive, then close the sockets.
    await sleep(2_000);
    stopSockets = true;
    await Promise.all(sockets);

    // --- The error rate seen by clients.
    const during = requests.filter((r) => r.at >= KILL_AT_MS && r.at <= restartedAt);
    const rate = (list: typeof requests) => (list.length ? list.filter((r) => r.failed).length / list.length : 0);
    console.log(
      `cluster: ${requests.length} requests, ${(rate(requests) * 100).toFixed(2)}% failed overall; ` +
        `${during.length} between the SIGKILL (${(KILL_AT_MS / 1000).toFixed(0)} s) and both restarts (${(restartedAt / 1000).toFixed(1)} s), ` +
        `${(rate(during) * 100).toFixed(2)}% of them failed (${during.filter((r) => r.failed).length}); ` +
        `${bookingAttempts} booking attempts, ${confirmed.size} confirmed, ${conflicts} refused as overlapping; ` +
        `${acknowledged.length} messages (${unacknowledged.length} unacknowledged); ${signups.length} sign-ups`,
    );
    if (process.env.CLUSTER_DEBUG) {
      const failures = new Map<string, number>();
      for (const r of requests.filter((r) => r.failed)) {
        const key = `${Math.floor(r.at / 5000) * 5}s ${r.what}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      console.log([...failures].map(([k, v]) => `${k}: ${v}`).join('\n'));
      for (const i of cluster.instances) console.log(`--- ${i.name}\n${i.output.slice(-3000)}`);
    }
    expect(confirmed.size).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(30);
    expect(signups.length).toBeGreaterThan(10);
    expect(rate(requests)).toBeLessThan(0.05);

    // --- Bookings: none lost, none overlapping.
    const rows = async <Row>(query: ReturnType<typeof sql>) => {
      const result = await db.execute(query);
      return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Row[];
    };
    const confirmedIds = [...confirmed.keys()];
    const stored = await rows<{ id: string; status: string }>(
      sql`select id, status from bookings where id in (${sql.join(
        confirmedIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(
      stored
        .filter((row) => row.status === 'confirmed')
        .map((row) => row.id)
        .sort(),
    ).toEqual(confirmedIds.sort());
    const overlaps = await rows<{ a: string; b: string }>(sql`
      select a.id as a, b.id as b from bookings a join bookings b
        on a.space_id = b.space_id and a.id < b.id
       and tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)
     where a.status in ('awaiting_payment', 'pending', 'confirmed') and b.status in ('awaiting_payment', 'pending', 'confirmed')`);
    expect(overlaps).toEqual([]);

    // --- Payments: after a reconciliation pass, none paid without its booking confirmed or refunded.
    const { reconcileBookings } = await import('../../src/server/bookings/reconciliation');
    const { DemoPaymentProvider } = await import('../../src/server/payments/demo-provider');
    await reconcileBookings(db, new DemoPaymentProvider(db));
    const stranded = await rows<{ id: string; status: string; payment_status: string }>(sql`
      select b.id, b.status, b.payment_status from bookings b
        join payments p on p.id = b.payment_id
        join demo_payment_intents i on i.id = p.stripe_payment_intent_id
       where i.status = 'succeeded' and b.status <> 'confirmed' and i.amount_refunded < i.amount`);
    expect(stranded).toEqual([]);

    // --- Messages: stored once each; delivered once to each socket that stayed open over them; all fetched.
    const contents = await rows<{ content: string; copies: number }>(sql`
      select content, count(*)::int as copies from messages where content like 'cluster %' group by content having count(*) > 1`);
    expect(contents).toEqual([]);
    for (const [userId, list] of connections) {
      for (const connection of list) for (const [id, count] of connection.counts) expect(count, `message ${id} to ${userId}`).toBe(1);
    }
    let deliveredLive = 0;
    for (const message of acknowledged) {
      const open = connections
        .get(message.receiverId)!
        .filter((c) => c.opened < message.at - 200 && c.closed !== null && c.closed > message.at + 3_000);
      for (const connection of open) {
        expect(connection.counts.get(message.id), `message ${message.id} on a socket open over it`).toBe(1);
        deliveredLive++;
      }
    }
    expect(deliveredLive).toBeGreaterThan(acknowledged.length / 2);
    for (const [index, talker] of talkers.entries()) {
      const fetched = await retried('GET', `/api/users/${talker.id}/messages?limit=500`, undefined, talkerCookies[index]!);
      const ids = new Set((fetched.json as Array<{ id: string }>).map((m) => m.id));
      for (const message of acknowledged.filter((m) => m.receiverId === talker.id)) expect(ids.has(message.id)).toBe(true);
    }

    // --- Emails: each sign-up's welcome email kept once, no email job failed (waiting for the queue to drain).
    // A run the SIGKILL cut off stays active until its time limit (5 minutes), then runs again on
    // another instance: such jobs are counted apart, their emails sent at most once so far.
    const emailQueues = sql`('send-account-email', 'send-notification-email')`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [waiting] = await rows<{ count: number }>(sql`
        select count(*)::int as count from pgboss.job where name in ${emailQueues}
           and (state in ('created', 'retry') or (state = 'active' and started_on > now() - interval '15 seconds'))`);
      if (waiting!.count === 0 || Date.now() > deadline) break;
      await sleep(500);
    }
    const [failedJobs] = await rows<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job where name in ${emailQueues} and state = 'failed'`,
    );
    expect(failedJobs!.count).toBe(0);
    const cutOff = await rows<{ email: string | null }>(sql`
      select u.email from pgboss.job j
        left join notifications n on n.id = (j.data->>'notificationId')::uuid
        left join users u on u.id = n.user_id
       where j.name in ${emailQueues} and j.state = 'active'`);
    const cutOffEmails = new Set(cutOff.map((row) => row.email));
    if (cutOff.length) console.log(`cluster: ${cutOff.length} email job(s) cut off by the SIGKILL, to run again after their time limit`);
    const welcome = await rows<{ email: string; mails: number }>(sql`
      select u.email, count(m.id)::int as mails from users u
        left join mail_messages m on m.user_id = u.id and m.status = 'kept'
       where u.email like 'cluster-%@example.com' group by u.email`);
    const mails = new Map(welcome.map((row) => [row.email, row.mails]));
    for (const signup of signups) {
      if (cutOffEmails.has(signup.email)) expect(mails.get(signup.email) ?? 0, signup.email).toBeLessThanOrEqual(1);
      else expect(mails.get(signup.email), signup.email).toBe(1);
    }
    const doubled = await rows<{ notification_id: string }>(
      sql`select notification_id from mail_messages where notification_id is not null group by notification_id having count(*) > 1`,
    );
    expect(doubled).toEqual([]);
  }, 300_000);
});
