/**
 * Calendars (docs/api.md): a booking's calendar file for its renter and owner only, and each user's
 * private feed at a secret URL, its token kept hashed, rotated on demand. Every file is parsed back
 * with ical.js: the event's SUMMARY, LOCATION, zone, UID, STATUS and a UTC DTSTAMP.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../src/server/db/schema';
import { insertBooking, insertSpace } from '../factories/db';
import { futureDate, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ZONE = 'America/Chicago';
/** Local midnight in Chicago, `days` days from today (negative: in the past). */
const day = (days: number) => midnightIn(futureDate(days), ZONE);

/** A renter, an owner with a space in Chicago (Illinois), and a stranger, each signed in. */
async function people() {
  const [renter, owner, stranger] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  const space = await insertSpace(t.db, owner.user.id, {
    title: 'Lakeview Exam Room',
    address: '1 Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
    rules: 'Front desk has the key.',
  });
  return { renter, owner, stranger, space };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

/** The VEVENTs of an iCalendar text, its zones registered so that times resolve. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const stamp = component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      status: component.getFirstPropertyValue('status'),
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      stamp,
    };
  });
}

/** The feed's path from its absolute URL. */
const pathOf = (url: string) => new URL(url).pathname;

describe('GET /api/bookings/:id/calendar.ics', () => {
  it('gives the renter and the owner one event in the space’s zone; 403 a stranger, 401 signed out, 404 unknown', async () => {
    const { renter, owner, stranger, space } = await people();
    const booking = await insertBooking(t.db, { spaceId: space.id, renterId: renter.user.id, startAt: day(20), endAt: day(22) });
    const url = `/api/bookings/${booking.id}/calendar.ics`;

    const before = Date.now();
    const forRenter = await get(url, renter.cookie);
    expect(forRenter.statusCode).toBe(200);
    expect(forRenter.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(forRenter.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
    expect(forRenter.headers['cache-control']).toBe('private, no-store');
    // DTSTAMP is UTC, with its Z (RFC 5545 §3.8.7.2).
    expect(forRenter.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    const [event, ...others] = eventsOf(forRenter.body);
    expect(others).toHaveLength(0);
    expect(event).toMatchObject({
      uid: `booking-${booking.id}@clinicshare`,
      summary: expect.stringContaining('Lakeview Exam Room'),
      location: '1 Lake Shore Dr, Chicago, IL 60601',
      status: 'CONFIRMED',
      tzid: ZONE,
    });
    expect(forRenter.body).toContain(`DTSTART;TZID=${ZONE}:${futureDate(20).replaceAll('-', '')}T000000`);
    expect(event!.start.getTime()).toBe(day(20).getTime());
    expect(event!.end.getTime()).toBe(day(22).getTime());
    expect(event!.stamp.zone?.tzid).toBe('UTC');
    expect(event!.stamp.toJSDate().getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(event!.stamp.toJSDate().getTime()).toBeLessThanOrEqual(Date.now());

    const forOwner = await get(url, owner.cookie);
    expect(forOwner.statusCode).toBe(200);
    expect(eventsOf(forOwner.body)[0]?.uid).toBe(`booking-${booking.id}@clinicshare`);

    expect((await get(url, stranger.cookie)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get('/api/bookings/00000000-0000-4000-8000-000000000000/calendar.ics', renter.cookie)).statusCode).toBe(404);
    expect((await get('/api/bookings/not-a-booking/calendar.ics', renter.cookie)).statusCode).toBe(404);
  });

  it('marks a cancelled, declined or expired booking CANCELLED, and a request TENTATIVE', async () => {
    const { renter, space } = await people();
    const statuses = { cancelled: 'CANCELLED', declined: 'CANCELLED', expired: 'CANCELLED', pending: 'TENTATIVE' } as const;
    let offset = 30;
    for (const [status, expected] of Object.entries(statuses)) {
      offset += 3;
      const booking = await insertBooking(t.db, {
        spaceId: space.id,
        renterId: renter.user.id,
        startAt: day(offset),
        endAt: day(offset + 1),
        status: status as keyof typeof statuses,
      });
      const file = await get(`/api/bookings/${booking.id}/calendar.ics`, renter.cookie);
      expect(eventsOf(file.body)[0]?.status, status).toBe(expected);
    }
  });
});

describe('the private calendar feed', () => {
  it('is made on the first GET, shown once, kept hashed, and only for its own user', async () => {
    const { renter, stranger } = await people();
    const feedPath = `/api/users/${renter.user.id}/calendar-feed`;
    expect((await get(feedPath)).statusCode).toBe(401);
    expect((await get(feedPath, stranger.cookie)).statusCode).toBe(403);
    expect((await post(feedPath, stranger.cookie)).statusCode).toBe(403);
    expect((await post(feedPath)).statusCode).toBe(401);

    const first = await get(feedPath, renter.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { url, createdAt, rotatedAt } = first.json() as { url: string; createdAt: string; rotatedAt: string | null };
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(rotatedAt).toBeNull();

    // The database keeps the token's SHA-256, never the token.
    const token = /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, renter.user.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    // Later GETs cannot show it again: the feed stays as it was.
    const again = await get(feedPath, renter.cookie);
    expect(again.json()).toEqual({ url: null, createdAt, rotatedAt: null });
    expect((await get(pathOf(url))).statusCode).toBe(200);
  });

  it('holds the user’s bookings as renter and as owner from the last 30 days on, not holds, not others’', async () => {
    const { renter, owner, stranger, space } = await people();
    // The renter also owns a space that the stranger books.
    const ownSpace = await insertSpace(t.db, renter.user.id, { title: 'Renter’s Own Suite', state: 'CA' });
    const otherSpace = await insertSpace(t.db, owner.user.id, { title: 'Owner’s Other Room' });
    const book = (values: Partial<Parameters<typeof insertBooking>[1]> & { startAt: Date; endAt: Date }) =>
      insertBooking(t.db, { spaceId: space.id, renterId: renter.user.id, ...values });

    const upcoming = await book({ startAt: day(10), endAt: day(12) });
    const request = await book({ startAt: day(14), endAt: day(15), status: 'pending', paymentStatus: 'authorized' });
    const cancelled = await book({ startAt: day(16), endAt: day(17), status: 'cancelled', paymentStatus: 'refunded' });
    const declined = await book({ startAt: day(16), endAt: day(17), status: 'declined', paymentStatus: 'canceled' });
    const recent = await book({ startAt: day(-12), endAt: day(-10) });
    const asOwner = await insertBooking(t.db, { spaceId: ownSpace.id, renterId: stranger.user.id, startAt: day(18), endAt: day(19) });
    // Not in the feed: ended over 30 days ago, a hold in payment, a hold that lapsed unpaid, someone else's.
    const old = await book({ startAt: day(-40), endAt: day(-35) });
    const hold = await book({ startAt: day(20), endAt: day(21), status: 'awaiting_payment', paymentStatus: 'requires_payment' });
    const lapsed = await book({ startAt: day(22), endAt: day(23), status: 'expired', paymentStatus: 'canceled' });
    const others = await insertBooking(t.db, { spaceId: otherSpace.id, renterId: stranger.user.id, startAt: day(10), endAt: day(11) });

    const { url } = (await get(`/api/users/${renter.user.id}/calendar-feed`, renter.cookie)).json() as { url: string };
    const feed = await get(pathOf(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    const events = eventsOf(feed.body);
    const byId = new Map(events.map((event) => [event.uid, event]));
    const uid = (booking: { id: string }) => `booking-${booking.id}@clinicshare`;

    expect(events.map((event) => event.uid).sort()).toEqual([upcoming, request, cancelled, declined, recent, asOwner].map(uid).sort());
    for (const excluded of [old, hold, lapsed, others]) expect(byId.has(uid(excluded))).toBe(false);
    expect(byId.get(uid(upcoming))).toMatchObject({
      summary: expect.stringContaining('Lakeview Exam Room'),
      location: '1 Lake Shore Dr, Chicago, IL 60601',
      tzid: ZONE,
      status: 'CONFIRMED',
    });
    expect(byId.get(uid(upcoming))?.start.getTime()).toBe(day(10).getTime());
    expect(byId.get(uid(request))?.status).toBe('TENTATIVE');
    expect(byId.get(uid(cancelled))?.status).toBe('CANCELLED');
    expect(byId.get(uid(declined))?.status).toBe('CANCELLED');
    expect(byId.get(uid(recent))?.status).toBe('CONFIRMED');
    // As owner: the event is in the zone of that space (California).
    expect(byId.get(uid(asOwner))).toMatchObject({ summary: expect.stringContaining('Renter’s Own Suite'), tzid: 'America/Los_Angeles' });
    for (const event of events) expect(event.stamp.zone?.tzid).toBe('UTC');

    // The same event has the same UID in the booking's own file, so calendar apps keep one.
    const file = await get(`/api/bookings/${upcoming.id}/calendar.ics`, renter.cookie);
    expect(eventsOf(file.body)[0]?.uid).toBe(uid(upcoming));

    // The owner's feed holds the booking of their space.
    const ownerFeed = (await get(`/api/users/${owner.user.id}/calendar-feed`, owner.cookie)).json() as { url: string };
    const ownerEvents = eventsOf((await get(pathOf(ownerFeed.url))).body).map((event) => event.uid);
    expect(ownerEvents).toContain(uid(upcoming));
    expect(ownerEvents).toContain(uid(others));
    expect(ownerEvents).not.toContain(uid(asOwner));
  });

  it('rotates on POST: the new URL works and the old one answers 404', async () => {
    const { renter } = await people();
    const feedPath = `/api/users/${renter.user.id}/calendar-feed`;
    const { url: oldUrl } = (await get(feedPath, renter.cookie)).json() as { url: string };
    expect((await get(pathOf(oldUrl))).statusCode).toBe(200);

    const rotated = await post(feedPath, renter.cookie);
    expect(rotated.statusCode).toBe(200);
    const { url: newUrl, rotatedAt } = rotated.json() as { url: string; rotatedAt: string };
    expect(newUrl).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
    expect(newUrl).not.toBe(oldUrl);
    expect(rotatedAt).not.toBeNull();
    expect((await get(pathOf(oldUrl))).statusCode).toBe(404);
    expect((await get(pathOf(newUrl))).statusCode).toBe(200);
    expect((await get(feedPath, renter.cookie)).json()).toMatchObject({ url: null, rotatedAt });

    // A first POST makes the feed.
    const other = await signedInUser(t);
    const made = await post(`/api/users/${other.user.id}/calendar-feed`, other.cookie);
    expect(made.json()).toMatchObject({ url: expect.stringMatching(/\.ics$/), rotatedAt: null });
  });

  it('answers 400 with the field to a token that is not ours, and 404 to an unknown one', async () => {
    for (const path of ['/calendar/garbage.ics', `/calendar/${'A'.repeat(44)}.ics`, `/calendar/${'%00'.repeat(3)}.ics`]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(400);
      expect((answer.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(['params.token']);
    }
    const unknown = await get(`/calendar/${'A'.repeat(43)}.ics`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
  });

  it('limits fetches per address (429 with Retry-After)', async () => {
    const unknown = `/calendar/${'A'.repeat(43)}.ics`;
    let last = await get(unknown);
    for (let i = 0; i < 130 && last.statusCode !== 429; i++) last = await get(unknown);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
