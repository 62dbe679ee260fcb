/**
 * What a search by availability needs to know of each time zone's day, computed in Node by the
 * shared rules and bound as arrays (one element a zone, in the order of `ZONES`, which a space's
 * `zone_slot` indexes), so the database converts no local time:
 * the kind of day (which template entry a space without bookings that day offers), how many days
 * ahead it is, and in minutes from its first instant the moment of asking and the earliest start
 * `earliestBookingStart` allows for hours and for days.
 */
import { LRUCache } from 'lru-cache';
import { daysBetween, localDate, localInstant } from '../../shared/availability';
import { earliestBookingStart } from '../../shared/booking-rules';
import { dayKind, ZONES } from '../schedules/day-kinds';
import { sqlArray } from './bind';

/** A quarter of an hour in milliseconds: every zone's hours and days start on a quarter hour of UTC. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** What does not change within a quarter hour: per zone, the kind of day, days ahead, and three instants (epoch ms). */
interface ZoneDay {
  kind: number;
  daysAhead: number;
  dayStart: number;
  hourFloor: number;
  dayFloor: number;
}

/** {@link ZoneDay}s by date and quarter hour. */
const zoneDayCache = new LRUCache<string, ZoneDay[]>({ max: 64 });

/**
 * The bound values of a search by availability on `date` at `now`, per zone in the order of {@link ZONES}:
 * `availableKinds` (./day-kinds.ts), `availableDaysAhead` (days from the zone's today), and in minutes from
 * the date's first instant `availableNow` (the moment of asking), `availableHourFloor` and `availableDayFloor`
 * (`earliestBookingStart` of a booking of hours and of days).
 */
export function zoneDays(date: string, now: Date): Record<string, string> {
  const key = `${date}|${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`;
  let days = zoneDayCache.get(key);
  if (!days) {
    days = ZONES.map((zone) => ({
      kind: dayKind(date, zone),
      daysAhead: daysBetween(localDate(now, zone), date),
      dayStart: localInstant(date, 0, zone).getTime(),
      hourFloor: earliestBookingStart('hourly', now, zone).getTime(),
      dayFloor: earliestBookingStart('daily', now, zone).getTime(),
    }));
    zoneDayCache.set(key, days);
  }
  const minutes = (instant: (day: ZoneDay) => number) => sqlArray(days.map((day) => (instant(day) - day.dayStart) / 60_000));
  return {
    availableKinds: sqlArray(days.map((day) => day.kind)),
    availableDaysAhead: sqlArray(days.map((day) => day.daysAhead)),
    availableNow: minutes(() => now.getTime()),
    availableHourFloor: minutes((day) => day.hourFloor),
    availableDayFloor: minutes((day) => day.dayFloor),
  };
}

/** The instant of local minute `minutes` of `date` in each zone, in minutes from the date's first instant. */
export function windowStarts(date: string, minutes: number): number[] {
  return ZONES.map((zone) => (localInstant(date, minutes, zone).getTime() - localInstant(date, 0, zone).getTime()) / 60_000);
}
