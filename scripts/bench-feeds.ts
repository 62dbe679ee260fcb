/**
 * The calendar sync step of `npm run bench` (scripts/bench.ts; docs/performance.md): BENCH_FEEDS imported
 * calendars (10,000; 50 in smoke) read by the sync job's sweep (`syncDueCalendarImports`, 200 feeds a
 * sweep, 8 at once, 2 per host) from a local feed server in this process.
 *
 * - Feeds: `space_calendar_imports` rows inserted in SQL batches of 1,000, feed n on the n-th seeded
 *   space (round the spaces again past their number), each at a path of its own. Each feed is a small
 *   iCalendar file of three busy events (three hours each) in the coming weeks, with an ETag; a request
 *   whose If-None-Match is the feed's ETag is answered 304.
 * - Hosts: BENCH_FEED_HOSTS (4) loopback addresses, 127.0.0.1 to 127.0.0.<n> (all of 127.0.0.0/8 is
 *   loopback on Linux and passes the SSRF guard with `allowLoopback`), one listening server each, the
 *   feeds dealt to them in turn. Four because the sweep reads at most two feeds of one host at once: four
 *   hosts are the fewest that let it read its eight at once, as it does when feeds come from a handful of
 *   providers (one host would measure the per-host limit, not the sync).
 * - Passes: `first` (every feed due and never read: each read in full, its busy times written with their
 *   stored days and conflicts), `mixed` (all made due again, BENCH_FEEDS_CHANGED (10%) of the feeds
 *   changed: the rest answer 304), `unchanged` (all due again, none changed: every feed a 304). Each pass
 *   runs sweeps until none is due; it fails the bench if a feed was not read.
 * - Database time (`dbMsPerFeed`): the time the pass spent in the database, over its feeds. On PGlite,
 *   the time inside its synchronous `execProtocolRawSync` (the WASM PostgreSQL running a query; PGlite
 *   runs one at a time, so time queued behind another feed's query is not counted, nor the flush to
 *   disk after it): the database's own work. On PostgreSQL, the pool's query durations (`stats.onQuery`,
 *   from sending each query to its answer, on every connection, so overlapping queries add up): the
 *   time the sync waits for the database, which also holds the round trip, waits for a lock (two feeds
 *   of one space) and this process's event loop while eight feeds run at once, so it is an upper
 *   bound. There `dbCpuMsPerFeed` is the database's own work: the CPU time of its backends
 *   (`/proc/<pid>/schedstat`, as BENCH_CPU reads it; null when PostgreSQL is not on this machine, and
 *   on PGlite, whose work is `dbMsPerFeed`). pg_stat_statements would need a server preloading it.
 *
 * Figures: `{ count, hosts, first: { seconds, feedsPerSecond, dbMsPerFeed, dbCpuMsPerFeed },
 * mixed: { changed, notModified, seconds, feedsPerSecond, dbMsPerFeed, dbCpuMsPerFeed }, unchanged: {
 * seconds, feedsPerSecond, msPerFeed, dbMsPerFeed, dbCpuMsPerFeed }, eventsImported }`
 * (`unchanged.msPerFeed`: the sweep's wall time per 304 feed, eight at once).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../src/server/db/client';
import { deleteFeed } from '../src/server/calendar-imports/busy-store';
import { syncDueCalendarImports, type FeedReading } from '../src/server/calendar-imports/service';
import { backendCpu, backendCpuBetween } from './bench-backend-cpu';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The names of the bench's feeds (so a reused database's are found and removed first). */
const FEED_NAME = 'Bench feed';
const INSERT_BATCH = 1000;

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Feed `n`'s iCalendar text at `version`: three busy mornings 2 to 5 weeks from `start`, an hour
 * later at each new version.
 */
