/**
 * The search by availability (`availableOn`, optionally `availableFrom` and
 * `availableTo`): the rules of src/shared/availability.ts asked in SQL of each
 * space, in its own time zone.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { weekdayOf } from '../../shared/availability';
import { BLOCKING_BOOKING_STATUSES, WEEKDAYS } from '../../shared/constants';
import type { spaceSearchSchema } from '../../shared/schemas/spaces';
import { minutesOfDay } from '../../shared/time-of-day';
import { bookings, medicalSpaces, NO_WEEKLY_HOURS_BIT, OPEN_DAY_BIT } from '../db/schema';
import { literals, sqlArray, sqlString, type Bind, type Values } from './bind';
import { hoursUntilDay, zoneDays, ZONES_SQL } from './zone-days';

/** Minutes since midnight of an `HH:mm` SQL text (`24:00` is 1440). */
const minutesSql = (text: SQL) => sql`(split_part(${text}, ':', 1)::int * 60 + split_part(${text}, ':', 2)::int)`;

/** The fields of a search by availability. */
type AvailabilityQuery = Pick<z.output<typeof spaceSearchSchema>, 'availableOn' | 'availableFrom' | 'availableTo'>;

/**
 * The values of {@link availabilityFilter}'s placeholders: the date, its weekday (name and bit), the instant
 * notice and holds count from, what each zone's day is, and the window in minutes of the day when set.
 */
export function availabilityValues(query: AvailabilityQuery, now = new Date()): Values {
  const date = query.availableOn!;
  const weekday = weekdayOf(date);
  const values: Values = {
    availableOn: date,
    availableDayBit: OPEN_DAY_BIT[weekday],
    now: now.toISOString(),
    availableWeekday: weekday,
    availableWeekdayIndex: WEEKDAYS.indexOf(weekday) + 1,
  };
  const days = zoneDays(date, now);
  Object.assign(values, days.values, { availableHoursUntil: sqlArray(hoursUntilDay(days, now)) });
  if (query.availableFrom !== undefined && query.availableTo !== undefined) {
    values.availableFrom = minutesOfDay(query.availableFrom);
    values.availableTo = minutesOfDay(query.availableTo);
  }
  return values;
}

/**
 * The availability filter (`availableOn`, optionally `availableFrom`/`availableTo`;
 * docs/product.md#search): the rules of src/shared/availability.ts asked in SQL of each space, in
 * its own time zone, so that the results agree with `scheduleProblem` and `availableDays`
 * (tests/api/search-availability.test.ts compares them):
 *
 * - the weekday is open (the stored `open_days` bits, so a space closed that day costs no more);
 * - the date is not blocked (`blocked_date_ranges`, the space's `space_blocked_dates` on its row);
 * - hours and sessions: with a window, the window lies inside the day's opening hours (touching
 *   intervals join, as `scheduleProblem` joins them) and a booking of it would be accepted;
 *   without, some bookable hour (every hour on the 15-minute step inside one opening interval) or
 *   some session inside one interval is free, as an available slot of `availableDays`;
 * - days and months (booked midnight to midnight, no buffer): the date is open and the whole day
 *   free, with or without a window;
 * - free: no holding booking (confirmed, pending, an unexpired hold) overlaps the range plus the
 *   listing's buffer, nor does the range fall in another booking's buffer (the exclusion
 *   constraint's own range); not before the minimum notice nor the
 *   current hour (day), not past the horizon.
 *
 * Speed (docs/decisions/014-search-in-the-database.md): the zone is the stored `time_zone` column,
 * and each zone's day bounds and current hour and day are computed once per statement, so a space
 * converts no local time itself but on a day the clocks change; each space's earliest start, horizon
 * and buffer are computed once (an `offset 0` subquery, which PostgreSQL does not fold into the
 * candidates' conditions); a window or a whole day is checked by one B-tree probe of the space's
 * bookings (the last holding one to start before it ends), and only hours and sessions without a
 * window read the day's bookings into an array (two probes) to check every candidate against it,
 * rather than a GiST probe per candidate.
 */
