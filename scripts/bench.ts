/**
 * `npm run bench`: throughput of the search and space routes on a large
 * generated database (docs/performance.md), printed as JSON. Speed is a benchmark, never
 * a timed test (docs/architecture.md#tests).
 *
 * - Data: the demo seed's deterministic generator (`buildDemoSpaces(n)`), n =
 *   BENCH_SPACES: 100,000 on PostgreSQL (a fresh database created on the
 *   server of BENCH_DATABASE_URL and dropped afterwards), 10,000 on the
 *   embedded PGlite (the default). Inserted in multi-row batches.
 * - Server: the app, in this process, on 127.0.0.1 only, plus two reference
 *   routes on the same app: `/__bench/hello` (hello-world JSON) and
 *   `/__bench/pk/:id` (a bare primary-key lookup on the same pool, no Drizzle).
 * - Load: autocannon in a separate process (so it does not share the
 *   server's event loop), BENCH_CONNECTIONS (50) connections for
 *   BENCH_DURATION (10) seconds per route. Each app route runs between two
 *   primary-key runs; its ratio is its req/s over their mean. BENCH_ROUNDS
 *   rounds (default 1); with more, each figure is the median of the rounds.
 * - Varied searches: BENCH_VARIED_SEARCHES (200) different search URLs as people make them (places of
 *   the seed, types, prices, amenities, equipment, dates and times, sorts, second pages; dealt the same
 *   way every run by scripts/bench-varied.ts), cycled by autocannon (scripts/bench-cycle.mjs) as one
 *   more route with its ratio; and each asked once, one after another (p50, p90, worst, the slowest).
 * - Bookings: BENCH_BOOKINGS (200; 20 in smoke) bookings made as the client makes them, by 10
 *   renters at once on instant-book daily spaces: the hold (`POST
 *   /api/create-booking-payment-intent`), the demo card payment, and the confirmation (`POST
 *   /api/bookings`, which also writes the notifications and enqueues their emails and the
 *   reminder in its transaction). The hold's and the confirmation's latencies are reported.
 * - Earnings: BENCH_EARNINGS (3) requests, one after another, of the demo owner's Earnings tab
 *   (`GET /api/users/{id}/earnings`, its default range: 15 months of stays, payouts and each space's
 *   occupancy), after one to warm up: latencies, as the owner waits for the tab. Not under load: the
 *   route allows 60 requests a minute per user. The owner's spaces grow with BENCH_SPACES (21 of the
 *   178 that `npm start` seeds, 34 of the smoke's 300, 1,120 of 10,000), and occupancy is counted
 *   day by day for each: at 10,000 a request takes seconds.
 * - Mail: BENCH_MAILS (1,000; 100 in smoke) notification emails queued at once and sent by the
 *   app's job workers over SMTP to a local SMTP server (smtp-server, in this process): mails per
 *   second from the commit to the last one received; meanwhile BENCH_MAIL_RESETS (20; 5 in smoke)
 *   "Forgot password?" requests, one every 250 ms, each timed from the request to its reset email
 *   received (account mail has a queue of its own: target p99 under 5 s).
 * - Calendar sync: BENCH_FEEDS (10,000; 50 in smoke) imported calendars read by the sync job's sweeps
 *   from a local feed server on BENCH_FEED_HOSTS (4) loopback hosts (scripts/bench-feeds.ts): the first
 *   read of every feed, a pass with BENCH_FEEDS_CHANGED (0.1) of them changed and the rest answering
 *   304, and a pass of 304s only: feeds per second, and database time per feed (PGlite: its query
 *   execution; PostgreSQL: the pool's query durations, and its local backends' CPU).
 * - Taken time: BENCH_SEED_BOOKINGS (5 per space: 500,000 at 100,000 spaces) confirmed bookings
 *   inserted in SQL before the load, each space's spread over the next two weeks (hours and
 *   sessions two hours with the listing's buffer, days and months a whole day), so the
 *   `availableOn` routes (search by availability) find some spaces taken on their date.
 * - BENCH_ONLY=<regex>: only the routes whose name matches (for profiling one route).
 * - BENCH_KEEP_DATABASE=1 (PostgreSQL): the seeded database is kept, not dropped, and its URL
 *   logged, for EXPLAIN ANALYZE; BENCH_REUSE_DATABASE=<its URL> runs on it again (migrated, not
 *   seeded again; its seeded bookings are dated from the day it was seeded).
 * - BENCH_SMOKE=1: 300 spaces on PGlite, 1 s a route (CI runs it so the
 *   benchmark cannot rot).
 * - BENCH_CPU=<n>: instead of the load, CPU time per request of each route: n requests over
 *   BENCH_CONNECTIONS (here 10) connections (after n/5 to warm up, named statements' generic plans
 *   included), the app's process CPU
 *   (`process.cpuUsage`: Node, and PGlite inside it) and, on a local PostgreSQL, its backends' CPU
 *   (`/proc/<pid>/schedstat`), each in µs per request, medians of BENCH_ROUNDS rounds, and `cpuRatio`,
 *   the primary key's CPU over the route's. On a shared machine these hold better than req/s do.
 *
 * Output (stdout): `{ database, spaces, seededBookings, connections, durationSeconds, rounds,
 * helloWorld, primaryKey, routes: { [name]: { requestsPerSecond, p50Ms,
 * p99Ms, ratio, non2xx, errors } }, variedSearchesOneAtATime: { p50Ms, p90Ms, maxMs, slowest }, bookings: { count, concurrency, hold: { p50Ms,
 * p99Ms }, confirmation: { p50Ms, p99Ms } }, earnings: { ownerSpaces, requests, p50Ms, maxMs },
 * mail: { notifications, seconds, mailsPerSecond,
 * smtpConnections, reset: { count, p50Ms, p99Ms, maxMs } }, feeds: { count, hosts, first: { seconds,
 * feedsPerSecond, dbMsPerFeed, dbCpuMsPerFeed }, mixed: { changed, notModified, ...the same },
 * unchanged: { msPerFeed, ...the same }, eventsImported } }`; progress goes to stderr.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/app';
import { AGREEMENT_VERSION } from '../src/shared/constants';
import { hashPassword } from '../src/server/auth/service';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { sendAccountEmailJob, sendNotificationEmailJob } from '../src/server/jobs/catalog';
import { completeWaitingJobs, prepareDatabase } from '../src/server/jobs/queue';
import { notify } from '../src/server/notifications/notify';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { seedDemoData, writeBookedDays } from '../src/server/seed/seed-demo-data';
import { rebuildStaleSpaceDays } from '../src/server/schedules/space-days-sweep';
import { loadEnvironment } from '../src/server/environment';
import { DEMO_PASSWORD, demoUsers } from '../src/server/seed/demo-users';
import { variedSearches, variedSearchPaths } from './bench-varied';
import { backendCpu, backendCpuBetween } from './bench-backend-cpu';
import { benchFeeds } from './bench-feeds';

const environment = loadEnvironment({ LOG_LEVEL: 'silent' }); // reads .env first, so BENCH_* may come from it too
const smoke = ['1', 'true'].includes(process.env.BENCH_SMOKE ?? '');
const reuseUrl = smoke ? undefined : process.env.BENCH_REUSE_DATABASE || undefined;
const serverUrl = smoke || reuseUrl ? undefined : process.env.BENCH_DATABASE_URL || undefined;
const keepDatabase = ['1', 'true'].includes(process.env.BENCH_KEEP_DATABASE ?? '');
const spaceCount = Number(process.env.BENCH_SPACES || (smoke ? 300 : serverUrl || reuseUrl ? 100_000 : 10_000));
const duration = Number(process.env.BENCH_DURATION || (smoke ? 1 : 10));
const cpuRequests = Number(process.env.BENCH_CPU || 0);
// The CPU figures (BENCH_CPU) are taken at 10 connections: enough for requests to overlap as under load.
const connections = Number(process.env.BENCH_CONNECTIONS || (cpuRequests ? 10 : 50));
const rounds = Number(process.env.BENCH_ROUNDS || 1);
const bookingCount = Number(process.env.BENCH_BOOKINGS || (smoke ? 20 : 200));
const seededBookings = Number(process.env.BENCH_SEED_BOOKINGS || spaceCount * 5);
const earningsCount = Number(process.env.BENCH_EARNINGS || 3);
const mailCount = Number(process.env.BENCH_MAILS || (smoke ? 100 : 1000));
const mailResets = Number(process.env.BENCH_MAIL_RESETS || (smoke ? 5 : 20));
const feedCount = Number(process.env.BENCH_FEEDS || (smoke ? 50 : 10_000));
const feedHosts = Number(process.env.BENCH_FEED_HOSTS || 4);
const feedsChanged = Number(process.env.BENCH_FEEDS_CHANGED ?? 0.1);
const BOOKING_RENTERS = 10;
const HOST = '127.0.0.1';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const CYCLE = path.join(path.dirname(new URL(import.meta.url).pathname), 'bench-cycle.mjs');
/** Searches in the varied load (scripts/bench-varied.ts). */
const VARIED_SEARCHES = Number(process.env.BENCH_VARIED_SEARCHES || 200);

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run in its own process against `url` (always on 127.0.0.1); with `cycle` (a JSON file
 * written by {@link cycleFile}), every request takes the next of its paths (scripts/bench-cycle.mjs).
 */
