/**
 * A schedule change cancels nothing (docs/product.md#schedules): a booking
 * that the listing's new hours or blocked dates leave out stays confirmed, and the owner's list of
 * their spaces' bookings flags it with `outsideSchedule`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleInput } from '../../src/shared/schemas/schedules';
import { createBooking, paidIntent } from '../helpers/booking-flow';
import { futureWeekday } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const TUE = 2;
const THU = 4;
const halfDays = [
  { start: '08:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
];
const sessions = [
  { name: 'Morning', start: '08:00', end: '12:00' },
  { name: 'Afternoon', start: '13:00', end: '17:00' },
];
const schedule = (weeklyHours: ScheduleInput['weeklyHours'], sessionList = sessions): ScheduleInput => ({
  weeklyHours,
  sessions: sessionList,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxAdvanceDays: null,
});

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Consult Room, Tuesdays and Thursdays',
  description: 'A consult room booked by the half day.',
  spaceType: 'Consultation Room',
  capacity: 1,
  address: '200 Clarendon St',
  city: 'Boston',
  state: 'MA',
  zipCode: '02116',
  latitude: 42.3496,
  longitude: -71.0746,
  pricePerDay: '90',
  pricePeriod: 'session',
  schedule: schedule({ tue: halfDays, thu: halfDays }),
  ...overrides,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  id: string;
  status: string;
  outsideSchedule: boolean;
}

describe('the owner’s flag on bookings outside the current schedule', () => {
  it('keeps a booking the new hours leave out confirmed and flags it; blocked dates flag too; others stay unflagged', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const renter = await signedInUser(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing() });
    expect(created.statusCode, created.body).toBe(201);
    const spaceId = (created.json() as { id: string }).id;

    const book = async (date: string, start: string, end: string) => {
      const paid = await paidIntent(t, renter.cookie, spaceId, { startDate: `${date}T${start}`, endDate: `${date}T${end}` });
      const booked = await createBooking(t, renter.cookie, paid.booking);
      expect(booked.statusCode, booked.body).toBe(201);
      return paid.bookingId;
    };
    const tuesday = futureWeekday(TUE, 7);
    const thursday = futureWeekday(THU, 7);
    const tuesdayMorning = await book(tuesday, '08:00', '12:00');
    const thursdayMorning = await book(thursday, '08:00', '12:00');
    const thursdayAfternoon = await book(thursday, '13:00', '17:00');

    const listed = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${owner.user.id}/space-bookings`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return new Map((response.json() as Listed[]).map((booking) => [booking.id, booking]));
    };
    const flags = async () => {
      const bookings = await listed();
      return [tuesdayMorning, thursdayMorning, thursdayAfternoon].map((id) => bookings.get(id)?.outsideSchedule);
    };
    expect(await flags()).toEqual([false, false, false]);

    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/spaces/${spaceId}`, headers: { cookie: owner.cookie }, payload: listing(payload) });
    // Thursdays only, and only the morning session: Tuesday's booking is closed, Thursday's afternoon not a session.
    const changed = await put({ schedule: schedule({ thu: halfDays }, [sessions[0]!]) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await flags()).toEqual([true, false, true]);
    const bookings = await listed();
    expect([tuesdayMorning, thursdayMorning, thursdayAfternoon].map((id) => bookings.get(id)?.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);

    // Back to both days, with Thursday blocked: only Thursday's bookings are flagged.
    const blocked = await put({ blockedDates: [{ start: thursday, end: thursday, note: 'Boiler service' }] });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await flags()).toEqual([false, true, true]);

    // Nobody else sees the owner's list.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/space-bookings`,
      headers: { cookie: renter.cookie },
    });
    expect(other.statusCode).toBe(403);
  });
});
