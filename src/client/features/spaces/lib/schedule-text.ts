/**
 * Plain words for a listing's schedule (docs/product.md#schedules): weekdays with the same
 * opening hours grouped ("Mon–Fri 08:00–12:00, 13:00–17:00"), the buffer, notice and horizon,
 * and blocked date ranges ("Dec 24 – Dec 26"). Pure, so the wizard and the space page share it.
 */
import { SCHEDULE_STEP_MINUTES, WEEKDAYS, type Weekday } from '@/shared/constants';
import type { OpeningInterval, Schedule, WeeklyHours } from '@/shared/schemas/schedules';
import { MINUTES_PER_DAY, timeOfDay } from '@/shared/time-of-day';

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const WEEKDAY_SHORT: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** The times a schedule's select offers, `HH:mm` on its 15-minute step, from `first` to `last` minutes inclusive. */
export function timeOptions(first = 0, last = MINUTES_PER_DAY): string[] {
  const times: string[] = [];
  for (let minutes = first; minutes <= last; minutes += SCHEDULE_STEP_MINUTES) times.push(timeOfDay(minutes));
  return times;
}

/** "08:00–12:00, 13:00–17:00", earliest first. */
export function formatIntervals(intervals: readonly OpeningInterval[]): string {
  return [...intervals]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((interval) => `${interval.start}–${interval.end}`)
    .join(', ');
}

/** Weekdays as runs: ['mon','tue','wed','fri'] → "Mon–Wed, Fri". */
export function formatWeekdays(days: readonly Weekday[]): string {
  const indexes = days.map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const index of indexes) {
    const last = runs.at(-1);
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return runs
    .map(([from, to]) => {
      const first = WEEKDAY_SHORT[WEEKDAYS[from]!];
      if (from === to) return first;
      return `${first}${to === from + 1 ? ', ' : '–'}${WEEKDAY_SHORT[WEEKDAYS[to]!]}`;
    })
    .join(', ');
}

/** One line of opening hours: the weekdays that share them, and the hours ("" when those days are closed). */
export interface HoursLine {
  days: string;
  hours: string;
}

/**
 * The opening hours as lines of weekdays with the same hours, in weekday order of their first day,
 * the closed days last ("Closed"); null when the space is open every day, all day.
 */
export function groupWeeklyHours(hours: WeeklyHours | null | undefined): HoursLine[] | null {
  if (!hours || !WEEKDAYS.some((day) => (hours[day]?.length ?? 0) > 0)) return null;
  const groups = new Map<string, Weekday[]>();
  for (const day of WEEKDAYS) {
    const key = formatIntervals(hours[day] ?? []);
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  const lines = [...groups].filter(([key]) => key !== '').map(([key, days]) => ({ days: formatWeekdays(days), hours: key }));
  const closed = groups.get('');
  if (closed) lines.push({ days: formatWeekdays(closed), hours: '' });
  return lines;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The buffer, notice and horizon in plain words, one sentence each; those left at none are left out. */
export function bookingRulesText(schedule: Pick<Schedule, 'bufferMinutes' | 'minNoticeHours' | 'maxAdvanceDays'> | null): string[] {
  if (!schedule) return [];
  const lines: string[] = [];
  if (schedule.bufferMinutes > 0)
    lines.push(`${plural(schedule.bufferMinutes, 'minute')} kept free between bookings for cleaning and turnover.`);
  if (schedule.minNoticeHours > 0) lines.push(`Book at least ${plural(schedule.minNoticeHours, 'hour')} before the start.`);
  if (schedule.maxAdvanceDays) lines.push(`Bookable up to ${plural(schedule.maxAdvanceDays, 'day')} ahead.`);
  return lines;
}

const day = (date: string) => new Date(`${date}T12:00:00`);

/** "Dec 24 – Dec 26", "Dec 24" for one day; the year is added when it is not `thisYear`. */
export function formatDateRange(start: string, end: string, thisYear = new Date().getFullYear()): string {
  // Intl, not date-fns's format: this runs on the space page, whose first load is kept small.
  const label = (date: string) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      ...(Number(date.slice(0, 4)) === thisYear ? {} : { year: 'numeric' }),
    }).format(day(date));
  const first = label(start);
  return start === end ? first : `${first} – ${label(end)}`;
}
