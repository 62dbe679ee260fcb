/**
 * Imported calendars (docs/decisions/038-calendar-import.md): an owner's feeds read from a local
 * iCalendar server into busy times (recurrence, overrides, all-day, daylight saving, transparent and
 * cancelled events), the guard against reading private addresses (SSRF), the size cap, a body that
 * is not iCalendar, an unchanged feed's 304, and who may see and change the feeds. Dates are counted
 * from today.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddress, fetchFeed, FeedFetchError } from '../../src/server/calendar-imports/fetch-feed';
import { syncDueCalendarImports } from '../../src/server/calendar-imports/service';
import { spaceCalendarImports, spaceImportedBusy } from '../../src/server/db/schema';
import type { CalendarImport } from '../../src/shared/schemas/calendar-imports';
import { insertSpace } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const ZONE = 'America/New_York'; // the factory's space is in Boston

/** `YYYY-MM-DD` of the New York date `days` after today there. */
function nyDate(days: number): string {
  const today = new TZDate(Date.now(), ZONE);
  const date = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, ZONE);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
/** The instant of New York wall time `hour`:00 on `date`. */
function nyAt(date: string, hour: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, ZONE).getTime()).toISOString();
}
/** `20261025` or `20261025T090000` of a `YYYY-MM-DD` date. */
const ics = (date: string, hour?: number) => date.replaceAll('-', '') + (hour === undefined ? '' : `T${String(hour).padStart(2, '0')}0000`);
/** New York's UTC offset at noon on `date`, minutes. */
function nyOffset(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d, 12) - new TZDate(y, m - 1, d, 12, 0, ZONE).getTime()) / 60_000;
}
/** The first date after today on which New York's clocks changed (its offset at noon differs from the day before). */
function nextClockChange(): string {
  for (let day = 4; day < 400; day += 1) if (nyOffset(nyDate(day)) !== nyOffset(nyDate(day - 1))) return nyDate(day);
  throw new Error('no clock change within 400 days');
}

const VTIMEZONE = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

const W = nyDate(7); // the weekly series' first date
const ALL_DAY = nyDate(3);
const CHANGE = nextClockChange();
const DST_FIRST = (() => {
  const [y, m, d] = CHANGE.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1, d - 2));
  return first.toISOString().slice(0, 10);
})();
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//ClinicShare tests//EN',
  VTIMEZONE,
  // Weekly, four times; the third one removed (EXDATE), the second moved to the afternoon (override).
  'BEGIN:VEVENT',
  'UID:weekly@test',
  `DTSTART;TZID=America/New_York:${ics(W, 9)}`,
  `DTEND;TZID=America/New_York:${ics(W, 10)}`,
  'RRULE:FREQ=WEEKLY;COUNT=4',
  `EXDATE;TZID=America/New_York:${ics(plusDays(W, 14), 9)}`,
  'SUMMARY:Private patient session',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@test',
  `RECURRENCE-ID;TZID=America/New_York:${ics(plusDays(W, 7), 9)}`,
  `DTSTART;TZID=America/New_York:${ics(plusDays(W, 7), 14)}`,
  `DTEND;TZID=America/New_York:${ics(plusDays(W, 7), 15)}`,
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:allday@test',
  `DTSTART;VALUE=DATE:${ics(ALL_DAY)}`,
  `DTEND;VALUE=DATE:${ics(plusDays(ALL_DAY, 1))}`,
  'END:VEVENT',
  // Daily at 09:00 New York time across the next clock change.
  'BEGIN:VEVENT',
  'UID:dst@test',
  `DTSTART;TZID=America/New_York:${ics(DST_FIRST, 9)}`,
  `DTEND;TZID=America/New_York:${ics(DST_FIRST, 10)}`,
  'RRULE:FREQ=DAILY;COUNT=5',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:free@test',
  `DTSTART:${ics(nyDate(4), 15)}Z`,
  `DTEND:${ics(nyDate(4), 16)}Z`,
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cancelled@test',
  `DTSTART:${ics(nyDate(5), 15)}Z`,
  `DTEND:${ics(nyDate(5), 16)}Z`,
  'STATUS:CANCELLED',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:broken@test',
  'DTSTART:not-a-date',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:in-the-past@test',
  `DTSTART:${ics(nyDate(-30), 15)}Z`,
  `DTEND:${ics(nyDate(-30), 16)}Z`,
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const SMALL_FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//ClinicShare tests//EN',
  'BEGIN:VEVENT',
  'UID:one@test',
  `DTSTART:${ics(nyDate(2), 15)}Z`,
  `DTEND:${ics(nyDate(2), 17)}Z`,
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** What the feed server saw: each request's path and validators. */
const seen: { path: string; ifNoneMatch?: string }[] = [];
/** `/switch.ics` answers the small feed while true, an HTML page after. */
let switchServesCalendar = true;
let server: http.Server;
let base: string;
let port: number;

