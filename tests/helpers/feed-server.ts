/** The imported calendars' tests' tools: a local iCalendar server (each path answers the text a test sets, 404 when none), feeds and dates. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { expect } from 'vitest';
import type { CalendarImport } from '../../src/shared/schemas/calendar-imports';
import { createTestApp, type TestApp } from './test-app';

export interface FeedServer {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Sets what `path` answers (an iCalendar text), or removes it with null. */
  set(path: string, text: string | null): void;
  close(): Promise<void>;
}

/** Starts a feed server on a free loopback port. */
export async function startFeedServer(): Promise<FeedServer> {
  const feeds = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const text = feeds.get(new URL(request.url ?? '/', 'http://feeds.test').pathname);
    if (text === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (path, text) => (text === null ? feeds.delete(path) : feeds.set(path, text)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The instant of local `date` (`YYYY-MM-DD`) at `hour`:00 in `timeZone`. */
export function localHour(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, 0, timeZone).getTime());
}

/** An iCalendar feed of busy events `[start, end)` (UTC), each with `summary` as its title. */
export function feedOf(events: readonly { start: Date; end: Date; summary?: string }[]): string {
  const stamp = (instant: Date) => instant.toISOString().replaceAll(/[-:]/g, '').replace(/\.\d+/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClinicShare tests//EN',
    ...events.flatMap((event, index) => [
      'BEGIN:VEVENT',
      `UID:event-${index}@test`,
      `DTSTART:${stamp(event.start)}`,
      `DTEND:${stamp(event.end)}`,
      `SUMMARY:${event.summary ?? 'Busy'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The local date (`YYYY-MM-DD`) `days` after today in `timeZone`. */
export function zoneDateAhead(days: number, timeZone: string): string {
  const today = new TZDate(Date.now(), timeZone);
  const date = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, timeZone);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Adds the feed `feedUrl` to space `spaceId` as its owner (signed in with `cookie`) and reads it once;
 * `sync` reads it again (each read must succeed).
 */
export async function addSyncedFeed(t: TestApp, cookie: string, spaceId: string, feedUrl: string) {
  const url = `/api/spaces/${spaceId}/calendar-imports`;
  const added = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { url: feedUrl, name: 'Practice' } });
  expect(added.statusCode, added.body).toBe(201);
  const feed = added.json<CalendarImport>();
  const sync = async () => {
    const synced = await t.app.inject({ method: 'POST', url: `${url}/${feed.id}/sync`, headers: { cookie } });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json<CalendarImport>().lastError).toBeNull();
  };
  await sync();
  return { url, feed, sync };
}

/** A feed server and an app that may read it (`CALENDAR_IMPORT_ALLOW_LOOPBACK`): a test file's `beforeAll`. */
export async function startFeedApp(): Promise<{ t: TestApp; feeds: FeedServer }> {
  const feeds = await startFeedServer();
  return { feeds, t: await createTestApp({ CALENDAR_IMPORT_ALLOW_LOOPBACK: 'true' }) };
}

/** Closes what {@link startFeedApp} started (either may be missing when it failed). */
export async function stopFeedApp(t: TestApp | undefined, feeds: FeedServer | undefined): Promise<void> {
  await t?.close();
  await feeds?.close();
}
