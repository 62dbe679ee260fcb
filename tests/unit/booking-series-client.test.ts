/**
 * A recurring series on the client (docs/decisions/026-booking-series.md): the profile's lists
 * group occurrences by series and say what each series is
 * (src/client/features/booking-series/lib/series-groups.ts), and "Repeat weekly" previews what it
 * books (lib/repeat-weekly.ts) by the server's own expansion. Dates relative to today.
 */
import { describe, expect, it } from 'vitest';
import { shiftDate, weekdayOf } from '../../src/shared/availability';
import { WEEKDAYS } from '../../src/shared/constants';
import type { Booking } from '../../src/shared/schemas/bookings';
import { formatOccurrence } from '../../src/client/features/booking-series/lib/occurrence-text';
import {
  lastRepeatDate,
  maxRepeatCount,
  NO_REPEAT,
  previewRepeat,
  repeatWeekdays,
} from '../../src/client/features/booking-series/lib/repeat-weekly';
import { formatWeekdays, groupBySeries, summarizeSeries } from '../../src/client/features/booking-series/lib/series-groups';
import { futureDate } from '../helpers/dates';

/** The first date on or after `days` days from today that falls on `weekday`. */
function nextWeekday(days: number, weekday: (typeof WEEKDAYS)[number]): string {
  let date = futureDate(days);
  while (weekdayOf(date) !== weekday) date = shiftDate(date, 1);
  return date;
}

type Listed = Pick<Booking, 'id' | 'seriesId' | 'startDate' | 'endDate' | 'totalPrice' | 'status' | 'space'>;
const space = {
  title: 'Consult room',
  city: 'Boston',
  state: 'MA',
  timeZone: 'America/New_York',
  pricePeriod: 'session' as const,
  ownerId: crypto.randomUUID(),
};
let counter = 0;
/** A session booking 08:00-12:00 New York time on `date`. */
function booking(date: string, seriesId: string | null, fields: Partial<Listed> = {}): Listed {
  counter++;
  // 08:00 in New York is 12:00 or 13:00 UTC; 13:00 UTC is the same local date either way.
  const start = new Date(`${date}T13:00:00Z`);
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    seriesId,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    totalPrice: '60.00',
    status: 'confirmed',
    space,
    ...fields,
  };
}

describe('groupBySeries', () => {
  it('makes one item per series where the list first shows it, occurrences earliest first, other bookings untouched', () => {
    const series = crypto.randomUUID();
    const other = crypto.randomUUID();
    const tue = nextWeekday(10, 'tue');
    // Newest first, as the renter's list comes, with a single booking and a second series between.
    const list = [
      booking(shiftDate(tue, 9), series),
      booking(shiftDate(tue, 30), null),
      booking(shiftDate(tue, 2), series),
      booking(shiftDate(tue, 1), other),
      booking(tue, series),
    ];
    const items = groupBySeries(list);
    expect(items.map((item) => item.kind)).toEqual(['series', 'booking', 'series']);
    const [first, single, second] = items;
    if (first?.kind !== 'series' || single?.kind !== 'booking' || second?.kind !== 'series') throw new Error('unexpected items');
    expect(first.seriesId).toBe(series);
    expect(first.occurrences.map((occurrence) => occurrence.id)).toEqual([list[4]!.id, list[2]!.id, list[0]!.id]);
    expect(single.booking).toBe(list[1]);
    expect(second.occurrences).toEqual([list[3]]);
  });

  it('leaves a list without series as one item per booking, in order', () => {
    const list = [booking(futureDate(3), null), booking(futureDate(2), null)];
    expect(groupBySeries(list)).toEqual(list.map((item) => ({ kind: 'booking', booking: item })));
  });
});

describe('summarizeSeries', () => {
  it('says the weekdays, count, first and last dates, times, total, statuses and what is left to cancel', () => {
    const series = crypto.randomUUID();
    const tue = nextWeekday(10, 'tue');
    const occurrences = [0, 2, 7, 9, 14, 16].map((offset, index) =>
      booking(shiftDate(tue, offset), series, index === 0 ? { status: 'cancelled', totalPrice: '60.00' } : {}),
    );
    const summary = summarizeSeries(occurrences, new Date());
    const dateText = (date: string) =>
      new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(summary.weekdays).toEqual(['tue', 'thu']);
    expect(summary.text).toBe(`Weekly on Tue, Thu · 6 bookings · from ${dateText(tue)} to ${dateText(shiftDate(tue, 16))}`);
    expect(summary.times).toBe('8:00 AM – 12:00 PM');
    expect(summary.totalCents).toBe(36_000);
    expect(summary.statuses).toEqual([
      { status: 'confirmed', count: 5 },
      { status: 'cancelled', count: 1 },
    ]);
    expect(summary.upcoming).toBe(5);
    // Seen while the third occurrence takes place, it and the later ones are left; once it has ended, the later ones.
    expect(summarizeSeries(occurrences, new Date(Date.parse(occurrences[2]!.startDate) + 1)).upcoming).toBe(4);
    expect(summarizeSeries(occurrences, new Date(Date.parse(occurrences[2]!.endDate) + 1)).upcoming).toBe(3);
  });

  it('counts the confirmed occurrences that have ended as completed, not confirmed', () => {
    const series = crypto.randomUUID();
    const tue = nextWeekday(10, 'tue');
    const occurrences = [0, 2, 7].map((offset) => booking(shiftDate(tue, offset), series));
    // Seen after the second one has ended: the first two completed, the third still confirmed.
    const summary = summarizeSeries(occurrences, new Date(Date.parse(occurrences[1]!.endDate) + 1));
    expect(summary.statuses).toEqual([
      { status: 'confirmed', count: 1 },
      { status: 'completed', count: 2 },
    ]);
  });

  it('has no times for days, and says one booking', () => {
    const daily = { ...space, pricePeriod: 'daily' as const };
    const summary = summarizeSeries([booking(nextWeekday(5, 'fri'), crypto.randomUUID(), { space: daily })], new Date());
    expect(summary.times).toBeNull();
    expect(summary.text).toMatch(/^Weekly on Fri · 1 booking · from /);
  });

  it('names weekdays in the week’s order', () => {
    expect(formatWeekdays(['thu', 'mon', 'sun'])).toBe('Mon, Thu, Sun');
  });
});

