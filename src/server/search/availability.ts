/**
 * The search by availability (`availableOn`, optionally `availableFrom` and
 * `availableTo`): what the rules of src/shared/availability.ts computed for each
 * space and date, stored by src/server/schedules/space-days.ts, read with the
 * notice and horizon of the moment of asking.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { spaceSearchSchema } from '../../shared/schemas/spaces';
import { minutesOfDay } from '../../shared/time-of-day';
import { medicalSpaces, spaceDays } from '../db/schema';
import { literals, sqlArray, type Bind, type Values } from './bind';
import { windowStarts, zoneDays } from './zone-days';

/** The fields of a search by availability. */
type AvailabilityQuery = Pick<z.output<typeof spaceSearchSchema>, 'availableOn' | 'availableFrom' | 'availableTo'>;

/**
 * The values of {@link availabilityFilter}'s placeholders: the date, the instant holds lapse by, and per zone
 * the kind of day, how far ahead it is and, in minutes from its first instant, the moment of asking, the
 * earliest start of a booking of hours and of days, and the window's start when one is set.
 */
export function availabilityValues(query: AvailabilityQuery, now = new Date()): Values {
  const date = query.availableOn!;
  const values: Values = { availableOn: date, now: now.toISOString(), ...zoneDays(date, now) };
  if (query.availableFrom !== undefined && query.availableTo !== undefined) {
    const from = minutesOfDay(query.availableFrom)!;
    Object.assign(values, {
      availableFrom: from,
      availableTo: minutesOfDay(query.availableTo),
      availableWindowStarts: sqlArray(windowStarts(date, from)),
    });
  }
  return values;
}

/**
 * The availability filter (`availableOn`, optionally `availableFrom`/`availableTo`;
 * docs/product.md#search), which agrees with `scheduleProblem` and `availableDays` of
 * src/shared/availability.ts (tests/api/search-availability.test.ts compares them) by reading what
 * their `dayOffer` stored for the space and date: the date's `space_days` row where its bookings
 * change it (what it offers after its holds lapse once they have), else the space's template for
 * that kind of day (docs/decisions/014-search-in-the-database.md). With it:
 *
 * - the date is not blocked (`blocked_date_ranges`) nor past the horizon (days ahead in the space's zone);
 * - hours and sessions with a window: the window lies in one of the date's windows, and starts no
 *   earlier than the notice allows;
 * - otherwise (hours and sessions without a window, days and months with or without): the date's
 *   latest free start is no earlier than the notice allows.
 *
 * The notice is `earliestBookingStart` (the current hour, or day) or, with a minimum notice, the
 * moment of asking plus it. Per zone (the space's `zone_slot`), every instant is bound as minutes from
 * the date's first instant, computed in Node ({@link zoneDays}), so each candidate costs array reads,
 * one probe of `space_days`' key and number comparisons; notice and horizon are columns of the row.
 */
export function availabilityFilter(query: AvailabilityQuery, bind: Bind = literals(availabilityValues(query))): SQL {
  const day = sql`${bind('availableOn')}::date`;
  const now = sql`${bind('now')}::timestamptz`;
  const byHours = sql`${medicalSpaces.pricePeriod} in ('hourly', 'session')`;
  const perZone = (name: string, type: 'int' | 'float8') => sql`(${bind(name)}::${sql.raw(type)}[])[${medicalSpaces.zoneSlot}]`;
  const notice = medicalSpaces.noticeHours;
  const horizon = medicalSpaces.horizonDays;
  /** The earliest start the notice allows, minutes from the date's first instant: `floor` the start of the current hour or day. */
  const earliest = (floor: SQL) =>
    sql`(case when ${notice} > 0 then greatest(${floor}, ${perZone('availableNow', 'float8')} + ${notice} * 60) else ${floor} end)`;
  /** The stored day's column as it is at the moment of asking, or the template's for the date's kind of day. */
  const stored = (column: 'windows' | 'last_start', template: SQL) =>
    sql`coalesce((select case when d.changes_at is null or d.changes_at > ${now} then ${sql.raw(`d.${column}`)} else ${sql.raw(`d.later_${column}`)} end
      from ${spaceDays} d where d.space_id = ${medicalSpaces.id} and d.date = ${day}), ${template}[${perZone('availableKinds', 'int')}])`;
  // A latest start of -1 (no free slot) is below every earliest start of a date not past.
  const slotFrom = (floor: SQL) => sql`(${stored('last_start', sql`${medicalSpaces.dayLastStarts}`)} >= greatest(0, ${earliest(floor)}))`;
  const hourFloor = perZone('availableHourFloor', 'float8');
  const dayFloor = perZone('availableDayFloor', 'float8');
  let offered: SQL;
  if (query.availableFrom !== undefined && query.availableTo !== undefined) {
    const window = sql`int4range(${bind('availableFrom')}::int, ${bind('availableTo')}::int)`;
    const windowFits = sql`(${stored('windows', sql`${medicalSpaces.dayWindows}`)} @> ${window}
      and ${perZone('availableWindowStarts', 'float8')} >= ${earliest(hourFloor)})`;
    offered = sql`case when ${byHours} then ${windowFits} else ${slotFrom(dayFloor)} end`;
  } else {
    offered = slotFrom(sql`(case when ${byHours} then ${hourFloor} else ${dayFloor} end)`);
  }
  return and(
    sql`not (${medicalSpaces.blockedDateRanges} @> ${day})`,
    sql`(${horizon} = 0 or ${perZone('availableDaysAhead', 'int')} <= ${horizon})`,
    offered,
  )!;
}