function serveFeeds(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://feeds.test').pathname;
  seen.push({ path, ifNoneMatch: request.headers['if-none-match'] });
  const calendar = (text: string, etag?: string) => {
    if (etag && request.headers['if-none-match'] === etag) return response.writeHead(304).end();
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ...(etag ? { ETag: etag } : {}) }).end(text);
  };
  if (path === '/feed.ics') return calendar(FEED, '"v1"');
  if (path === '/small.ics') return calendar(SMALL_FEED);
  if (path === '/switch.ics') {
    if (switchServesCalendar) return calendar(SMALL_FEED);
    return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Sign in</title>');
  }
  if (path === '/page.html') return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>Hello</p>');
  if (path === '/big.ics') {
    // 6 MB without a Content-Length: the reader must stop past 5 MB on its own.
    response.writeHead(200, { 'Content-Type': 'text/calendar' });
    response.write('BEGIN:VCALENDAR\r\n');
    const line = `X-PADDING:${'x'.repeat(1000)}\r\n`;
    let written = 0;
    const pump = () => {
      while (written < 6 * 1024 * 1024) {
        written += line.length;
        if (!response.write(line)) return response.once('drain', pump);
      }
      response.end('END:VCALENDAR\r\n');
    };
    response.on('error', () => {});
    return pump();
  }
  if (path === '/error.ics') return response.writeHead(503).end('down');
  if (path === '/slow.ics') return setTimeout(() => calendar(SMALL_FEED), 2000);
  if (path === '/to-metadata') return response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
  if (path === '/to-private') return response.writeHead(302, { Location: 'http://10.1.2.3/feed.ics' }).end();
  if (path === '/to-unspecified') return response.writeHead(302, { Location: `http://0.0.0.0:${port}/small.ics` }).end();
  if (path === '/to-small') return response.writeHead(301, { Location: '/small.ics' }).end();
  if (path.startsWith('/loop')) return response.writeHead(302, { Location: `/loop${path.length}` }).end();
  response.writeHead(404).end();
}