function load(url: string, headers: Record<string, string> = {}, amount?: number, cycle?: string): Promise<Run> {
  if (new URL(url).hostname !== HOST) throw new Error(`The benchmark only loads ${HOST}, not ${url}`);
  const args = cycle
    ? [CYCLE, cycle, ...(amount ? [String(amount)] : [])]
    : [AUTOCANNON, '--json', ...(amount ? ['-c', '1', '-a', String(amount)] : ['-c', String(connections), '-d', String(duration)])];
  if (!cycle) for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (!cycle) args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
/** The value below which `share` (0..1) of `values` lie (nearest rank). */
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
};

/**
 * CPU time per request (µs) of `count` requests of `url` (BENCH_CONNECTIONS at once): the app's process (Node, and PGlite
 * inside it) and PostgreSQL's backends (null when not local; a backend gone between the two readings is left out).
 */
async function cpuPerRequest(db: DatabaseHandle, url: string, headers: Record<string, string> | undefined, count: number, cycle?: string) {
  await load(url, headers, Math.max(10, Math.round(count / 5)), cycle);
  const backendsBefore = await backendCpu(db);
  const before = process.cpuUsage();
  const run = await load(url, headers, count, cycle);
  const node = process.cpuUsage(before);
  const backendsAfter = await backendCpu(db);
  const backends = backendCpuBetween(backendsBefore, backendsAfter);
  if (run.non2xx || run.errors) throw new Error(`${url}: ${run.non2xx} non-2xx answers, ${run.errors} errors`);
  return {
    nodeUs: (node.user + node.system) / count,
    nodeSystemUs: node.system / count,
    databaseUs: backends === null ? null : backends / count,
  };
}

