/**
 * Availability: what of a listing can be booked, from its schedule (weekly hours, sessions,
 * buffer, minimum notice, horizon), its blocked dates and the ranges already taken
 * (docs/product.md#schedules). One module answers both questions the app asks: the free slots of
 * some days ({@link availableDays}, GET /api/spaces/{id}/availability and the booking dialog) and
 * whether one booking fits ({@link scheduleProblem}, checked by the server before every hold).
 *
 * Time: instants are UTC `Date`s; dates `YYYY-MM-DD` and times `HH:mm` are local to the space's
 * IANA time zone, so a day may last 23 or 25 hours (daylight saving) and slots are stepped in real
 * time. A taken range keeps `bufferMinutes` free after it, and a new booking needs the listing's
 * buffer free after it: the same rule as the database's exclusion constraint on
 * `[start_at, blocked_until)` (docs/decisions/025-schedules.md).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { bookedByTime, earliestBookingStart } from './booking-rules';
import { SCHEDULE_STEP_MINUTES, WEEKDAYS, type PricingPeriod, type Weekday } from './constants';
import { dayHours, type BlockedDate, type Schedule } from './schemas/schedules';
import { type AvailabilityDay, type AvailabilitySlot } from './schemas/availability';
import { MINUTES_PER_DAY, minutesOfDay } from './time-of-day';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS = SCHEDULE_STEP_MINUTES * MINUTE_MS;

/** What the rules need of a listing. `schedule` null: open every day, all day, no buffer, notice or horizon. */
export interface ListingCalendar {
  period: PricingPeriod;
  timeZone: string;
  schedule: Schedule | null;
  blockedDates: readonly Pick<BlockedDate, 'start' | 'end'>[];
}

/**
 * A range the listing cannot be booked in: a booking that holds its range, [startAt, endAt) plus the
 * buffer kept free after it, minutes; or, when `busy`, a busy time imported from the owner's own
 * calendar (docs/decisions/038-calendar-import.md), held like a booking (with buffer 0) but refused
 * as `busy` and distinct from the owner's blocked dates.
 */
export interface TakenRange {
  startAt: Date;
  endAt: Date;
  bufferMinutes: number;
  busy?: boolean;
}

/** Why a booking cannot be made, in the order the server checks. */
export type ScheduleProblem = 'closed' | 'blocked' | 'not_a_session' | 'notice' | 'horizon' | 'taken' | 'busy' | 'buffer';

/** The buffer a listing's new bookings keep after them, minutes: only hours and sessions have one (days run midnight to midnight). */
export function bookingBufferMinutes(calendar: Pick<ListingCalendar, 'period' | 'schedule'>): number {
  return calendar.period === 'hourly' || calendar.period === 'session' ? (calendar.schedule?.bufferMinutes ?? 0) : 0;
}

/** Each zone's UTC offset (ms) at UTC midnights, by zone and day: one `Intl` call per zone and day, kept for the process. */
const midnightOffsets = new Map<string, Map<number, number>>();
/** Days kept per zone before its offsets are dropped and read again (some 270 years of days). */
const MAX_OFFSET_DAYS = 100_000;

/** The UTC offset of `timeZone` at the instant `utcMidnight` (a UTC midnight), ms; NaN for a zone `Intl` does not know. */
function offsetAtUtcMidnight(timeZone: string, utcMidnight: number): number {
  let offsets = midnightOffsets.get(timeZone);
  if (!offsets) midnightOffsets.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(utcMidnight);
  if (offset === undefined) {
    if (offsets.size >= MAX_OFFSET_DAYS) offsets.clear();
    offset = tzOffset(timeZone, new Date(utcMidnight)) * MINUTE_MS;
    offsets.set(utcMidnight, offset);
  }
  return offset;
}