let t: TestApp;
beforeAll(async () => {
  server = http.createServer(serveFeeds);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ CALENDAR_IMPORT_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function ownerWithSpace() {
  const owner = await signedInUser(t, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.user.id);
  return { owner, space, url: `/api/spaces/${space.id}/calendar-imports` };
}

async function addFeed(cookie: string, url: string, feedUrl: string, name = 'Practice calendar') {
  const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { url: feedUrl, name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarImport>();
}

async function syncNow(cookie: string, url: string, importId: string) {
  const response = await t.app.inject({ method: 'POST', url: `${url}/${importId}/sync`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CalendarImport>();
}

async function busyOf(importId: string) {
  const rows = await t.db
    .select({ start: spaceImportedBusy.startAt, end: spaceImportedBusy.endAt })
    .from(spaceImportedBusy)
    .where(eq(spaceImportedBusy.importId, importId))
    .orderBy(spaceImportedBusy.startAt);
  return rows.map((row) => [row.start.toISOString(), row.end.toISOString()]);
}

describe('reading a feed into busy times', () => {
  it('expands the weekly series with its EXDATE and override, takes the all-day event in local days, keeps 09:00 across the clock change, leaves out free, cancelled and past events and counts the broken one', async () => {
    const { owner, url } = await ownerWithSpace();
    const created = await addFeed(owner.cookie, url, `${base}/feed.ics`);
    expect(created).toMatchObject({
      name: 'Practice calendar',
      url: `${base}/feed.ics`,
      lastSyncedAt: null,
      eventsImported: 0,
      lastError: null,
    });

    const synced = await syncNow(owner.cookie, url, created.id);
    expect(synced.lastError).toBeNull();
    expect(synced.eventsSkipped).toBe(1);
    const dstDays = [0, 1, 2, 3, 4].map((n) => plusDays(DST_FIRST, n));
    const expected = [
      [nyAt(W, 9), nyAt(W, 10)],
      [nyAt(plusDays(W, 7), 14), nyAt(plusDays(W, 7), 15)],
      [nyAt(plusDays(W, 21), 9), nyAt(plusDays(W, 21), 10)],
      [nyAt(ALL_DAY, 0), nyAt(plusDays(ALL_DAY, 1), 0)],
      ...dstDays.map((day) => [nyAt(day, 9), nyAt(day, 10)]),
    ].sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(await busyOf(created.id)).toEqual(expected);
    expect(synced.eventsImported).toBe(expected.length);
    // The clock change shows: the same 09:00 is a different UTC hour on either side of it.
    const utcHours = dstDays.map((day) => new Date(nyAt(day, 9)).getUTCHours());
    expect(new Set(utcHours).size).toBe(2);
    expect(Date.parse(nyAt(dstDays[2]!, 9)) - Date.parse(nyAt(dstDays[1]!, 9))).not.toBe(24 * 3_600_000);

    // Nothing but the times is kept, and the listing shows the record.
    const listed = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.json()).toEqual([expect.objectContaining({ id: created.id, eventsImported: expected.length, lastError: null })]);
    expect(JSON.stringify(await t.db.select().from(spaceImportedBusy))).not.toContain('Private patient');

    // Unchanged: the validator is sent, the server answers 304, the busy times stay, the sync time moves.
    seen.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await syncNow(owner.cookie, url, created.id);
    expect(seen).toEqual([{ path: '/feed.ics', ifNoneMatch: '"v1"' }]);
    expect(Date.parse(again.lastSyncedAt!)).toBeGreaterThan(Date.parse(synced.lastSyncedAt!));
    expect(again.eventsImported).toBe(expected.length);
    expect(await busyOf(created.id)).toEqual(expected);
  });

  it('follows a redirect to a public-looking path on the same server, and reads webcal:// as https', async () => {
    const { owner, url } = await ownerWithSpace();
    const feed = await addFeed(owner.cookie, url, `${base}/to-small`);
    const synced = await syncNow(owner.cookie, url, feed.id);
    expect(synced).toMatchObject({ lastError: null, eventsImported: 1 });
    const webcal = await addFeed(owner.cookie, url, 'webcal://calendar.invalid/feed.ics');
    expect(webcal.url).toBe('webcal://calendar.invalid/feed.ics');
  });
});

describe('feeds that fail', () => {
  it('a body that is not iCalendar, one over 5 MB and a 5xx each set lastError in words and keep the previous busy times', async () => {
    const { owner, url } = await ownerWithSpace();
    const feed = await addFeed(owner.cookie, url, `${base}/switch.ics`);
    switchServesCalendar = true;
    expect(await syncNow(owner.cookie, url, feed.id)).toMatchObject({ eventsImported: 1, lastError: null });
    const before = await busyOf(feed.id);
    expect(before).toHaveLength(1);

    switchServesCalendar = false;
    const html = await syncNow(owner.cookie, url, feed.id);
    expect(html.lastError).toMatch(/did not answer with a calendar/);
    expect(html.eventsImported).toBe(1);
    expect(await busyOf(feed.id)).toEqual(before);

    const page = await addFeed(owner.cookie, url, `${base}/page.html`);
    expect((await syncNow(owner.cookie, url, page.id)).lastError).toMatch(/did not answer with a calendar/);
    const big = await addFeed(owner.cookie, url, `${base}/big.ics`);
    expect((await syncNow(owner.cookie, url, big.id)).lastError).toMatch(/larger than 5 MB/);
    expect(await busyOf(big.id)).toEqual([]);
    const down = await addFeed(owner.cookie, url, `${base}/error.ics`);
    expect((await syncNow(owner.cookie, url, down.id)).lastError).toMatch(/HTTP 503/);
  });

  it('the sync job reads each due feed once, one failure not stopping the others, and logs ids, never addresses', async () => {
    const { owner, url } = await ownerWithSpace();
    const good = await addFeed(owner.cookie, url, `${base}/small.ics?secret=s3cr3t-good`);
    const bad = await addFeed(owner.cookie, url, `${base}/error.ics?secret=s3cr3t-bad`);
    const lines: string[] = [];
    const log = {
      info: (o: unknown, m: string) => lines.push(JSON.stringify(o) + m),
      warn: (o: unknown, m: string) => lines.push(JSON.stringify(o) + m),
    };
    // Only these two are due: every other feed of this file is due in an hour.
    await t.db.update(spaceCalendarImports).set({ nextSyncAt: new Date(Date.now() + 60 * 60_000) });
    await t.db
      .update(spaceCalendarImports)
      .set({ nextSyncAt: null })
      .where(eq(spaceCalendarImports.spaceId, (await spaceOf(good.id))!));
    const reading = { allowLoopback: true, syncMinutes: 15 };
    const before = Date.now();
    const attempted = await syncDueCalendarImports(t.db, { reading, log });
    expect(attempted).toBe(2);
    // Next read: in 15 minutes give or take a tenth; the failing feed, after a wait twice as long.
    const next = async (id: string) => {
      const [row] = await t.db.select().from(spaceCalendarImports).where(eq(spaceCalendarImports.id, id));
      return { failures: row!.failures, minutes: (row!.nextSyncAt!.getTime() - before) / 60_000 };
    };
    const goodNext = await next(good.id);
    expect(goodNext.failures).toBe(0);
    expect(goodNext.minutes).toBeGreaterThanOrEqual(13.4);
    expect(goodNext.minutes).toBeLessThanOrEqual(16.6);
    const badNext = await next(bad.id);
    expect(badNext.failures).toBe(1);
    expect(badNext.minutes).toBeGreaterThanOrEqual(26.9);
    expect(badNext.minutes).toBeLessThanOrEqual(33.1);
    const listed = (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json<CalendarImport[]>();
    expect(listed.find((feed) => feed.id === good.id)).toMatchObject({ eventsImported: 1, lastError: null });
    expect(listed.find((feed) => feed.id === bad.id)?.lastError).toMatch(/HTTP 503/);
    expect(lines.join('\n')).toContain(good.id);
    expect(lines.join('\n')).not.toContain('s3cr3t');
    // Read just now: not due again for 15 minutes.
    expect(await syncDueCalendarImports(t.db, { reading, log })).toBe(0);
    // Failing again, it waits longer again; once it reads, it is back to every 15 minutes.
    await t.db.update(spaceCalendarImports).set({ nextSyncAt: null }).where(eq(spaceCalendarImports.id, bad.id));
    await syncDueCalendarImports(t.db, { reading, log });
    expect((await next(bad.id)).failures).toBe(2);
    expect((await next(bad.id)).minutes).toBeGreaterThanOrEqual(53.9);
    await t.db
      .update(spaceCalendarImports)
      .set({ nextSyncAt: null, url: `${base}/small.ics?secret=s3cr3t-bad` })
      .where(eq(spaceCalendarImports.id, bad.id));
    await syncDueCalendarImports(t.db, { reading, log });
    expect(await next(bad.id)).toMatchObject({ failures: 0 });
    expect((await next(bad.id)).minutes).toBeLessThanOrEqual(16.6);
  });

  it('a slow feed is given up after its time limit', async () => {
    await expect(fetchFeed({ url: `${base}/slow.ics`, allowLoopback: true, timeoutMs: 300 })).rejects.toThrow(
      /took longer than 0.3 seconds/,
    );
  });

  it('redirects are followed at most three times', async () => {
    await expect(fetchFeed({ url: `${base}/loop`, allowLoopback: true })).rejects.toThrow(/redirected more than 3 times/);
  });
});

async function spaceOf(importId: string) {
  const [row] = await t.db
    .select({ spaceId: spaceCalendarImports.spaceId })
    .from(spaceCalendarImports)
    .where(eq(spaceCalendarImports.id, importId));
  return row?.spaceId;
}

describe('the guard against private addresses', () => {
  it('refuses a redirect to link-local metadata, a private network or 0.0.0.0 even with loopback allowed, and direct 10.x and 169.254.169.254 addresses', async () => {
    const { owner, url } = await ownerWithSpace();
    const cases: [string, RegExp][] = [
      [`${base}/to-metadata`, /link-local address/],
      [`${base}/to-private`, /private network address/],
      [`${base}/to-unspecified`, /unspecified address/],
      ['http://10.0.0.8/calendar.ics', /private network address/],
      ['https://169.254.169.254/latest/meta-data/', /link-local address/],
    ];
    for (const [feedUrl, error] of cases.slice(0, 3)) {
      const feed = await addFeed(owner.cookie, url, feedUrl, 'Redirecting');
      const synced = await syncNow(owner.cookie, url, feed.id);
      expect(synced.lastError, feedUrl).toMatch(error);
      expect(synced.lastError).not.toContain('169.254');
      await t.app.inject({ method: 'DELETE', url: `${url}/${feed.id}`, headers: { cookie: owner.cookie } });
    }
    for (const [feedUrl, error] of cases.slice(3)) {
      const feed = await addFeed(owner.cookie, url, feedUrl, 'Private');
      expect((await syncNow(owner.cookie, url, feed.id)).lastError, feedUrl).toMatch(error);
    }
  });

  it('with the guard on (the default), refuses loopback addresses, by number or by name, and http://', async () => {
    const guarded = await createTestApp();
    try {
      const owner = await signedInUser(guarded, { userType: 'lister' });
      const space = await insertSpace(guarded.db, owner.user.id);
      const url = `/api/spaces/${space.id}/calendar-imports`;
      const plain = await guarded.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie },
        payload: { url: `${base}/feed.ics`, name: 'Plain' },
      });
      expect(plain.statusCode).toBe(400);
      for (const feedUrl of [
        `https://127.0.0.1:${port}/feed.ics`,
        `https://localhost:${port}/feed.ics`,
        `https://[::1]:${port}/feed.ics`,
      ]) {
        const added = await guarded.app.inject({
          method: 'POST',
          url,
          headers: { cookie: owner.cookie },
          payload: { url: feedUrl, name: 'Loopback' },
        });
        expect(added.statusCode, added.body).toBe(201);
        const synced = await guarded.app.inject({
          method: 'POST',
          url: `${url}/${added.json<CalendarImport>().id}/sync`,
          headers: { cookie: owner.cookie },
        });
        expect(synced.json<CalendarImport>().lastError, feedUrl).toMatch(/loopback address/);
        await guarded.app.inject({ method: 'DELETE', url: `${url}/${added.json<CalendarImport>().id}`, headers: { cookie: owner.cookie } });
      }
    } finally {
      await guarded.close();
    }
  });

  it('classifies addresses: private, loopback, link-local, unique-local, mapped and metadata ones refused', () => {
    const refused = [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '224.0.0.1',
      '2002:7f00:1::',
    ];
    for (const address of refused) expect(refusedAddress(address, false), address).not.toBeNull();
    for (const address of ['93.184.216.34', '2606:4700:4700::1111', '8.8.8.8']) expect(refusedAddress(address, false), address).toBeNull();
    // The tests' allowance opens loopback only.
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) expect(refusedAddress(address, true), address).toBeNull();
    for (const address of ['169.254.169.254', '10.1.2.3', 'fd00:ec2::254', '0.0.0.0', 'fe80::1']) {
      expect(refusedAddress(address, true), address).not.toBeNull();
    }
  });

  it('a host name resolving to any refused address is refused before connecting', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    const error = await fetchFeed({ url: 'https://calendar.example/feed.ics', allowLoopback: false, lookup }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as Error).message).toMatch(/private network address/);
  });
});