/** Writes the varied load's run (scripts/bench-cycle.mjs) to a JSON file in `dir`; returns its path. */
function cycleFile(dir: string, address: string, paths: readonly string[]): string {
  const file = path.join(dir, 'varied-searches.json');
  writeFileSync(file, JSON.stringify({ url: address, paths, connections, duration }));
  return file;
}

/**
 * Each of `paths` asked once, one after another (after a first pass to warm up, as the load's counts and
 * statements are): the median and worst latency and the slowest paths, as a person alone on the site waits.
 */
async function oneAtATime(address: string, paths: readonly string[]) {
  const timed: { path: string; ms: number }[] = [];
  for (let pass = 0; pass < 2; pass++) {
    for (const searchPath of paths) {
      const started = performance.now();
      const response = await fetch(`${address}${searchPath}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${searchPath} answered ${response.status}`);
      if (pass === 1) timed.push({ path: searchPath, ms: round(performance.now() - started, 1) });
    }
  }
  const latencies = timed.map((entry) => entry.ms);
  return {
    p50Ms: round(percentile(latencies, 0.5), 1),
    p90Ms: round(percentile(latencies, 0.9), 1),
    maxMs: Math.max(...latencies),
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3),
  };
}

/** A calendar date `days` from today, YYYY-MM-DD (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Inserts up to `count` confirmed bookings in one statement: the same number on every space (the
 * newest first when it does not divide), 3 days apart from tomorrow on (so a date of the next two
 * weeks finds about a third of the spaces booked): for hours and sessions 14:00 UTC (morning in
 * the US), two hours with the listing's buffer; otherwise a whole day as the app books one, from the
 * space's local midnight to the next. One that would overlap a booking of
 * the demo seed is skipped (the exclusion constraint, ON CONFLICT DO NOTHING).
 */