describe('previewRepeat', () => {
  const tue = nextWeekday(7, 'tue');
  const first = { startDate: `${tue}T08:00`, endDate: `${tue}T12:00` };

  it('is null while not repeating', () => {
    expect(previewRepeat('session', first, NO_REPEAT)).toBeNull();
  });

  it('books Tuesdays and Thursdays for 6 weeks: 12 occurrences at the first one’s times', () => {
    const preview = previewRepeat('session', first, { ...NO_REPEAT, on: true, weekdays: ['thu'], end: 'count', count: 12 });
    if (!preview?.ok) throw new Error(`not ok: ${JSON.stringify(preview)}`);
    expect(preview.recurrence).toEqual({ weekdays: ['tue', 'thu'], count: 12 });
    expect(preview.occurrences).toHaveLength(12);
    expect(preview.occurrences[0]).toEqual(first);
    expect(preview.occurrences[1]).toEqual({ startDate: `${shiftDate(tue, 2)}T08:00`, endDate: `${shiftDate(tue, 2)}T12:00` });
    expect(preview.occurrences[11]!.startDate).toBe(`${shiftDate(tue, 37)}T08:00`);
  });

  it('always includes the first booking’s weekday, and ends on a date inclusive', () => {
    const preview = previewRepeat('session', first, { ...NO_REPEAT, on: true, weekdays: [], end: 'until', until: shiftDate(tue, 14) });
    if (!preview?.ok) throw new Error('not ok');
    expect(preview.recurrence).toEqual({ weekdays: ['tue'], until: shiftDate(tue, 14) });
    expect(preview.occurrences.map((occurrence) => occurrence.startDate.slice(0, 10))).toEqual([
      tue,
      shiftDate(tue, 7),
      shiftDate(tue, 14),
    ]);
    expect(repeatWeekdays({ weekdays: ['fri'] }, tue)).toEqual(['tue', 'fri']);
  });

  it('asks for an end date, and refuses one beyond 26 weeks', () => {
    expect(previewRepeat('session', first, { ...NO_REPEAT, on: true, end: 'until', until: '' })).toEqual({
      ok: false,
      message: 'Choose the date of the last booking.',
    });
    expect(lastRepeatDate(tue)).toBe(shiftDate(tue, 26 * 7 - 1));
    const late = previewRepeat('session', first, { ...NO_REPEAT, on: true, end: 'until', until: shiftDate(tue, 26 * 7) });
    expect(late).toEqual({ ok: false, message: 'A booking can repeat for at most 26 weeks.' });
  });

  it('refuses more bookings than 26 weeks hold, and says how many fit', () => {
    expect(maxRepeatCount({ weekdays: ['thu'] }, tue)).toBe(52);
    expect(previewRepeat('session', first, { ...NO_REPEAT, on: true, weekdays: ['thu'], count: 52 })?.ok).toBe(true);
    expect(previewRepeat('session', first, { ...NO_REPEAT, on: true, weekdays: ['thu'], count: 53 })).toEqual({
      ok: false,
      message: 'A booking can repeat for at most 26 weeks.',
    });
  });

  it('repeats days with their length, and words them', () => {
    const fri = nextWeekday(7, 'fri');
    const preview = previewRepeat('daily', { startDate: fri, endDate: shiftDate(fri, 1) }, { ...NO_REPEAT, on: true, count: 2 });
    if (!preview?.ok) throw new Error('not ok');
    expect(preview.occurrences).toEqual([
      { startDate: fri, endDate: shiftDate(fri, 1) },
      { startDate: shiftDate(fri, 7), endDate: shiftDate(fri, 8) },
    ]);
    expect(formatOccurrence(preview.occurrences[0]!, 'daily')).toMatch(/^Fri, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(formatOccurrence(first, 'session')).toMatch(/^Tue, [A-Z][a-z]{2} \d{1,2}, \d{4}, 8:00 AM – 12:00 PM$/);
  });
});