export function availabilityFilter(query: AvailabilityQuery, bind: Bind = literals(availabilityValues(query))): SQL {
  const day = sql`${bind('availableOn')}::date`;
  const dayBit = sql`${bind('availableDayBit')}::int`;
  const now = sql`${bind('now')}::timestamptz`;
  const zone = medicalSpaces.timeZone;
  const schedule = medicalSpaces.schedule;
  const period = medicalSpaces.pricePeriod;
  const byHours = sql`${period} in ('hourly', 'session')`;
  const hasHours = sql`(${medicalSpaces.openDays} < ${sql.raw(String(NO_WEEKLY_HOURS_BIT))})`;
  // The day's intervals (a non-empty array once its bit is set and the schedule has hours).
  const dayIntervals = sql`(${schedule} -> 'weeklyHours' -> ${bind('availableWeekday')}::text)`;
  // Per zone, in the order of ZONES (bound arrays computed in Node, {@link zoneDays}): `zoneIndex` is the space's zone's.
  // The zones are the same for every search: written into the SQL, parsed once per statement rather than bound (a
  // filter names the list four times) and parsed per run.
  const zoneList = sql.raw(ZONES_SQL);
  const zoneIndex = sql`array_position(${zoneList}, ${zone})`;
  const epochs = sql`${bind('availableEpochs')}::float8[]`;
  const wholeDays = sql`${bind('availableWholeDays')}::boolean[]`;
  const daysAhead = sql`${bind('availableDaysAhead')}::int[]`;
  // The listing's minimum notice (hours) and buffer after a booking (minutes; days and months have none).
  const noticeHours = sql`coalesce((${schedule} ->> 'minNoticeHours')::int, 0)`;
  const listingBuffer = sql`case when ${byHours} then coalesce((${schedule} ->> 'bufferMinutes')::int, 0) else 0 end`;
  /**
   * The instant of local minute `minutes` (0 to 1440) of the date: minutes after its first instant on a day of 24
   * hours (no daylight-saving change: its offset is the same all day), else converted as written.
   */
  const local = (minutes: SQL) =>
    sql`(case when v.whole_day then v.day_start + (${minutes}) * interval '1 minute' else (${day} + (${minutes}) * interval '1 minute') at time zone ${zone} end)`;
  // v: the space's earliest start, horizon (days; 0: none), buffer and day, once per space.
  const horizonDays = sql`coalesce((${schedule} ->> 'maxAdvanceDays')::int, 0)`;
  const perSpace = sql`select a.days_ahead, to_timestamp(a.at[a.n * 4 + 1]) as day_start, to_timestamp(a.at[a.n * 4 + 2]) as day_end,
      a.whole_day,
      greatest(to_timestamp(a.at[a.n * 4 + case when ${byHours} then 3 else 4 end]), ${now} + ${noticeHours} * interval '1 hour') as earliest,
      ${horizonDays} as horizon_days, ${listingBuffer} as buffer
      from (select ${epochs} as at, (${wholeDays})[${zoneIndex}] as whole_day, (${daysAhead})[${zoneIndex}] as days_ahead,
        ${zoneIndex} - 1 as n offset 0) a
      offset 0`;
  const buffer = sql.raw('v.buffer');
  const statuses = sql.raw(BLOCKING_BOOKING_STATUSES.map(sqlString).join(', '));
  const holding = sql`k.space_id = ${medicalSpaces.id} and k.status in (${statuses})
      and (k.status <> 'awaiting_payment' or k.hold_expires_at is null or k.hold_expires_at > ${now})`;
  /**
   * [start, end) overlaps no holding booking's range plus buffer: the last holding booking to start before `end`
   * is over (buffer included) by `start`. One probe of the (space_id, start_at) B-tree, exact because holding
   * bookings never overlap (the exclusion constraint), so every earlier one ended before that one started.
   */
  const spanFree = (start: SQL, end: SQL) =>
    sql`coalesce((select booking_blocked_until(k.end_at, k.buffer_minutes) from ${bookings} k where ${holding} and k.start_at < ${end}
      order by k.start_at desc limit 1) <= ${start}, true)`;
  // t.taken (the hours and sessions of a search without a window, which try many ranges): the holding bookings'
  // ranges (plus their buffers) that can meet the day, read once per space by two probes of the (space_id,
  // start_at) B-tree: those starting from the day's start to its end plus the listing's buffer, and the last one
  // starting before (no earlier one reaches into the day, as above). Null: none.
  const dayStart = sql.raw('v.day_start');
  const dayEnd = sql`v.day_end + ${buffer} * interval '1 minute'`;
  const taken = sql`select array_agg(tstzrange(k.start_at, booking_blocked_until(k.end_at, k.buffer_minutes), '[)')) as taken from (
      (select k.start_at, k.end_at, k.buffer_minutes from ${bookings} k where ${holding} and k.start_at >= ${dayStart} and k.start_at < ${dayEnd})
      union all
      (select k.start_at, k.end_at, k.buffer_minutes from ${bookings} k where ${holding} and k.start_at < ${dayStart} order by k.start_at desc limit 1)) k`;
  /** [start, end) with `extra` minutes after it overlaps no range of t.taken. */
  const free = (start: SQL, end: SQL, extra: SQL) =>
    sql`(t.taken is null or not (tstzrange(${start}, ${end} + ${extra} * interval '1 minute', '[)') && any(t.taken)))`;
  /** A booking of local minutes [from, to) of the date, its hours already checked and the date within the horizon, would be accepted (t.taken). */
  const bookable = (from: SQL, to: SQL, extra: SQL) => {
    const start = local(from);
    return sql`(${start} >= v.earliest and ${free(start, local(to), extra)})`;
  };
  // Every start on the date is before the horizon's first instant (a local midnight) exactly when the date is before that day.
  const withinHorizon = sql`(v.horizon_days = 0 or v.days_ahead <= v.horizon_days)`;
  const wholeDay = sql`(v.day_start >= v.earliest and ${spanFree(sql.raw('v.day_start'), sql.raw('v.day_end'))})`;
  const interval = (column: 'start' | 'end') => minutesSql(sql.raw(`h.i ->> '${column}'`));
  const windowed = query.availableFrom !== undefined && query.availableTo !== undefined;
  const from = sql`${bind('availableFrom')}::int`;
  const to = sql`${bind('availableTo')}::int`;
  // The weekday's opening hours (touching intervals joined) cover the window: the stored multiranges, no JSON read.
  const covered = sql`(not ${hasHours} or ${medicalSpaces.openMinutes}[${bind('availableWeekdayIndex')}::int] @> int4range(${from}, ${to}))`;
  let byTime: SQL;
  if (windowed) {
    const start = local(from);
    byTime = sql`(${covered} and ${start} >= v.earliest and ${spanFree(start, sql`${local(to)} + ${buffer} * interval '1 minute'`)})`;
  } else {
    const intervals = sql`jsonb_array_elements(case when ${hasHours} then ${dayIntervals} else '[{"start":"00:00","end":"24:00"}]'::jsonb end) h(i)`;
    const sessionStart = minutesSql(sql.raw(`x.s ->> 'start'`));
    const sessionEnd = minutesSql(sql.raw(`x.s ->> 'end'`));
    byTime = sql`exists (select 1 from (${taken}) t where case when ${period} = 'hourly' then exists (select 1 from ${intervals}, generate_series(${interval('start')}, ${interval('end')} - 60, 15) m
        where ${bookable(sql.raw('m'), sql.raw('m + 60'), buffer)})
      else exists (select 1 from jsonb_array_elements(coalesce(${schedule} -> 'sessions', '[]'::jsonb)) x(s)
        where exists (select 1 from ${intervals} where ${interval('start')} <= ${sessionStart} and ${sessionEnd} <= ${interval('end')})
        and ${bookable(sessionStart, sessionEnd, buffer)}) end)`;
  }
  // Nothing booked (most spaces on most dates): the date's day in the space's zone has 24 hours, starts past the
  // notice, and the day plus the listing's buffer meets none of the space's taken ranges (a superset of its holding
  // bookings' ranges plus buffers, kept by triggers): then every hour of it is free, so a window is available when
  // the opening hours cover it, any time when the weekday has a slot to book (`slot_days`), and a day or month
  // when the date is open; the space's bookings are not read. The zone's day is bound, computed per zone in Node.
  const zoneEpoch = (which: 1 | 2) => sql`to_timestamp((${epochs})[(${zoneIndex} - 1) * 4 + ${sql.raw(String(which))}])`;
  const nothingBooked = sql`((${wholeDays})[${zoneIndex}]
    and ${noticeHours} <= (${bind('availableHoursUntil')}::int[])[${zoneIndex}]
    and not (${medicalSpaces.takenRanges} && tstzrange(${zoneEpoch(1)}, ${zoneEpoch(2)} + ${listingBuffer} * interval '1 minute', '[)')))`;
  const slotToBook = windowed ? covered : sql`(${medicalSpaces.slotDays} & ${dayBit}) <> 0`;
  const freeAllDay = sql`((${horizonDays} = 0 or (${daysAhead})[${zoneIndex}] <= ${horizonDays}) and (not ${byHours} or ${slotToBook}))`;
  return and(
    sql`(${medicalSpaces.openDays} & ${dayBit}) <> 0`,
    sql`not (${medicalSpaces.blockedDateRanges} @> ${day})`,
    sql`case when ${nothingBooked} then ${freeAllDay}
      else exists (select 1 from (${perSpace}) v where ${withinHorizon} and case when ${byHours} then ${byTime} else ${wholeDay} end) end`,
  )!;
}