async function seedBookings(db: DatabaseHandle, count: number, spaces: number): Promise<number> {
  if (count <= 0) return 0;
  const perSpace = Math.ceil(count / spaces);
  const [inserted] = await db.query<{ n: number }>(
    `WITH renter AS (SELECT id FROM users ORDER BY created_at LIMIT 1),
     space AS (SELECT id, price_period, schedule, time_zone, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM medical_spaces),
     made AS (
       INSERT INTO bookings (space_id, renter_id, start_at, end_at, buffer_minutes, total_price, platform_fee_amount, status)
       SELECT space.id, renter.id, slot.start_at, slot.end_at,
         CASE WHEN space.price_period IN ('hourly', 'session') THEN coalesce((space.schedule ->> 'bufferMinutes')::int, 0) ELSE 0 END,
         100, 0, 'confirmed'
       FROM space CROSS JOIN renter CROSS JOIN generate_series(0, $1::int - 1) AS j
       CROSS JOIN LATERAL (SELECT (1 + j * 3 + space.n % 3)::int AS days) AS ahead
       CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE space.time_zone)::date + ahead.days AS day) AS local
       CROSS JOIN LATERAL (
         SELECT date_trunc('day', now()) + ahead.days * interval '1 day' + interval '14 hours' AS start_at,
           date_trunc('day', now()) + ahead.days * interval '1 day' + interval '16 hours' AS end_at
         WHERE space.price_period IN ('hourly', 'session')
         UNION ALL
         SELECT local.day::timestamp AT TIME ZONE space.time_zone, (local.day + 1)::timestamp AT TIME ZONE space.time_zone
         WHERE space.price_period NOT IN ('hourly', 'session')
       ) AS slot
       ORDER BY space.n, j
       LIMIT $2
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM made`,
    [perSpace, count],
  );
  return inserted?.n ?? 0;
}

/**
 * Makes `count` bookings as the client does, BOOKING_RENTERS renters at once, each on its own
 * instant-book daily space on dates of its own; returns each step's latencies in milliseconds.
 */