function feedText(n: number, version: number, start: number): string {
  const events = [0, 1, 2].map((k) => {
    const from = new Date(start + (14 + (n % 7) + 7 * k) * DAY_MS + (9 + version) * 3_600_000);
    const to = new Date(from.getTime() + 3 * 3_600_000);
    return [
      'BEGIN:VEVENT',
      `UID:${n}-${k}@bench.clinicshare.example`,
      `DTSTAMP:${stamp(new Date(start))}`,
      `DTSTART:${stamp(from)}`,
      `DTEND:${stamp(to)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    ];
  });
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//ClinicShare//bench//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
}

/** The local feed server: one listening server a host, every feed's version, and the answers it gave. */
async function feedServers(hosts: number) {
  const start = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const versions = new Map<number, number>();
  const answered = { full: 0, notModified: 0 };
  const handle = (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => {
    const match = /^\/feeds\/(\d+)\.ics$/.exec(request.url ?? '');
    if (!match) return response.writeHead(404).end();
    const n = Number(match[1]);
    const version = versions.get(n) ?? 0;
    const etag = `"${n}-${version}"`;
    if (request.headers['if-none-match'] === etag) {
      answered.notModified++;
      return response.writeHead(304, { ETag: etag }).end();
    }
    answered.full++;
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag }).end(feedText(n, version, start));
  };
  const servers: { server: Server; origin: string }[] = [];
  for (let h = 1; h <= hosts; h++) {
    const server = createServer(handle);
    const host = `127.0.0.${h}`;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
    servers.push({ server, origin: `http://${host}:${(server.address() as AddressInfo).port}` });
  }
  return {
    url: (n: number) => `${servers[n % servers.length]!.origin}/feeds/${n}.ics`,
    change: (n: number) => versions.set(n, (versions.get(n) ?? 0) + 1),
    answered,
    close: () => Promise.all(servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve())))),
  };
}

/**
 * A clock of the database's own time (see the header): `ms()` so far, `stop()` to unhook it. On
 * PGlite it replaces the instance's `execProtocolRawSync` with a timed one until stopped.
 */
function databaseClock(handle: DatabaseHandle): { ms(): number; stop(): void } {
  let total = 0;
  if (handle.stats) {
    const stop = handle.stats.onQuery((seconds) => (total += seconds * 1000));
    return { ms: () => total, stop };
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const original = client.execProtocolRawSync;
  client.execProtocolRawSync = function (this: PGlite, ...args: Parameters<PGlite['execProtocolRawSync']>) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      total += performance.now() - started;
    }
  };
  return {
    ms: () => total,
    stop: () => {
      client.execProtocolRawSync = original;
    },
  };
}

/**
 * Inserts `count` feeds of the local server on the seeded spaces (after removing a reused database's
 * earlier ones, with their busy times and stored days); returns how many spaces hold them.
 */
async function insertFeeds(db: DatabaseHandle, count: number, url: (n: number) => string): Promise<number> {
  const leftovers = await db.query<{ id: string; space_id: string }>('SELECT id, space_id FROM space_calendar_imports WHERE name LIKE $1', [
    `${FEED_NAME} %`,
  ]);
  for (const feed of leftovers) await deleteFeed(db.db, feed.id, feed.space_id);
  const [spaces] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM medical_spaces WHERE active');
  const spaceCount = spaces?.n ?? 0;
  if (spaceCount === 0) throw new Error('No spaces for the calendar feeds');
  for (let from = 0; from < count; from += INSERT_BATCH) {
    const numbers = Array.from({ length: Math.min(INSERT_BATCH, count - from) }, (_, i) => from + i);
    await db.query(
      `INSERT INTO space_calendar_imports (space_id, owner_id, name, url)
       SELECT s.id, s.owner_id, $4 || ' ' || f.n, f.url
       FROM unnest($1::int[], $2::text[]) AS f(n, url)
       JOIN (SELECT id, owner_id, (row_number() OVER (ORDER BY created_at, id) - 1)::int AS k FROM medical_spaces WHERE active) AS s
         ON s.k = f.n % $3`,
      [numbers, numbers.map(url), spaceCount, FEED_NAME],
    );
  }
  await db.query('VACUUM ANALYZE space_calendar_imports');
  return Math.min(count, spaceCount);
}

