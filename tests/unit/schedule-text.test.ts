import { describe, expect, it } from 'vitest';
import { EMPTY_LISTING, scheduleErrors, toSchedule, type ScheduleFormValues } from '../../src/client/features/spaces/lib/listing-form';
import {
  bookingRulesText,
  formatDateRange,
  formatWeekdays,
  groupWeeklyHours,
  timeOptions,
} from '../../src/client/features/spaces/lib/schedule-text';

const split = [
  { start: '13:00', end: '17:00' },
  { start: '08:00', end: '12:00' },
];

describe('groupWeeklyHours', () => {
  it('groups weekdays with the same hours, runs as ranges, closed days last', () => {
    expect(
      groupWeeklyHours({ mon: split, tue: split, wed: split, thu: split, fri: split, sat: [{ start: '09:00', end: '13:00' }], sun: [] }),
    ).toEqual([
      { days: 'Mon–Fri', hours: '08:00–12:00, 13:00–17:00' },
      { days: 'Sat', hours: '09:00–13:00' },
      { days: 'Sun', hours: '' },
    ]);
  });

  it('lists days apart with commas and counts a day left out as closed', () => {
    expect(groupWeeklyHours({ tue: split, thu: split })).toEqual([
      { days: 'Tue, Thu', hours: '08:00–12:00, 13:00–17:00' },
      { days: 'Mon, Wed, Fri–Sun', hours: '' },
    ]);
  });

  it('is null when the space is open every day, all day', () => {
    expect(groupWeeklyHours(null)).toBeNull();
    expect(groupWeeklyHours({ mon: [], tue: [] })).toBeNull();
  });
});

describe('formatWeekdays', () => {
  it('joins two neighbours with a comma and three or more with a dash', () => {
    expect(formatWeekdays(['sat', 'sun'])).toBe('Sat, Sun');
    expect(formatWeekdays(['fri', 'mon', 'wed', 'tue'])).toBe('Mon–Wed, Fri');
  });
});

describe('bookingRulesText', () => {
  it('says the buffer, notice and horizon in words and leaves out what is none', () => {
    expect(bookingRulesText({ bufferMinutes: 15, minNoticeHours: 24, maxAdvanceDays: 90 })).toEqual([
      '15 minutes kept free between bookings for cleaning and turnover.',
      'Book at least 24 hours before the start.',
      'Bookable up to 90 days ahead.',
    ]);
    expect(bookingRulesText({ bufferMinutes: 0, minNoticeHours: 1, maxAdvanceDays: null })).toEqual([
      'Book at least 1 hour before the start.',
    ]);
    expect(bookingRulesText(null)).toEqual([]);
  });
});

describe('formatDateRange', () => {
  it('writes a range, one day, and the year only when it is not this year', () => {
    expect(formatDateRange('2019-12-24', '2019-12-26', 2019)).toBe('Dec 24 – Dec 26');
    expect(formatDateRange('2019-07-04', '2019-07-04', 2019)).toBe('Jul 4');
    expect(formatDateRange('2019-12-31', '2020-01-01', 2019)).toBe('Dec 31 – Jan 1, 2020');
  });
});

describe('timeOptions', () => {
  it('offers every 15 minutes of the day, 24:00 last', () => {
    const times = timeOptions();
    expect(times).toHaveLength(97);
    expect(times.slice(0, 2)).toEqual(['00:00', '00:15']);
    expect(times.at(-1)).toBe('24:00');
  });
});

describe('the wizard schedule', () => {
  const schedule = (patch: Partial<ScheduleFormValues>): ScheduleFormValues => ({ ...EMPTY_LISTING.schedule, ...patch });
  const closed = EMPTY_LISTING.schedule.weeklyHours;

  it('sends no schedule when it says nothing beyond open every day, all day', () => {
    expect(toSchedule(EMPTY_LISTING.schedule, 'daily')).toBeNull();
    expect(toSchedule(schedule({ maxAdvanceDays: '90' }), 'hourly')).toMatchObject({
      weeklyHours: null,
      maxAdvanceDays: 90,
      minNoticeHours: 0,
    });
  });

  it('sends sessions only for a listing priced per session', () => {
    const morning = schedule({ sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }] });
    expect(toSchedule(morning, 'daily')).toBeNull();
    expect(toSchedule(morning, 'session')).toMatchObject({ sessions: morning.sessions });
  });

  it('reports overlapping intervals, sessions outside the hours and a session listing without sessions at their fields', () => {
    const values = {
      pricePeriod: 'session' as const,
      blockedDates: [{ start: '2019-05-04', end: '2019-05-01', note: '' }],
      schedule: schedule({
        openAllDay: false,
        weeklyHours: {
          ...closed,
          tue: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
        sessions: [{ name: 'Evening', start: '17:00', end: '21:00' }],
      }),
    };
    expect(scheduleErrors(values)).toEqual({
      'weeklyHours.tue.1.start': 'Opening hours must not overlap or touch: make them one interval',
      'sessions.0.end': 'Each session must fit inside the opening hours of a day',
      'blockedDates.0.end': 'The last day must be on or after the first day',
    });
    expect(scheduleErrors({ ...values, blockedDates: [], schedule: schedule({}) })).toEqual({
      sessions: 'A listing priced per session needs at least one session',
    });
    expect(scheduleErrors({ pricePeriod: 'hourly', blockedDates: [], schedule: schedule({ openAllDay: false }) })).toHaveProperty(
      'weeklyHours',
    );
  });
});