describe('who may see and change the feeds', () => {
  it('another user gets 403 on every route, a signed-out visitor 401', async () => {
    const { owner, url } = await ownerWithSpace();
    const feed = await addFeed(owner.cookie, url, `${base}/small.ics`);
    const other = await signedInUser(t, { userType: 'lister' });
    const calls = [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload: { url: `${base}/small.ics`, name: 'Mine now' } },
      { method: 'POST' as const, url: `${url}/${feed.id}/sync` },
      { method: 'DELETE' as const, url: `${url}/${feed.id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: { cookie: other.cookie } })).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/spaces/not-a-uuid/calendar-imports', headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${url}/not-a-uuid/sync`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    const listed = (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json<CalendarImport[]>();
    expect(listed.map((item) => item.name)).toEqual(['Practice calendar']);
  });

  it('bad input is 400 and saves nothing; the sixth feed is 409', async () => {
    const { owner, url } = await ownerWithSpace();
    const bad = [
      { url: 'ftp://calendar.example/feed.ics', name: 'FTP' },
      { url: 'javascript:alert(1)', name: 'Script' },
      { url: 'https://user:pass@calendar.example/feed.ics', name: 'Credentials' },
      { url: 'not a url', name: 'Words' },
      { url: 'https://calendar.example/feed.ics', name: '' },
      { url: 'https://calendar.example/feed.ics', name: 'x'.repeat(81) },
      { url: 'https://calendar.example/feed.ics', name: 'Extra', ownerId: owner.user.id },
      { url: 'https://calendar.example/feed.ics' },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json()).toEqual([]);

    for (let i = 1; i <= 5; i += 1) await addFeed(owner.cookie, url, `${base}/small.ics?n=${i}`, `Calendar ${i}`);
    const sixth = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner.cookie },
      payload: { url: `${base}/small.ics`, name: 'Sixth' },
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/at most 5 calendars/);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json()).toHaveLength(5);
  });

  it('deleting a feed removes its busy times and only its own', async () => {
    const { owner, url } = await ownerWithSpace();
    const kept = await addFeed(owner.cookie, url, `${base}/small.ics?k=1`, 'Kept');
    const removed = await addFeed(owner.cookie, url, `${base}/small.ics?k=2`, 'Removed');
    await syncNow(owner.cookie, url, kept.id);
    await syncNow(owner.cookie, url, removed.id);
    expect(await busyOf(removed.id)).toHaveLength(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}/${removed.id}`, headers: { cookie: owner.cookie } });
    expect(deleted.statusCode).toBe(204);
    expect(await busyOf(removed.id)).toEqual([]);
    expect(await busyOf(kept.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${removed.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json<CalendarImport[]>().map((f) => f.name),
    ).toEqual(['Kept']);
  });
});