/**
 * The calendar sync figures (see the header): `count` feeds over `hosts` loopback hosts, `changedShare`
 * of them changed for the mixed pass; progress through `log`.
 */
export async function benchFeeds(
  db: DatabaseHandle,
  { count, hosts, changedShare, log }: { count: number; hosts: number; changedShare: number; log: (message: string) => void },
) {
  const server = await feedServers(hosts);
  const reading: FeedReading = { allowLoopback: true, syncMinutes: 60 };
  const failures: string[] = [];
  const syncLog = { info: () => {}, warn: (object: unknown) => void failures.push(JSON.stringify(object)) };
  try {
    const spaces = await insertFeeds(db, count, server.url);
    log(`feeds: ${count} feeds on ${spaces} spaces, ${hosts} hosts`);

    /** Makes every bench feed due, then sweeps until none is: the pass's time and database time. */
    const pass = async (name: string) => {
      await db.query('UPDATE space_calendar_imports SET next_sync_at = NULL WHERE name LIKE $1', [`${FEED_NAME} %`]);
      const cpuBefore = await backendCpu(db);
      const clock = databaseClock(db);
      const started = performance.now();
      let read = 0;
      try {
        for (;;) {
          const swept = await syncDueCalendarImports(db.db, { reading, log: syncLog });
          if (swept === 0) break;
          read += swept;
        }
      } finally {
        clock.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = backendCpuBetween(cpuBefore, await backendCpu(db));
      if (failures.length) throw new Error(`feeds: ${failures.length} reads failed in the ${name} pass, the first: ${failures[0]}`);
      if (read !== count) throw new Error(`feeds: the ${name} pass read ${read} feeds, not ${count}`);
      const figures = {
        seconds: round(seconds, 2),
        feedsPerSecond: round(count / seconds, 1),
        dbMsPerFeed: round(clock.ms() / count, 2),
        dbCpuMsPerFeed: cpu === null ? null : round(cpu / 1000 / count, 2),
      };
      const cpuWords = figures.dbCpuMsPerFeed === null ? '' : ` (its CPU ${figures.dbCpuMsPerFeed} ms)`;
      log(`feeds, ${name} pass: ${figures.feedsPerSecond} feeds/s, database ${figures.dbMsPerFeed} ms a feed${cpuWords}`);
      return figures;
    };

    const first = await pass('first');
    const [imported] = await db.query<{ n: number; unread: number }>(
      'SELECT coalesce(sum(events_imported), 0)::int AS n, count(*) FILTER (WHERE last_synced_at IS NULL)::int AS unread FROM space_calendar_imports WHERE name LIKE $1',
      [`${FEED_NAME} %`],
    );
    if (imported?.unread) throw new Error(`feeds: ${imported.unread} feeds never read`);

    // Every k-th feed changes (k = 1 / changedShare, rounded).
    if (changedShare > 0) for (let n = 0; n < count; n += Math.max(1, Math.round(1 / changedShare))) server.change(n);
    const before = { ...server.answered };
    const mixed = await pass('mixed');
    const mixedAnswers = { changed: server.answered.full - before.full, notModified: server.answered.notModified - before.notModified };

    const unchangedBefore = server.answered.notModified;
    const unchanged = await pass('unchanged');
    if (server.answered.notModified - unchangedBefore !== count) throw new Error('feeds: the unchanged pass read a feed in full');
    return {
      count,
      hosts,
      first,
      mixed: { ...mixedAnswers, ...mixed },
      unchanged: { ...unchanged, msPerFeed: round((unchanged.seconds * 1000) / count, 2) },
      eventsImported: imported?.n ?? 0,
    };
  } finally {
    await server.close();
  }
}
