/**
 * A space's own calendar feed (docs/decisions/038-calendar-import.md): its owner gets a secret
 * address that other sites import; the feed says when the space is taken (bookings that hold their
 * range, blocked dates) and nothing of who, and leaves out the busy times imported from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceBlockedDates, spaceCalendarImports, spaceImportedBusy } from '../../src/server/db/schema';
import type { CalendarFeed } from '../../src/shared/schemas/calendar';
import { insertBooking, insertSpace } from '../factories/db';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (days: number, hour: number) => new Date(`${futureDate(days)}T${String(hour).padStart(2, '0')}:00:00Z`);
const icsDate = (date: string) => date.replaceAll('-', '');
const icsInstant = (instant: Date) => instant.toISOString().replaceAll(/[-:]/g, '').replace(/\.\d+/, '');

describe('a space’s calendar feed', () => {
  it('gives its owner a secret address once, shows when the space is taken and never who, and turns off when rotated', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const renter = await signedInUser(t, { firstName: 'Zebediah', lastName: 'Quillfeather' });
    const other = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id, { pricePeriod: 'hourly', pricePerDay: '40.00' });
    const confirmed = await insertBooking(t.db, { spaceId: space.id, renterId: renter.user.id, startAt: at(5, 14), endAt: at(5, 16) });
    const pending = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: at(6, 14),
      endAt: at(6, 15),
      status: 'pending',
    });
    const cancelled = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: at(7, 14),
      endAt: at(7, 15),
      status: 'cancelled',
    });
    const lapsed = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: at(8, 14),
      endAt: at(8, 15),
      status: 'awaiting_payment',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    await t.db
      .insert(spaceBlockedDates)
      .values({ spaceId: space.id, startDate: futureDate(20), endDate: futureDate(22), note: 'Painting' });
    const [feedIn] = await t.db
      .insert(spaceCalendarImports)
      .values({ spaceId: space.id, ownerId: owner.user.id, name: 'Practice', url: 'https://calendar.example/secret.ics' })
      .returning();
    await t.db.insert(spaceImportedBusy).values({ importId: feedIn!.id, spaceId: space.id, startAt: at(9, 13), endAt: at(9, 17) });

    const url = `/api/spaces/${space.id}/calendar-feed`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: renter.cookie } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/spaces/${crypto.randomUUID()}/calendar-feed`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(404);

    const first = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const feedUrl = first.json<CalendarFeed>().url!;
    expect(feedUrl).toMatch(/\/calendar\/spaces\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json<CalendarFeed>().url).toBeNull();

    const path = new URL(feedUrl).pathname;
    const answer = await t.app.inject({ method: 'GET', url: path });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/calendar');
    const text = answer.body;
    const uids = [...text.matchAll(/^UID:(.+)$/gm)].map((match) => match[1]!.trim());
    expect(uids.sort()).toEqual(
      [
        `space-booking-${confirmed.id}@clinicshare`,
        `space-booking-${pending.id}@clinicshare`,
        expect.stringMatching(/^space-blocked-/),
      ].sort(),
    );
    expect(uids).not.toContain(`space-booking-${cancelled.id}@clinicshare`);
    expect(uids).not.toContain(`space-booking-${lapsed.id}@clinicshare`);
    expect(text).toContain(`DTSTART:${icsInstant(at(5, 14))}`);
    expect(text).toContain(`DTEND:${icsInstant(at(5, 16))}`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${icsDate(futureDate(20))}`);
    expect(text).toContain(`DTEND;VALUE=DATE:${icsDate(futureDate(23))}`);
    // Who booked, the owner's note and the imported busy time stay out.
    for (const secret of ['Zebediah', 'Quillfeather', 'Painting', 'Practice', icsInstant(at(9, 13))]) expect(text).not.toContain(secret);

    const rotated = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
    expect(rotated.statusCode).toBe(200);
    const newUrl = rotated.json<CalendarFeed>().url!;
    expect(newUrl).not.toBe(feedUrl);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(newUrl).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/calendar/spaces/not-a-token.ics' })).statusCode).toBe(400);
  });
});
