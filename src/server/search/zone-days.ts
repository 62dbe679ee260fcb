/**
 * What a search by availability needs to know of each time zone's day: its
 * first instants, whether it has 24 hours and how far ahead it is, computed in
 * Node once per date and quarter hour and bound as arrays, so the database
 * converts no local time per space.
 */
import { TZDate } from '@date-fns/tz';
import { startOfHour } from 'date-fns';
import { LRUCache } from 'lru-cache';
import { daysBetween, localDate, localInstant, shiftDate } from '../../shared/availability';
import { DEFAULT_TIME_ZONE, US_STATES } from '../../shared/time-zones';
import { sqlArray, sqlString } from './bind';

/** A quarter of an hour and a day of 24 hours, in milliseconds. */
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Every time zone a space can be in (its stored `time_zone`: the zone of its state, or the default). */
const ZONES = [...new Set([...Object.values(US_STATES).map((state) => state.timeZone), DEFAULT_TIME_ZONE])];

/**
 * What a search by availability reads of each zone, in the order of {@link ZONES}: arrays of numbers (cheap for
 * PostgreSQL to read as bound values, unlike instants written out), each also written out once as an SQL array
 * literal ({@link sqlArray}) for binding.
 */
export interface ZoneDays {
  /**
   * Four instants a zone, in seconds since the epoch: the first instant of the date, of the day after, of the
   * current local hour and of the current local day.
   */
  epochs: number[];
  /** The bound values: `epochs`, whether the date has 24 hours in the zone (no clock change), and the days from the zone's date today to the date. */
  values: { availableEpochs: string; availableWholeDays: string; availableDaysAhead: string };
}

/** {@link ZONES} as an SQL array, written into a statement (each name a plain literal, {@link sqlString}). */
export const ZONES_SQL = `array[${ZONES.map(sqlString).join(', ')}]::text[]`;

/** {@link zoneDays} by date and quarter hour (every zone's hours and days start on a quarter hour of UTC). */
const zoneDaysCache = new LRUCache<string, ZoneDays>({ max: 64 });

/**
 * Each zone's first instants of `date`, of the day after, of the current hour and of today, whether the date has
 * 24 hours, and how many days ahead it is, at `now`: computed in Node once per date and quarter hour rather than by
 * the database in every statement.
 */
export function zoneDays(date: string, now: Date): ZoneDays {
  const key = `${date}|${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`;
  let days = zoneDaysCache.get(key);
  if (!days) {
    const next = shiftDate(date, 1);
    const perZone = ZONES.map((zone) => {
      const today = localDate(now, zone);
      const instants = [
        localInstant(date, 0, zone),
        localInstant(next, 0, zone),
        startOfHour(new TZDate(now.getTime(), zone)),
        localInstant(today, 0, zone),
      ];
      return {
        epochs: instants.map((instant) => instant.getTime() / 1000),
        wholeDay: instants[1]!.getTime() - instants[0]!.getTime() === DAY_MS,
        daysAhead: daysBetween(today, date),
      };
    });
    const epochs = perZone.flatMap((zone) => zone.epochs);
    days = {
      epochs,
      values: {
        availableEpochs: sqlArray(epochs),
        availableWholeDays: sqlArray(perZone.map((zone) => zone.wholeDay)),
        availableDaysAhead: sqlArray(perZone.map((zone) => zone.daysAhead)),
      },
    };
    zoneDaysCache.set(key, days);
  }
  return days;
}

/**
 * Whole hours from `now` to the first instant of the date in each zone (rounded down), in the order of
 * {@link ZONES}: a space whose notice is no longer can be booked from the date's first instant.
 */
export function hoursUntilDay(days: ZoneDays, now: Date): number[] {
  const seconds = now.getTime() / 1000;
  return ZONES.map((_, index) => Math.floor((days.epochs[index * 4]! - seconds) / 3600));
}
