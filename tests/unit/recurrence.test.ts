/** Weekly recurrence (src/shared/recurrence.ts): which occurrences a repeat makes, and what it refuses. The rule is pure, so fixed dates never expire. */
import { describe, expect, it } from 'vitest';
import { BookingRuleError } from '../../src/shared/booking-rules';
import { expandRecurrence } from '../../src/shared/recurrence';
import { recurrenceSchema } from '../../src/shared/schemas/booking-series';

// 2026-06-02 is a Tuesday.
const morning = { startDate: '2026-06-02T08:00', endDate: '2026-06-02T12:00' };

describe('expandRecurrence', () => {
  it('repeats the times on each chosen weekday from the first date: 6 weeks of Tue and Thu is 12 occurrences', () => {
    const occurrences = expandRecurrence('session', morning, { weekdays: ['tue', 'thu'], count: 12 });
    expect(occurrences).toHaveLength(12);
    expect(occurrences.slice(0, 3)).toEqual([
      morning,
      { startDate: '2026-06-04T08:00', endDate: '2026-06-04T12:00' },
      { startDate: '2026-06-09T08:00', endDate: '2026-06-09T12:00' },
    ]);
    expect(occurrences.at(-1)).toEqual({ startDate: '2026-07-09T08:00', endDate: '2026-07-09T12:00' });
  });

  it('ends on a date, inclusive, and keeps wall-clock times across a daylight-saving change', () => {
    const fall = { startDate: '2026-10-27T09:00', endDate: '2026-10-27T10:00' };
    expect(expandRecurrence('hourly', fall, { weekdays: ['tue'], until: '2026-11-10' })).toEqual([
      fall,
      { startDate: '2026-11-03T09:00', endDate: '2026-11-03T10:00' },
      { startDate: '2026-11-10T09:00', endDate: '2026-11-10T10:00' },
    ]);
  });

  it('repeats a daily booking with its length in days', () => {
    expect(expandRecurrence('daily', { startDate: '2026-06-01', endDate: '2026-06-03' }, { weekdays: ['mon'], count: 2 })).toEqual([
      { startDate: '2026-06-01', endDate: '2026-06-03' },
      { startDate: '2026-06-08', endDate: '2026-06-10' },
    ]);
  });

  it('refuses a monthly repeat, a first date off the weekdays, and anything past 26 weeks', () => {
    expect(() => expandRecurrence('monthly', { startDate: '2026-06-01', endDate: '2026-07-01' }, { weekdays: ['mon'], count: 2 })).toThrow(
      BookingRuleError,
    );
    expect(() => expandRecurrence('session', morning, { weekdays: ['wed'], count: 2 })).toThrow('must fall on one of the weekdays');
    expect(expandRecurrence('session', morning, { weekdays: ['tue'], count: 26 })).toHaveLength(26);
    expect(() => expandRecurrence('session', morning, { weekdays: ['tue'], count: 27 })).toThrow('at most 26 weeks');
    expect(expandRecurrence('session', morning, { weekdays: ['tue'], until: '2026-11-24' })).toHaveLength(26);
    expect(() => expandRecurrence('session', morning, { weekdays: ['tue'], until: '2026-12-01' })).toThrow('at most 26 weeks');
    expect(() => expandRecurrence('session', morning, { weekdays: ['tue'], until: '2026-06-01' })).toThrow('on or after the first');
  });
});

describe('recurrenceSchema', () => {
  it('needs weekdays, known and once each, and exactly one end', () => {
    const paths = (input: unknown) => recurrenceSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ weekdays: [], count: 2 })).toEqual(['weekdays']);
    expect(paths({ weekdays: ['tue', 'tue'], count: 2 })).toEqual(['weekdays']);
    expect(paths({ weekdays: ['someday'], count: 2 })).toEqual(['weekdays.0']);
    expect(paths({ weekdays: ['tue'] })).toEqual(['until']);
    expect(paths({ weekdays: ['tue'], count: 2, until: '2026-07-01' })).toEqual(['until']);
    expect(paths({ weekdays: ['tue'], count: 200 })).toEqual(['count']);
    expect(recurrenceSchema.parse({ weekdays: ['tue', 'thu'], until: '2026-07-01' })).toEqual({
      weekdays: ['tue', 'thu'],
      until: '2026-07-01',
    });
  });
});
