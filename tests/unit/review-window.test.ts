import { describe, expect, it } from 'vitest';
import { offersReview } from '../../src/client/features/reviews/lib/reviewable';
import { reviewReminderDueAt, reviewWindow, reviewWindowState, stayEnd } from '../../src/shared/reviews';

const DAY = 24 * 60 * 60 * 1000;

describe('the review window', () => {
  const end = new Date('2025-03-10T17:00:00.000Z');

  it('opens at the end of the stay and closes 14 days later, exclusive; the reminder is due 7 days on', () => {
    expect(reviewWindow(end).closesAt.toISOString()).toBe('2025-03-24T17:00:00.000Z');
    expect(reviewWindowState(end, new Date(end.getTime() - 1))).toBe('not_ended');
    expect(reviewWindowState(end, end)).toBe('open');
    expect(reviewWindowState(end, new Date(end.getTime() + 14 * DAY - 1))).toBe('open');
    expect(reviewWindowState(end, new Date(end.getTime() + 14 * DAY))).toBe('closed');
    expect(reviewReminderDueAt(end).toISOString()).toBe('2025-03-17T17:00:00.000Z');
  });

  it('ends a stay with its last confirmed booking', () => {
    expect(stayEnd([])).toBeNull();
    expect(stayEnd([end, new Date(end.getTime() + DAY), new Date(end.getTime() - DAY)])).toEqual(new Date(end.getTime() + DAY));
  });

  it("offers a review under a series' last confirmed occurrence only, once it has ended", () => {
    const now = end.getTime() + DAY;
    const occurrence = (id: string, days: number, status = 'confirmed') => ({
      id,
      status,
      seriesId: 'series',
      endDate: new Date(end.getTime() + days * DAY).toISOString(),
    });
    const list = [occurrence('a', -7), occurrence('b', 0), occurrence('c', 7, 'cancelled')];
    expect(list.map((booking) => offersReview(booking, list, now))).toEqual([false, true, false]);
    const running = [occurrence('a', 0), occurrence('b', 7)];
    expect(running.map((booking) => offersReview(booking, running, now))).toEqual([false, false]);
    const single = { id: 's', status: 'confirmed', seriesId: null, endDate: end.toISOString() };
    expect(offersReview(single, [single], now)).toBe(true);
    expect(offersReview(single, [single], end.getTime() + 15 * DAY)).toBe(false);
    expect(offersReview({ ...single, status: 'cancelled' }, [single], now)).toBe(false);
  });
});
