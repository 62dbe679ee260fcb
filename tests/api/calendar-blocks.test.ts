/**
 * Imported busy times block a listing (docs/decisions/038-calendar-import.md): they leave the
 * availability (the booking calendar's source), search by date and checkout, say nothing of the
 * event to renters, and free the time when the event leaves the feed or the feed is removed. Feeds are
 * served from a local server; dates are counted from today in the space's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_BUSY } from '../../src/shared/availability';
import type { Availability } from '../../src/shared/schemas/availability';
import { insertSpace } from '../factories/db';
import { createIntent } from '../helpers/booking-flow';
import { addSyncedFeed, feedOf, localHour, startFeedApp, stopFeedApp, zoneDateAhead, type FeedServer } from '../helpers/feed-server';
import { signedInUser, type TestApp } from '../helpers/test-app';

const ZONE = 'America/New_York'; // Massachusetts
const TOWN = 'Busyville';
/** The space's local date 10 days from today. */
const DAY = zoneDateAhead(10, ZONE);
const SECRET = 'Root canal for Mrs Example';
/** The owner's own use of the room, 09:00 to 12:00 on {@link DAY}. */
const BUSY_FEED = feedOf([{ start: localHour(DAY, 9, ZONE), end: localHour(DAY, 12, ZONE), summary: SECRET }]);

let t: TestApp;
let feeds: FeedServer;
beforeAll(async () => ({ t, feeds } = await startFeedApp()));
afterAll(() => stopFeedApp(t, feeds));

/** An hourly space open all day in {@link TOWN}, its owner, and a feed of it at `path` serving {@link BUSY_FEED}, read once. */
async function spaceWithBusyFeed(path: string) {
  const owner = await signedInUser(t, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.user.id, {
    pricePeriod: 'hourly',
    pricePerDay: '40.00',
    city: TOWN,
    title: `${TOWN} ${path}`,
  });
  feeds.set(path, BUSY_FEED);
  const { url, feed, sync } = await addSyncedFeed(t, owner.cookie, space.id, `${feeds.base}${path}`);
  return { owner, space, url, feed, sync };
}

/** Which of the space's hours on {@link DAY} from 08:00 to 13:00 are available, by start. */
async function hours(spaceId: string): Promise<Record<string, boolean>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces/${spaceId}/availability?from=${DAY}&to=${DAY}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(SECRET);
  const slots = response.json<Availability>().days[0]!.slots;
  return Object.fromEntries(
    slots
      .filter((slot) => slot.start >= `${DAY}T08:00` && slot.start < `${DAY}T13:00`)
      .map((slot) => [slot.start.slice(11), slot.available]),
  );
}
const FREE = { '08:00': true, '09:00': true, '10:00': true, '11:00': true, '12:00': true };
const BLOCKED = { '08:00': true, '09:00': false, '10:00': false, '11:00': false, '12:00': true };

/** Whether search by date finds the space free from `from` to `to` on {@link DAY}. */
async function found(title: string, from: string, to: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/spaces?location=${TOWN}&availableOn=${DAY}&availableFrom=${from}&availableTo=${to}&limit=100`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ title: string }[]>().some((space) => space.title === title);
}

describe('imported busy times block the listing', () => {
  it('leave the booking calendar and search by date, refuse checkout with a 409, and never show the event', async () => {
    const { space } = await spaceWithBusyFeed('/busy.ics');
    expect(await hours(space.id)).toEqual(BLOCKED);
    expect(await found(space.title, '10:00', '11:00')).toBe(false);
    expect(await found(space.title, '12:00', '14:00')).toBe(true);

    const renter = await signedInUser(t);
    const refused = await createIntent(t, renter.cookie, space.id, { startDate: `${DAY}T11:00`, endDate: `${DAY}T13:00` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(TIME_BUSY);
    const allowed = await createIntent(t, renter.cookie, space.id, { startDate: `${DAY}T12:00`, endDate: `${DAY}T13:00` });
    expect(allowed.statusCode, allowed.body).toBe(200);

    const detail = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(SECRET);
    expect(detail.body).not.toContain(feeds.base);
  });

  it('free the time when the event leaves the feed, at the next sync', async () => {
    const { space, sync } = await spaceWithBusyFeed('/removed.ics');
    expect(await hours(space.id)).toEqual(BLOCKED);
    feeds.set('/removed.ics', feedOf([]));
    await sync();
    expect(await hours(space.id)).toEqual(FREE);
    expect(await found(space.title, '10:00', '11:00')).toBe(true);
    const renter = await signedInUser(t);
    const booked = await createIntent(t, renter.cookie, space.id, { startDate: `${DAY}T10:00`, endDate: `${DAY}T11:00` });
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('free the time when the feed is removed', async () => {
    const { owner, space, url, feed } = await spaceWithBusyFeed('/deleted.ics');
    expect(await found(space.title, '10:00', '11:00')).toBe(false);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${feed.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await hours(space.id)).toEqual(FREE);
    expect(await found(space.title, '10:00', '11:00')).toBe(true);
  });
  it('an all-day busy event closes a daily listing that date: not bookable, not found by date', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id, { city: TOWN, title: `${TOWN} daily` });
    const next = zoneDateAhead(11, ZONE);
    feeds.set('/all-day.ics', feedOf([{ start: localHour(DAY, 0, ZONE), end: localHour(next, 0, ZONE), summary: SECRET }]));
    await addSyncedFeed(t, owner.cookie, space.id, `${feeds.base}/all-day.ics`);
    const response = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}/availability?from=${DAY}&to=${next}` });
    expect(response.json<Availability>().days.map((day) => day.slots.map((slot) => slot.available))).toEqual([[false], [true]]);
    const search = async (date: string) => {
      const found = await t.app.inject({ method: 'GET', url: `/api/spaces?location=${TOWN}&availableOn=${date}&limit=100` });
      return found.json<{ title: string }[]>().some((listed) => listed.title === space.title);
    };
    expect(await search(DAY)).toBe(false);
    expect(await search(next)).toBe(true);
    const renter = await signedInUser(t);
    const refused = await createIntent(t, renter.cookie, space.id, { startDate: DAY, endDate: next });
    expect(refused.statusCode, refused.body).toBe(409);
  });
});
