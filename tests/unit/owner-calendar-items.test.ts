/**
 * The owner's calendar items (docs/product.md#calendar): bookings at their space's wall-clock
 * times (whole days all-day), blocked ranges all-day through their last date, the space filter,
 * the dates each view asks for, and the "Dec 24 – Dec 26" label.
 */
import { describe, expect, it } from 'vitest';
import { calendarItems, visibleRange, wallClock } from '../../src/client/features/owner-calendar/lib/calendar-items';
import { rangeLabel } from '../../src/client/features/owner-calendar/lib/range-label';
import type { CalendarEvents } from '../../src/shared/schemas/availability';

const events: CalendarEvents = {
  spaces: [
    { id: 's1', title: 'Room One', timeZone: 'America/New_York' },
    { id: 's2', title: 'Room Two', timeZone: 'America/Los_Angeles' },
  ],
  bookings: [
    {
      bookingId: 'b1',
      spaceId: 's1',
      spaceTitle: 'Room One',
      status: 'confirmed',
      startAt: '2019-03-04T05:00:00.000Z',
      endAt: '2019-03-06T05:00:00.000Z',
      start: '2019-03-04T00:00',
      end: '2019-03-06T00:00',
      renterFirstName: 'Rosa',
    },
    {
      bookingId: 'b2',
      spaceId: 's2',
      spaceTitle: 'Room Two',
      status: 'awaiting_payment',
      startAt: '2019-03-04T17:00:00.000Z',
      endAt: '2019-03-04T19:00:00.000Z',
      start: '2019-03-04T09:00',
      end: '2019-03-04T11:00',
      renterFirstName: 'Sam',
    },
  ],
  blockedDates: [{ id: 'x1', spaceId: 's2', spaceTitle: 'Room Two', start: '2019-03-10', end: '2019-03-12', note: 'Painting' }],
};

describe('calendarItems', () => {
  it('draws bookings at their space’s local times, whole days all-day, and blocked ranges through their last date', () => {
    const items = calendarItems(events, null);
    const byId = Object.fromEntries(items.map((item) => [item.id, item]));
    expect(byId['booking-b1']).toMatchObject({ allDay: true, title: 'Confirmed · Rosa · Room One' });
    expect(byId['booking-b1']!.start).toEqual(new Date(2019, 2, 4));
    expect(byId['booking-b2']).toMatchObject({ allDay: false, title: 'Hold · Sam · Room Two' });
    expect(byId['booking-b2']!.start).toEqual(new Date(2019, 2, 4, 9, 0));
    expect(byId['booking-b2']!.end).toEqual(new Date(2019, 2, 4, 11, 0));
    expect(byId['blocked-x1']).toMatchObject({ kind: 'blocked', allDay: true, title: 'Blocked: Painting · Room Two' });
    expect(byId['blocked-x1']!.start).toEqual(new Date(2019, 2, 10));
    expect(byId['blocked-x1']!.end).toEqual(new Date(2019, 2, 13));
  });

  it('keeps one space’s items when filtered', () => {
    expect(calendarItems(events, 's1').map((item) => item.id)).toEqual(['booking-b1']);
  });
});

describe('visibleRange', () => {
  it('asks for the whole weeks of a month, a week, or the agenda’s 30 days', () => {
    const date = wallClock('2019-03-13');
    expect(visibleRange('month', date)).toEqual({ from: '2019-02-24', to: '2019-04-06' });
    expect(visibleRange('week', date)).toEqual({ from: '2019-03-10', to: '2019-03-16' });
    expect(visibleRange('agenda', date)).toEqual({ from: '2019-03-13', to: '2019-04-11' });
  });
});

describe('rangeLabel', () => {
  it('names one day or a range, and "dates" while one is not a date', () => {
    expect(rangeLabel('2019-12-24', '2019-12-26')).toBe('Dec 24 – Dec 26');
    expect(rangeLabel('2019-12-24', '2019-12-24')).toBe('Dec 24');
    expect(rangeLabel('2019-12-24', '')).toBe('dates');
  });
});
