/**
 * The kinds of day a space's template holds (docs/decisions/014-search-in-the-database.md): what a
 * date offers with nothing booked depends on its weekday and, on the two nights a year the clocks
 * change, on the hour that is skipped or repeated. Kinds 1 (Monday) to 7 (Sunday) are days of 24
 * hours, 8 a day the clocks go forward, 9 a day they go back (1-based, as SQL arrays are). Each kind
 * is computed on a reference date of the space's zone; in the zones of US states the clocks change
 * on Sundays at 2 am, so every such date offers what its reference offers (tests/unit/day-kinds.test.ts).
 */
import { localInstant, shiftDate, weekdayOf } from '../../shared/availability';
import { WEEKDAYS } from '../../shared/constants';
import { DEFAULT_TIME_ZONE, US_STATES } from '../../shared/time-zones';

/**
 * Every time zone a space can be in (its state's, or the default), in the order search binds its values
 * per zone in; a space's `zone_slot` is its zone's place here, from 1. A change of the list or its order
 * must raise `SPACE_DAYS_VERSION` (./space-days.ts), so that every space's slot is written again
 * (tests/unit/day-kinds.test.ts holds the list).
 */
export const ZONES = [...new Set([...Object.values(US_STATES).map((state) => state.timeZone), DEFAULT_TIME_ZONE])];

/** The `zone_slot` of `timeZone` ({@link ZONES}). */
export function zoneSlot(timeZone: string): number {
  const slot = ZONES.indexOf(timeZone) + 1;
  if (slot === 0) throw new Error(`Not a zone of a space: ${timeZone}`);
  return slot;
}

/** How many kinds of day a template holds. */
export const DAY_KINDS = 9;
/** The kinds of the days the clocks go forward and back. */
const FORWARD = 8;
const BACK = 9;
const DAY_MS = 24 * 60 * 60_000;

/** The length of local `date` in `timeZone`, ms (23, 24 or 25 hours). */
function dayLength(date: string, timeZone: string): number {
  return localInstant(shiftDate(date, 1), 0, timeZone).getTime() - localInstant(date, 0, timeZone).getTime();
}

/** The kind (1-9) of local `date` (`YYYY-MM-DD`) in `timeZone`. */
export function dayKind(date: string, timeZone: string): number {
  const length = dayLength(date, timeZone);
  if (length < DAY_MS) return FORWARD;
  if (length > DAY_MS) return BACK;
  return WEEKDAYS.indexOf(weekdayOf(date)) + 1;
}

/** Where the search for reference dates starts: a fixed date, so that templates never depend on when they were computed. */
const REFERENCE_FROM = '2030-01-07'; // a Monday
const referenceCache = new Map<string, string[]>();

/**
 * A reference date of each kind in `timeZone`, kind 1 first: a week of 24-hour days from
 * {@link REFERENCE_FROM} on, and the first days from there on that the clocks go forward and back (the
 * week's Sunday in a zone without clock changes, where those kinds never occur).
 */
export function referenceDates(timeZone: string): string[] {
  let dates = referenceCache.get(timeZone);
  if (!dates) {
    let monday = REFERENCE_FROM;
    while (WEEKDAYS.some((_, i) => dayLength(shiftDate(monday, i), timeZone) !== DAY_MS)) monday = shiftDate(monday, 7);
    const week = WEEKDAYS.map((_, i) => shiftDate(monday, i));
    const changes = { forward: week[6]!, back: week[6]! };
    let found = { forward: false, back: false };
    for (let day = 0, date = REFERENCE_FROM; day < 800 && !(found.forward && found.back); day++, date = shiftDate(date, 1)) {
      const kind = dayKind(date, timeZone);
      if (kind === FORWARD && !found.forward) [changes.forward, found] = [date, { ...found, forward: true }];
      if (kind === BACK && !found.back) [changes.back, found] = [date, { ...found, back: true }];
    }
    dates = [...week, changes.forward, changes.back];
    referenceCache.set(timeZone, dates);
  }
  return dates;
}