/**
 * The instant of local `date` (`YYYY-MM-DD`) plus `minutes` in `timeZone` (1440 is the next midnight).
 *
 * Called for every open interval of every date of a range (occupancy over 15 months, availability),
 * so it avoids `TZDate`'s several `Intl` calls when it can: any wall time of `date` lies between the
 * UTC midnights a day before and two days after it (offsets are within ±14 hours), and when the zone's
 * offset is the same at both (no daylight-saving change between them: zones change at most once in
 * three days) the wall time has exactly that offset. On the days around a change, `TZDate` decides,
 * with its rules for the skipped and the repeated hour.
 */
export function localInstant(date: string, minutes: number, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  if (minutes >= 0 && minutes <= MINUTES_PER_DAY) {
    const offset = offsetAtUtcMidnight(timeZone, utcMidnight - DAY_MS);
    if (offset === offsetAtUtcMidnight(timeZone, utcMidnight + 2 * DAY_MS)) return new Date(utcMidnight + minutes * MINUTE_MS - offset);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = new TZDate(year, month - 1, day, 0, 0, timeZone);
  if (minutes === 0) return new Date(midnight.getTime());
  const wall = new TZDate(year, month - 1, day, Math.floor(minutes / 60), minutes % 60, timeZone);
  return new Date(wall.getTime());
}

/**
 * The local wall time of `instant` in `timeZone` as UTC ISO-8601 text (`YYYY-MM-DDTHH:mm:ss.sssZ`, its
 * zone ignored), when the zone's offset is the same at the UTC midnights before and after it (no clock
 * change that UTC day: zones change at most once in three days); otherwise null. Spares `TZDate` and
 * `format` (some 40 µs a call) for the dates and times of most instants.
 */
function steadyWallTime(instant: Date, timeZone: string): string | null {
  const at = instant.getTime();
  const midnight = Math.floor(at / DAY_MS) * DAY_MS;
  const offset = offsetAtUtcMidnight(timeZone, midnight);
  if (offset !== offsetAtUtcMidnight(timeZone, midnight + DAY_MS)) return null; // a clock change, or a zone Intl does not know (NaN)
  const text = new Date(at + offset).toISOString();
  return text.length === 24 ? text : null; // years 0 to 9999 only
}

/** Local `YYYY-MM-DDTHH:mm` of an instant in `timeZone` (the booking format of hours and sessions). */
export function localDateTime(instant: Date, timeZone: string): string {
  return steadyWallTime(instant, timeZone)?.slice(0, 16) ?? format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** Local `YYYY-MM-DD` of an instant in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return steadyWallTime(instant, timeZone)?.slice(0, 10) ?? format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The date `days` after `date`, both `YYYY-MM-DD` (calendar arithmetic, no zone). */
export function shiftDate(date: string, days: number): string {
  // In UTC, where every day has 24 hours: date-fns' addDays counts in the runtime's own zone, and a
  // browser east of UTC (Berlin) made 2026-03-29 plus one day 2026-03-29 again, looping its date loops.
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days between two `YYYY-MM-DD` dates (`to` minus `from`; calendar arithmetic, no zone). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The weekday of `date` (`YYYY-MM-DD`). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Whether `date` falls in one of the blocked ranges (ends inclusive). */
function isBlocked(calendar: ListingCalendar, date: string): boolean {
  return calendar.blockedDates.some((range) => range.start <= date && date <= range.end);
}

/** The opening intervals of local `date` as instants: the whole day when the hours leave it open all day; none when closed or blocked. */
function openingIntervals(calendar: ListingCalendar, date: string): { start: Date; end: Date }[] {
  if (isBlocked(calendar, date)) return [];
  const intervals = dayHours(calendar.schedule?.weeklyHours, weekdayOf(date));
  const minutes = intervals?.map((interval) => [minutesOfDay(interval.start)!, minutesOfDay(interval.end)!] as const) ?? [
    [0, MINUTES_PER_DAY] as const,
  ];
  return minutes.map(([start, end]) => ({
    start: localInstant(date, start, calendar.timeZone),
    end: localInstant(date, end, calendar.timeZone),
  }));
}

/**
 * What a listing offers on local `date` (`YYYY-MM-DD`), as instants: for a session listing, each of
 * its sessions that fits inside the day's opening hours (what {@link availableDays} offers); for
 * the others, the day's opening intervals (the whole day when the hours leave it open all day).
 * None when the date is closed or blocked. The opening hours that occupancy (./occupancy.ts)
 * counts a booked time against.
 */
export function offeredIntervals(calendar: ListingCalendar, date: string): { start: Date; end: Date }[] {
  const intervals = openingIntervals(calendar, date);
  if (calendar.period !== 'session') return intervals;
  return (calendar.schedule?.sessions ?? [])
    .map((session) => ({
      start: localInstant(date, minutesOfDay(session.start)!, calendar.timeZone),
      end: localInstant(date, minutesOfDay(session.end)!, calendar.timeZone),
    }))
    .filter((session) => intervals.some((interval) => interval.start <= session.start && session.end <= interval.end));
}

/** The earliest instant a booking may start at `now`: not in the past (booking-rules.ts) and not inside the minimum notice. */
function earliestStart(calendar: ListingCalendar, now: Date): Date {
  const notice = calendar.schedule?.minNoticeHours ?? 0;
  const earliest = earliestBookingStart(calendar.period, now, calendar.timeZone);
  return notice > 0 ? new Date(Math.max(earliest.getTime(), now.getTime() + notice * HOUR_MS)) : earliest;
}

/** The first instant past the horizon (the local midnight after its last day), or null without one. */
function horizonEnd(calendar: ListingCalendar, now: Date): Date | null {
  const days = calendar.schedule?.maxAdvanceDays;
  if (!days) return null;
  return localInstant(shiftDate(localDate(now, calendar.timeZone), days + 1), 0, calendar.timeZone);
}

/** What a taken range holds, epoch ms: its range and the buffer kept free after it, [start, end + buffer). */
function heldSpan(taken: TakenRange): [number, number] {
  return [taken.startAt.getTime(), taken.endAt.getTime() + taken.bufferMinutes * MINUTE_MS];
}

/** Whether [startAt, endAt) with `buffer` minutes after it overlaps what `taken` holds ({@link heldSpan}). */
function clashes(startAt: Date, endAt: Date, buffer: number, taken: TakenRange): boolean {
  const [heldFrom, heldTo] = heldSpan(taken);
  return startAt.getTime() < heldTo && heldFrom < endAt.getTime() + buffer * MINUTE_MS;
}

/** The booking rules of one listing at `now`, precomputed for many checks. */
interface Rules {
  earliest: Date;
  horizon: Date | null;
  buffer: number;
  taken: readonly TakenRange[];
}

function rulesOf(calendar: ListingCalendar, taken: readonly TakenRange[], now: Date): Rules {
  return { earliest: earliestStart(calendar, now), horizon: horizonEnd(calendar, now), buffer: bookingBufferMinutes(calendar), taken };
}

/**
 * When a range starting at `startAt` can next be free of what stops [startAt, endAt) now: the end
 * (plus buffer) of the ranges it clashes with and the end of the notice, on the 15-minute step;
 * null when it is free; Infinity past the horizon.
 */
function freeFrom(rules: Rules, startAt: Date, endAt: Date): number | null {
  if (rules.horizon && startAt >= rules.horizon) return Infinity;
  let until: number | null = startAt < rules.earliest ? rules.earliest.getTime() : null;
  for (const range of rules.taken) {
    if (clashes(startAt, endAt, rules.buffer, range)) {
      until = Math.max(until ?? 0, range.endAt.getTime() + range.bufferMinutes * MINUTE_MS);
    }
  }
  return until === null ? null : Math.ceil(until / STEP_MS) * STEP_MS;
}

/** A slot in the booking format, or null when its local times do not name its instants (the repeated hour of a fall-back night). */
function slotOf(startAt: Date, endAt: Date, available: boolean, timeZone: string): AvailabilitySlot | null {
  const start = localDateTime(startAt, timeZone);
  const end = localDateTime(endAt, timeZone);
  const names = (text: string, instant: Date) =>
    localInstant(text.slice(0, 10), minutesOfDay(text.slice(11))!, timeZone).getTime() === instant.getTime();
  return names(start, startAt) && names(end, endAt) ? { start, end, available } : null;
}

/**
 * The bookable hours of one opening interval: hour slots from its start, each marked available or
 * not; after a clash the next slot starts as soon as the clash allows, so every free hour inside the
 * interval (on the 15-minute step) overlaps an available slot.
 */
function hourSlots(interval: { start: Date; end: Date }, rules: Rules, timeZone: string): AvailabilitySlot[] {
  const slots: AvailabilitySlot[] = [];
  let cursor = interval.start.getTime();
  while (cursor + HOUR_MS <= interval.end.getTime()) {
    const startAt = new Date(cursor);
    const endAt = new Date(cursor + HOUR_MS);
    const slot = (available: boolean) => slotOf(startAt, endAt, available, timeZone);
    const blockedUntil = freeFrom(rules, startAt, endAt);
    if (blockedUntil === null || blockedUntil >= cursor + HOUR_MS) {
      const made = slot(blockedUntil === null);
      if (made) {
        slots.push(made);
        cursor += HOUR_MS;
      } else cursor += STEP_MS; // not nameable in local time: try the next step
    } else cursor = Math.max(blockedUntil, cursor + STEP_MS);
  }
  return slots;
}

/**
 * The availability of each local date from `from` to `to` (inclusive, `YYYY-MM-DD`): hourly
 * listings give each bookable hour of the opening hours, session listings each session that fits
 * the day's hours, daily and monthly listings one all-day slot per date. A slot is available when
 * it starts no earlier than the notice allows, before the horizon ends, and clashes with no taken
 * range nor its buffer. Closed and blocked dates are `open: false` with no slots.
 */
export function availableDays(
  calendar: ListingCalendar,
  taken: readonly TakenRange[],
  range: { from: string; to: string },
  now: Date,
): AvailabilityDay[] {
  const rules = rulesOf(calendar, taken, now);
  const days: AvailabilityDay[] = [];
  for (let date = range.from; date <= range.to; date = shiftDate(date, 1)) {
    const intervals = openingIntervals(calendar, date);
    if (intervals.length === 0) {
      days.push({ date, open: false, slots: [] });
      continue;
    }
    const slots: AvailabilitySlot[] = [];
    const add = (startAt: Date, endAt: Date) => {
      const slot = slotOf(startAt, endAt, freeFrom(rules, startAt, endAt) === null, calendar.timeZone);
      if (slot) slots.push(slot);
    };
    if (calendar.period === 'hourly') {
      for (const interval of intervals) slots.push(...hourSlots(interval, rules, calendar.timeZone));
    } else if (calendar.period === 'session') {
      for (const session of offeredIntervals(calendar, date)) add(session.start, session.end);
    } else {
      add(localInstant(date, 0, calendar.timeZone), localInstant(shiftDate(date, 1), 0, calendar.timeZone));
    }
    days.push({ date, open: true, slots });
  }
  return days;
}

/** The local dates a range [startAt, endAt) touches. */
function datesOf(startAt: Date, endAt: Date, timeZone: string): string[] {
  const dates: string[] = [];
  const last = localDate(new Date(endAt.getTime() - 1), timeZone);
  for (let date = localDate(startAt, timeZone); date <= last; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

/**
 * Why a booking of [startAt, endAt) cannot be made at `now`, or null when it can (the range itself
 * comes from `resolveBookingRange`). Checked in this order: a date the schedule closes (`closed`)
 * or the owner blocked (`blocked`); hours outside one opening interval (`closed`); a session
 * listing's range that is not one of its sessions (`not_a_session`); inside the minimum notice
 * (`notice`); past the horizon (`horizon`); overlapping a booking (`taken`), an imported busy time
 * (`busy`) or a booking's buffer, or
 * leaving the listing's buffer too short before one (`buffer`). Daily and monthly bookings need
 * every date open (monthly: the first date open and none blocked).
 */
export function scheduleProblem(
  calendar: ListingCalendar,
  booking: { startAt: Date; endAt: Date },
  taken: readonly TakenRange[],
  now: Date,
): ScheduleProblem | null {
  const { startAt, endAt } = booking;
  const dates = datesOf(startAt, endAt, calendar.timeZone);
  if (dates.some((date) => isBlocked(calendar, date))) return 'blocked';
  if (calendar.period === 'daily' && dates.some((date) => openingIntervals(calendar, date).length === 0)) return 'closed';
  if (calendar.period === 'monthly' && openingIntervals(calendar, dates[0]!).length === 0) return 'closed';
  if (calendar.period === 'hourly' || calendar.period === 'session') {
    const intervals = dates.flatMap((date) => openingIntervals(calendar, date));
    // Whole-day intervals of consecutive dates join up: with no hours, a booking may run past midnight.
    const inside = joined(intervals).some((interval) => interval.start <= startAt && endAt <= interval.end);
    if (!inside) return 'closed';
  }
  if (calendar.period === 'session') {
    const date = dates[0]!;
    const isSession = (calendar.schedule?.sessions ?? []).some(
      (session) =>
        localInstant(date, minutesOfDay(session.start)!, calendar.timeZone).getTime() === startAt.getTime() &&
        localInstant(date, minutesOfDay(session.end)!, calendar.timeZone).getTime() === endAt.getTime(),
    );
    if (!isSession) return 'not_a_session';
  }
  const rules = rulesOf(calendar, taken, now);
  if (startAt < rules.earliest) return 'notice';
  if (rules.horizon && startAt >= rules.horizon) return 'horizon';
  const clashing = taken.filter((range) => clashes(startAt, endAt, rules.buffer, range));
  const overlapping = clashing.filter((range) => startAt < range.endAt && range.startAt < endAt);
  if (overlapping.some((range) => !range.busy)) return 'taken';
  if (overlapping.length > 0) return 'busy';
  return clashing.length > 0 ? 'buffer' : null;
}

/** Intervals sorted and joined where one ends as the next starts. */
function joined(intervals: { start: Date; end: Date }[]): { start: Date; end: Date }[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: { start: Date; end: Date }[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && last.end.getTime() >= interval.start.getTime()) last.end = new Date(Math.max(last.end.getTime(), interval.end.getTime()));
    else out.push({ ...interval });
  }
  return out;
}

/**
 * What one local date of a listing offers whatever the moment of asking: {@link availableDays} and
 * {@link scheduleProblem} with the minimum notice, the horizon and the past left aside (they depend on
 * `now`; the caller asks them). Search stores it per space and date (docs/decisions/014-search-in-the-database.md).
 */
export interface DayOffer {
  /**
   * Hours and sessions alike: local minutes of the day on the 15-minute step, `[from, to)` pairs,
   * earliest first and never touching, such that a booking of hours of local `[a, b)` of the date
   * (`a < b`, both on the step) is refused by {@link scheduleProblem} for no reason but notice or
   * horizon exactly when no pair holds it: inside one of the day's opening intervals (touching ones
   * joined), clear of every taken range and its buffer, with the listing's buffer free after it.
   * Empty for days and months, which are booked whole.
   */
  windows: [number, number][];
  /**
   * Minutes from the date's first instant to the latest start of a slot free of every taken range
   * (an hour on the step inside one opening interval, a session inside them, the whole day), or
   * -1 when none is: {@link availableDays} has an available slot on the date at `now` exactly when
   * the date is within the horizon and this start is no earlier than the notice allows.
   */
  lastStart: number;
}

/** Spans [from, to) sorted and joined where one reaches the next. */
function joinedSpans(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && last[1] >= from) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * The instants, epoch ms, within which a booking of hours of `date` is clear of `taken` and inside the
 * opening hours: each opening interval (touching ones joined, as {@link scheduleProblem} joins them) less
 * what the taken ranges hold ({@link heldSpan}), each piece ending the listing's buffer before the next
 * held span.
 */
function bookableSpans(calendar: ListingCalendar, taken: readonly TakenRange[], date: string): [number, number][] {
  const buffer = bookingBufferMinutes(calendar) * MINUTE_MS;
  const held = joinedSpans(taken.map(heldSpan));
  const spans: [number, number][] = [];
  for (const interval of joined(openingIntervals(calendar, date))) {
    const end = interval.end.getTime();
    let from: number | null = interval.start.getTime();
    for (const [heldFrom, heldTo] of held) {
      if (heldTo <= from) continue;
      const to = Math.min(end, heldFrom - buffer);
      if (from < to) spans.push([from, to]);
      from = heldTo < end ? Math.max(from, heldTo) : null;
      if (from === null) break;
    }
    if (from !== null && from < end) spans.push([from, end]);
  }
  return spans;
}

/**
 * The instants of every step of local `date` in `timeZone` (epoch ms; NaN for a wall time the clocks
 * skip), by zone and date: wanted on the days the clocks change.
 */
const stepInstantsCache = new Map<string, number[]>();

function stepInstants(date: string, timeZone: string): number[] {
  const key = `${timeZone}|${date}`;
  let instants = stepInstantsCache.get(key);
  if (!instants) {
    if (stepInstantsCache.size >= 10_000) stepInstantsCache.clear();
    const last = MINUTES_PER_DAY / SCHEDULE_STEP_MINUTES;
    instants = Array.from({ length: last + 1 }, (_, k) => {
      const minutes = k * SCHEDULE_STEP_MINUTES;
      const instant = localInstant(date, minutes, timeZone);
      // A step in the hour the clocks skip has no instant of its own (it would be the hour after's):
      // NaN, so that no window starts or ends on it.
      const wall = localDateTime(instant, timeZone);
      return k === last || (wall.startsWith(date) && minutesOfDay(wall.slice(11)) === minutes) ? instant.getTime() : Number.NaN;
    });
    stepInstantsCache.set(key, instants);
  }
  return instants;
}

/**
 * {@link bookableSpans} as local minutes of `date` on the step: from the first step whose instant is no
 * earlier than a span's start to the last whose instant is no later than its end.
 */
function bookableWindows(calendar: ListingCalendar, taken: readonly TakenRange[], date: string): [number, number][] {
  const { timeZone } = calendar;
  const dayStart = localInstant(date, 0, timeZone).getTime();
  const steps = MINUTES_PER_DAY / SCHEDULE_STEP_MINUTES;
  // A day of 24 hours counts its minutes from its first instant; the day the clocks change, each step is converted.
  const linear = localInstant(shiftDate(date, 1), 0, timeZone).getTime() - dayStart === DAY_MS;
  const instants = linear ? null : stepInstants(date, timeZone);
  const windows: [number, number][] = [];
  for (const [from, to] of bookableSpans(calendar, taken, date)) {
    let first: number;
    let last: number;
    if (instants) {
      first = instants.findIndex((instant) => instant >= from);
      last = instants.findLastIndex((instant) => instant <= to);
      if (first < 0) continue;
    } else {
      first = Math.max(0, Math.ceil((from - dayStart) / STEP_MS));
      last = Math.min(steps, Math.floor((to - dayStart) / STEP_MS));
    }
    if (first < last) windows.push([first * SCHEDULE_STEP_MINUTES, last * SCHEDULE_STEP_MINUTES]);
  }
  return windows;
}

/** The latest start of a slot of `date` free of the taken ranges ({@link DayOffer}'s `lastStart`), epoch ms, or null. */
function latestFreeStart(calendar: ListingCalendar, taken: readonly TakenRange[], date: string): number | null {
  // No notice, no horizon: only the taken ranges can refuse a slot.
  const rules: Rules = { earliest: new Date(-8.64e15), horizon: null, buffer: bookingBufferMinutes(calendar), taken };
  const free = (startAt: Date, endAt: Date) => freeFrom(rules, startAt, endAt) === null && slotOf(startAt, endAt, true, calendar.timeZone);
  let latest: number | null = null;
  if (calendar.period === 'hourly') {
    // The hours availableDays can step to in each interval (on the step from its start), latest first.
    for (const interval of openingIntervals(calendar, date)) {
      const first = interval.start.getTime();
      for (
        let start = first + Math.floor((interval.end.getTime() - HOUR_MS - first) / STEP_MS) * STEP_MS;
        start >= first;
        start -= STEP_MS
      ) {
        if (free(new Date(start), new Date(start + HOUR_MS))) {
          latest = Math.max(latest ?? start, start);
          break;
        }
      }
    }
  } else if (calendar.period === 'session') {
    for (const session of offeredIntervals(calendar, date)) {
      if (free(session.start, session.end)) latest = Math.max(latest ?? session.start.getTime(), session.start.getTime());
    }
  } else if (openingIntervals(calendar, date).length > 0) {
    const dayStart = localInstant(date, 0, calendar.timeZone);
    if (free(dayStart, localInstant(shiftDate(date, 1), 0, calendar.timeZone))) latest = dayStart.getTime();
  }
  return latest;
}

/**
 * What local `date` (`YYYY-MM-DD`) of a listing offers with `taken` held, notice and horizon aside
 * ({@link DayOffer}).
 */
export function dayOffer(calendar: ListingCalendar, taken: readonly TakenRange[], date: string): DayOffer {
  const latest = latestFreeStart(calendar, taken, date);
  const lastStart = latest === null ? -1 : Math.round((latest - localInstant(date, 0, calendar.timeZone).getTime()) / MINUTE_MS);
  return { windows: bookedByTime(calendar.period) ? bookableWindows(calendar, taken, date) : [], lastStart };
}

/** The 409 of dates another booking holds (docs/product.md#user-facing-messages). */
export const DATES_TAKEN = 'These dates are already booked. Please choose other dates.';

/** The 409 of a time the owner's imported calendar shows busy (docs/decisions/038-calendar-import.md); says nothing of the event. */
export const TIME_BUSY = "The owner's calendar shows this time as busy. Please choose another time.";

/** The message of a booking refused for `problem` (400, or 409 for `taken` and `busy`), safe to show to the person booking. */
export function scheduleProblemMessage(problem: ScheduleProblem, calendar: Pick<ListingCalendar, 'period' | 'schedule'>): string {
  const schedule = calendar.schedule;
  switch (problem) {
    case 'closed':
      return bookedByTime(calendar.period)
        ? 'This space is not open at that time. Choose a time within its opening hours.'
        : 'This space is closed on one of those dates. Choose dates it is open.';
    case 'blocked':
      return 'The owner has closed this space on those dates. Choose other dates.';
    case 'not_a_session':
      return `Choose one of this space's sessions: ${(schedule?.sessions ?? []).map((s) => `${s.name} ${s.start}–${s.end}`).join(', ')}.`;
    case 'notice':
      return `This space must be booked at least ${schedule?.minNoticeHours ?? 0} hours before the start.`;
    case 'horizon':
      return `This space can be booked at most ${schedule?.maxAdvanceDays ?? 0} days ahead.`;
    case 'taken':
      return DATES_TAKEN;
    case 'busy':
      return TIME_BUSY;
    case 'buffer':
      return `This space keeps ${schedule?.bufferMinutes ?? 0} minutes free between bookings for cleaning and turnover. Choose a time further from the bookings before and after it.`;
  }
}