async function benchBookings(address: string, db: DatabaseHandle, count: number) {
  const spaces = await db.query<{ id: string }>(
    // Spaces without a schedule, closures or bookings from the 30th day on (the demo seed's), so that no weekday, notice,
    // horizon, holiday or booking refuses the dates,
    // and without an insurance requirement (the bench's renters hold no certificate); the seeded order (created_at, distinct for
    // every seeded space), not the random ids, chooses among them, so every run books the same spaces.
    "SELECT id FROM medical_spaces WHERE instant_book AND price_period = 'daily' AND active AND schedule IS NULL AND NOT requires_insurance AND NOT EXISTS (SELECT 1 FROM space_blocked_dates b WHERE b.space_id = medical_spaces.id) AND NOT EXISTS (SELECT 1 FROM bookings k WHERE k.space_id = medical_spaces.id AND k.end_at > now() + interval '29 days') AND (available_from IS NULL OR available_from < now() + interval '20 days') AND (available_to IS NULL OR available_to > now() + interval '1 year') ORDER BY created_at DESC, id LIMIT $1",
    [BOOKING_RENTERS],
  );
  if (spaces.length < BOOKING_RENTERS) throw new Error('Not enough instant-book daily spaces for the booking benchmark');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hold: number[] = [];
  const confirmation: number[] = [];
  const post = async (path: string, cookie: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${address}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: address },
      body: JSON.stringify(body),
    });
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return { body: (await response.json()) as Record<string, string>, elapsed };
  };
  await Promise.all(
    spaces.map(async (space, renter) => {
      const email = `bench-renter-${renter}-${Date.now()}@clinicshare.example`;
      await db.query(`INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Bench', 'Renter')`, [
        email,
        passwordHash,
      ]);
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: address },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      if (!login.ok || !cookie) throw new Error(`Bench renter login failed: ${login.status}`);
      for (let i = renter; i < count; i += BOOKING_RENTERS) {
        const day = 30 + 2 * Math.floor(i / BOOKING_RENTERS);
        const dates = { startDate: dayFromNow(day), endDate: dayFromNow(day + 1) };
        const intent = await post('/api/create-booking-payment-intent', cookie, {
          spaceId: space.id,
          bookingDetails: dates,
          agreementVersion: AGREEMENT_VERSION,
        });
        hold.push(intent.elapsed);
        const card = {
          cardNumber: '4242 4242 4242 4242',
          expiry: `12 / ${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
          cvc: '123',
        };
        await post('/api/demo-payments/confirm', cookie, { clientSecret: intent.body.clientSecret, ...card });
        const booked = await post('/api/bookings', cookie, {
          spaceId: space.id,
          ...dates,
          totalPrice: intent.body.amount,
          status: 'confirmed',
          paymentIntentId: intent.body.paymentIntentId,
        });
        confirmation.push(booked.elapsed);
      }
    }),
  );
  const figures = (values: number[]) => ({ p50Ms: round(percentile(values, 0.5), 1), p99Ms: round(percentile(values, 0.99), 1) });
  return { count, concurrency: BOOKING_RENTERS, hold: figures(hold), confirmation: figures(confirmation) };
}

/**
 * The demo owner's Earnings tab: `count` requests of GET /api/users/{id}/earnings one after another
 * (after one to warm up), each timed from the request to the whole answer.
 */
async function benchEarnings(address: string, db: DatabaseHandle, count: number) {
  const email = demoUsers.find((user) => user.key === 'owner')!.email;
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!login.ok || !cookie) throw new Error(`Demo owner login failed: ${login.status}`);
  const { id } = (await login.json()) as { id: string };
  const [spaces] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM medical_spaces WHERE owner_id = $1', [id]);
  const latencies: number[] = [];
  for (let i = 0; i <= count; i++) {
    const started = performance.now();
    const response = await fetch(`${address}/api/users/${id}/earnings`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/users/{id}/earnings answered ${response.status}`);
    await response.arrayBuffer();
    if (i > 0) latencies.push(performance.now() - started);
  }
  return {
    ownerSpaces: spaces?.n ?? 0,
    requests: count,
    p50Ms: round(percentile(latencies, 0.5), 1),
    maxMs: round(Math.max(...latencies), 1),
  };
}

/**
 * The mail figures: `count` notification emails queued in one transaction and sent by an app with
 * its job workers (as `npm start` runs them) to a local SMTP server, while `resets` password resets
 * are asked for, one every 250 ms. Returns mails per second and each reset's time to the inbox.
 */
async function benchMail(db: DatabaseHandle, dataDir: string, count: number, resets: number) {
  const received = new Map<string, number[]>(); // recipient -> arrival times (performance.now())
  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, [...(received.get(rcpt.address) ?? []), at]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, HOST, resolve));
  const smtpUrl = `smtp://${HOST}:${(smtp.server.address() as AddressInfo).port}`;
  // The bookings' emails (and any other) waiting from the runs before are not part of this figure.
  for (const queue of [sendNotificationEmailJob, sendAccountEmailJob]) await completeWaitingJobs(db.db, queue, { skipped: 'benchmark' });
  const config = {
    ...environment,
    dataDir,
    passwordResetsPerAccount: 1000,
    passwordResetsPerAddress: 1000,
    mail: { ...environment.mail, smtpUrl },
  };
  const app = await buildApp({ config, db: db.db, jobs: { handle: db } });
  const address = await app.listen({ host: HOST, port: 0 });
  const arrivals = (email: string) => received.get(email) ?? [];
  const waitUntil = async (what: string, done: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`mail: timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const stamp = Date.now();
    const user = async (name: string) => {
      const email = `bench-${name}-${stamp}@clinicshare.example`;
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Bench', 'Mail') RETURNING id`,
        [email, passwordHash],
      );
      return { id: row!.id, email };
    };
    const forgot = (email: string) =>
      fetch(`${address}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: address },
        body: JSON.stringify({ email }),
      }).then((response) => {
        if (response.status !== 202) throw new Error(`forgot-password answered ${response.status}`);
      });
    const tell = (userId: string, howMany: number) =>
      db.db.transaction(async (tx) => {
        for (let i = 1; i <= howMany; i++) {
          await notify(tx, { userId, kind: 'booking_confirmed', title: `Booking confirmed: Exam Room ${i}`, body: 'See you soon.' });
        }
      });
    // A running server: its mail code loaded and its SMTP connections open.
    const warm = await user('mail-warm-up');
    await tell(warm.id, 1);
    await forgot(warm.email);
    await waitUntil('the warm-up emails', () => arrivals(warm.email).length >= 2, 120_000);

    const recipient = await user('mail-burst');
    const resetUsers = await Promise.all(Array.from({ length: resets }, (_, i) => user(`mail-reset-${i}`)));
    await tell(recipient.id, count);
    const queuedAt = performance.now();
    const asked: number[] = [];
    for (const resetUser of resetUsers) {
      asked.push(performance.now());
      await forgot(resetUser.email);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await waitUntil(`${count} notification emails`, () => arrivals(recipient.email).length >= count, 600_000);
    await waitUntil(`${resets} reset emails`, () => resetUsers.every((resetUser) => arrivals(resetUser.email).length > 0), 120_000);
    const seconds = (Math.max(...arrivals(recipient.email)) - queuedAt) / 1000;
    const resetMs = resetUsers.map((resetUser, i) => arrivals(resetUser.email)[0]! - asked[i]!);
    return {
      notifications: count,
      seconds: round(seconds, 2),
      mailsPerSecond: round(count / seconds, 1),
      smtpConnections: config.mail.maxConnections,
      reset: {
        count: resets,
        p50Ms: round(percentile(resetMs, 0.5), 1),
        p99Ms: round(percentile(resetMs, 0.99), 1),
        maxMs: round(Math.max(...resetMs), 1),
      },
    };
  } finally {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bench-'));
  const server = serverUrl ? await createScratchDatabase(serverUrl, 'clinicshare_bench') : null;
  let database: DatabaseHandle | undefined;
  try {
    // The pool matches the app's default (10 connections), for the app and the ceiling alike.
    const url = reuseUrl ?? server?.url;
    database = await openDatabase({ url, dataDir: url ? undefined : dataDir });
    await prepareDatabase(database);
    let taken: number;
    if (reuseUrl) {
      const [existing] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM bookings WHERE status = 'confirmed'");
      taken = existing?.n ?? 0;
      // A database seeded before a migration that left the stored days to write: written now, as the app's start does.
      const rebuilt = await rebuildStaleSpaceDays(database.db);
      await database.query('VACUUM ANALYZE medical_spaces');
      await database.query('VACUUM ANALYZE space_days');
      log(`${database.kind}: reusing ${reuseUrl} (${taken} confirmed bookings; stored days written for ${rebuilt} spaces)`);
    } else {
      const seedStart = Date.now();
      await seedDemoData(database.db, { spaces: spaceCount });
      // As autovacuum leaves a settled table (PGlite has no autovacuum: its visibility map is set here), the
      // spaces' location words (written by their triggers) too.
      await database.query('VACUUM ANALYZE medical_spaces');
      await database.query('VACUUM ANALYZE space_location_words');
      await database.query('VACUUM ANALYZE location_vocabulary');
      log(`${database.kind}: ${spaceCount} spaces seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
      const bookingsStart = Date.now();
      taken = await seedBookings(database, seededBookings, spaceCount);
      const daysStart = Date.now();
      // What search by availability reads of the dates they hold, as the app writes it (schedules/space-days.ts).
      await writeBookedDays(database.db);
      await database.query('VACUUM ANALYZE bookings');
      await database.query('VACUUM ANALYZE space_days');
      log(
        `${database.kind}: ${taken} bookings seeded in ${((daysStart - bookingsStart) / 1000).toFixed(1)} s, their days written in ${((Date.now() - daysStart) / 1000).toFixed(1)} s`,
      );
    }
    if (server && keepDatabase) log(`kept database: ${server.url}`);

    const db = database;
    const app = await buildApp({ config: { ...environment, dataDir }, db: db.db });
    app.get('/__bench/hello', async () => ({ hello: 'world' }));
    app.get<{ Params: { id: string } }>(
      '/__bench/pk/:id',
      async (request) => (await db.query('SELECT * FROM medical_spaces WHERE id = $1', [request.params.id]))[0],
    );
    const address = await app.listen({ host: HOST, port: 0 });

    const [middle] = await db.query<{ id: string }>('SELECT id FROM medical_spaces ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1', [
      Math.floor(spaceCount / 2),
    ]);
    const spaceId = middle!.id;
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: demoUsers.find((user) => user.key === 'renter')?.email ?? demoUsers[0]!.email,
        password: DEMO_PASSWORD,
      }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`Demo login failed: ${login.status}`);
    const deepOffset = Math.min(5000, Math.floor(spaceCount / 2));
    const deepPage = await fetch(`${address}/api/spaces?limit=24&offset=${deepOffset - 24}`);
    const cursor = deepPage.headers.get('x-next-cursor');
    const availableOn = dayFromNow(4);

    // The varied load: searches people make, each URL asked in turn (scripts/bench-varied.ts).
    const variedPaths = await variedSearchPaths(address, variedSearches(VARIED_SEARCHES, dayFromNow(0)));
    const variedName = `varied searches (${variedPaths.length} URLs, cycled)`;
    const routes: Array<{ name: string; path: string; headers?: Record<string, string>; cycle?: string }> = [
      { name: 'GET /api/spaces', path: '/api/spaces' },
      { name: 'GET /api/spaces?location=TX&amenities=Parking', path: '/api/spaces?location=TX&amenities=Parking' },
      {
        name: 'GET /api/spaces?spaceType=Dental Suite&minPrice=100&maxPrice=400',
        path: '/api/spaces?spaceType=Dental%20Suite&minPrice=100&maxPrice=400',
      },
      { name: 'GET /api/spaces?location=Austin', path: '/api/spaces?location=Austin' },
      { name: `GET /api/spaces?limit=24&offset=${deepOffset}`, path: `/api/spaces?limit=24&offset=${deepOffset}` },
      ...(cursor
        ? [
            {
              name: `GET /api/spaces?limit=24&after=<cursor at ${deepOffset}>`,
              path: `/api/spaces?limit=24&after=${encodeURIComponent(cursor)}`,
            },
          ]
        : []),
      // The first request of /map (WORLD_VIEW), and the map beside a city's results on /search.
      { name: 'GET /api/spaces/map-points (world, zoom 4)', path: '/api/spaces/map-points?bbox=-180,-90,180,90&zoom=4' },
      {
        name: 'GET /api/spaces/map-points?location=Austin (zoom 11)',
        path: '/api/spaces/map-points?location=Austin&bbox=-98.0,30.1,-97.5,30.5&zoom=11',
      },
      // Search by availability: a date of the seeded bookings, any time, the morning, with a location, on the map.
      { name: 'GET /api/spaces?availableOn=<in 4 days>', path: `/api/spaces?availableOn=${availableOn}` },
      {
        name: 'GET /api/spaces?availableOn=<in 4 days>&availableFrom=08:00&availableTo=12:00',
        path: `/api/spaces?availableOn=${availableOn}&availableFrom=08:00&availableTo=12:00`,
      },
      {
        name: 'GET /api/spaces?location=Austin&availableOn=<in 4 days>&availableFrom=08:00&availableTo=12:00',
        path: `/api/spaces?location=Austin&availableOn=${availableOn}&availableFrom=08:00&availableTo=12:00`,
      },
      {
        name: 'GET /api/spaces/map-points?location=Austin&availableOn=<in 4 days>&availableFrom=08:00&availableTo=12:00 (zoom 11)',
        path: `/api/spaces/map-points?location=Austin&availableOn=${availableOn}&availableFrom=08:00&availableTo=12:00&bbox=-98.0,30.1,-97.5,30.5&zoom=11`,
      },
      { name: 'GET /api/spaces/{id}', path: `/api/spaces/${spaceId}` },
      { name: 'GET /api/spaces/{id} with a session cookie', path: `/api/spaces/${spaceId}`, headers: { cookie } },
      { name: variedName, path: variedPaths[0]!, cycle: cycleFile(dataDir, address, variedPaths) },
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    if (only) routes.splice(0, routes.length, ...routes.filter((route) => only.test(route.name)));
    for (const route of routes) {
      const response = await fetch(`${address}${route.path}`, { headers: route.headers });
      if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
    }

    let variedAlone: Awaited<ReturnType<typeof oneAtATime>> | undefined;
    if (routes.some((route) => route.cycle) && !cpuRequests) {
      variedAlone = await oneAtATime(address, variedPaths);
      log(`${variedName}, one at a time: p50 ${variedAlone.p50Ms} ms, p90 ${variedAlone.p90Ms} ms, worst ${variedAlone.maxMs} ms`);
    }

    if (cpuRequests > 0) {
      const references: typeof routes = [
        { name: 'hello world', path: '/__bench/hello' },
        { name: 'primary key', path: `/__bench/pk/${spaceId}` },
      ];
      const figures = new Map<string, Array<{ nodeUs: number; nodeSystemUs: number; databaseUs: number | null }>>();
      for (let r = 0; r < rounds; r++) {
        log(`CPU round ${r + 1} of ${rounds}, ${cpuRequests} requests a route`);
        for (const route of [...references, ...routes]) {
          const cpu = await cpuPerRequest(db, `${address}${route.path}`, route.headers, cpuRequests, route.cycle);
          figures.set(route.name, [...(figures.get(route.name) ?? []), cpu]);
          log(
            `${route.name}: Node ${round(cpu.nodeUs)} µs (system ${round(cpu.nodeSystemUs)}), database ${cpu.databaseUs === null ? '-' : round(cpu.databaseUs)} µs a request`,
          );
        }
      }
      await app.close();
      const medians = [...figures].map(([name, runs]) => {
        const databaseRuns = runs.map((run) => run.databaseUs).filter((value) => value !== null);
        const nodeUs = median(runs.map((run) => run.nodeUs));
        const databaseUs = databaseRuns.length ? median(databaseRuns) : null;
        return { name, nodeUs, databaseUs, totalUs: nodeUs + (databaseUs ?? 0) };
      });
      const primaryKeyUs = medians.find((route) => route.name === 'primary key')!.totalUs;
      // `cpuRatio`: the primary key's CPU per request (Node and database) over the route's, the ratio the load would
      // show if both were bound by CPU alone (autocannon's own share, the same per request, left out).
      const cpuSummary = Object.fromEntries(
        medians.map(({ name, nodeUs, databaseUs, totalUs }) => [
          name,
          { nodeUs: round(nodeUs), databaseUs: databaseUs === null ? null : round(databaseUs), cpuRatio: round(primaryKeyUs / totalUs, 2) },
        ]),
      );
      console.log(
        JSON.stringify(
          { database: db.kind, spaces: spaceCount, seededBookings: taken, requests: cpuRequests, rounds, cpuPerRequest: cpuSummary },
          null,
          2,
        ),
      );
      return;
    }

    const hello: Run[] = [];
    const ceiling: Run[] = [];
    const measured = new Map<string, Array<Run & { ratio: number }>>();
    for (let r = 0; r < rounds; r++) {
      log(`round ${r + 1} of ${rounds}`);
      hello.push(await load(`${address}/__bench/hello`));
      let before = await load(`${address}/__bench/pk/${spaceId}`);
      ceiling.push(before);
      for (const route of routes) {
        const run = await load(`${address}${route.path}`, route.headers, undefined, route.cycle);
        const after = await load(`${address}/__bench/pk/${spaceId}`);
        ceiling.push(after);
        const ratio = run.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2);
        measured.set(route.name, [...(measured.get(route.name) ?? []), { ...run, ratio }]);
        log(`${route.name}: ${round(run.requestsPerSecond)} req/s, p99 ${run.p99Ms} ms, ${ratio.toFixed(3)}x`);
        before = after;
      }
    }
    let bookingFigures: Awaited<ReturnType<typeof benchBookings>> | undefined;
    if (!only || only.test('bookings')) {
      log(`bookings: ${bookingCount} holds, payments and confirmations, ${BOOKING_RENTERS} at once`);
      bookingFigures = await benchBookings(address, db, bookingCount);
      log(`bookings: hold p99 ${bookingFigures.hold.p99Ms} ms, confirmation p99 ${bookingFigures.confirmation.p99Ms} ms`);
    }
    let earningsFigures: Awaited<ReturnType<typeof benchEarnings>> | undefined;
    if (!only || only.test('earnings')) {
      log(`earnings: ${earningsCount} requests of the demo owner's Earnings tab, one after another`);
      earningsFigures = await benchEarnings(address, db, earningsCount);
      log(`earnings: ${earningsFigures.ownerSpaces} spaces, p50 ${earningsFigures.p50Ms} ms, max ${earningsFigures.maxMs} ms`);
    }
    await app.close();
    let mailFigures: Awaited<ReturnType<typeof benchMail>> | undefined;
    if (!only || only.test('mail')) {
      log(`mail: ${mailCount} notification emails queued, ${mailResets} password resets asked for meanwhile`);
      mailFigures = await benchMail(db, dataDir, mailCount, mailResets);
      log(`mail: ${mailFigures.mailsPerSecond} mails/s, reset email p99 ${mailFigures.reset.p99Ms} ms`);
    }
    let feedFigures: Awaited<ReturnType<typeof benchFeeds>> | undefined;
    if (feedCount > 0 && (!only || only.test('feeds'))) {
      feedFigures = await benchFeeds(db, { count: feedCount, hosts: feedHosts, changedShare: feedsChanged, log });
    }

    const summary = (runs: Run[]) => ({
      requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond))),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    });
    const primaryKey = summary(ceiling);
    const result = {
      database: db.kind,
      spaces: spaceCount,
      seededBookings: taken,
      connections,
      durationSeconds: duration,
      rounds,
      cpus: os.cpus().length,
      helloWorld: { ...summary(hello), ratio: round(median(hello.map((run) => run.requestsPerSecond)) / primaryKey.requestsPerSecond, 2) },
      primaryKey,
      routes: Object.fromEntries(
        [...measured].map(([name, runs]) => [name, { ...summary(runs), ratio: round(median(runs.map((run) => run.ratio)), 3) }]),
      ),
      ...(variedAlone ? { variedSearchesOneAtATime: variedAlone } : {}),
      ...(bookingFigures ? { bookings: bookingFigures } : {}),
      ...(earningsFigures ? { earnings: earningsFigures } : {}),
      ...(mailFigures ? { mail: mailFigures } : {}),
      ...(feedFigures ? { feeds: feedFigures } : {}),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await database?.close();
    if (!keepDatabase) await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
