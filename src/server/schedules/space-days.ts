/**
 * What search by availability reads of each space (docs/decisions/014-search-in-the-database.md), as
 * the rules of src/shared/availability.ts compute it (`dayOffer`), so that the rules are written once:
 * a template per kind of day (./day-kinds.ts) on the space's row, computed from its schedule with
 * nothing booked; a `space_days` row for each local date its bookings and holds change, where the date
 * differs from its template; and its blocked dates as one value on its row. Notice and horizon depend
 * on the moment of asking: search asks them itself.
 *
 * Written in the transaction of every change they follow: a space's listing or blocked dates
 * ({@link rebuildSpaceDays}), a booking inserted or moved ({@link refreshBookedDays}). Each writer takes
 * a transaction-scoped advisory lock per space before it reads the bookings, and holds it until it
 * commits, so the last writer of a date has seen every change before it. A hold counts until it
 * lapses: its date's row says when (`changes_at`) and what the date offers then.
 */
import { and, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { bookingBufferMinutes, dayOffer, localDate, shiftDate, type DayOffer, type ListingCalendar } from '../../shared/availability';
import { BLOCKING_BOOKING_STATUSES } from '../../shared/constants';
import type { Schedule } from '../../shared/schemas/schedules';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, spaceBlockedDates, spaceImportedBusy } from '../db/schema';
import { dayKind, referenceDates, zoneSlot } from './day-kinds';

/**
 * The version of what the stored days are computed by: raised when the rules or this module change what
 * they store, so that the sweep (and the app's start) writes every space's days again.
 */
export const SPACE_DAYS_VERSION = 3;

/** The first key of the advisory locks this module takes (the second is the space id's hash). */
const LOCK_KEY = 0x5d41;
/** Rows a statement writes at most. */
const WRITE_BATCH = 2000;

/** What the template needs of a space. */
export interface TemplateSource {
  pricePeriod: ListingCalendar['period'];
  state: string;
  schedule: Schedule | null | undefined;
}

/** A multirange of minutes as PostgreSQL writes it. */
const multirange = (windows: DayOffer['windows']) => `{${windows.map(([from, to]) => `[${from},${to})`).join(',')}}`;
const sameOffer = (a: DayOffer, b: DayOffer) => a.lastStart === b.lastStart && multirange(a.windows) === multirange(b.windows);

/** Templates by period, zone and schedule: most spaces share a few schedules. */
const templates = new Map<string, DayOffer[]>();

/** What each kind of day offers a listing with nothing booked nor blocked, kind 1 first. */
function templateOf(calendar: Omit<ListingCalendar, 'blockedDates'>): DayOffer[] {
  // Notice and horizon do not change what a day offers (`dayOffer` leaves them aside): spaces differing only by them share one.
  const { minNoticeHours: _notice, maxAdvanceDays: _horizon, ...offered } = calendar.schedule ?? {};
  const key = `${calendar.period}|${calendar.timeZone}|${calendar.schedule ? JSON.stringify(offered) : 'null'}`;
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= 10_000) templates.clear();
    template = referenceDates(calendar.timeZone).map((date) => dayOffer({ ...calendar, blockedDates: [] }, [], date));
    templates.set(key, template);
  }
  return template;
}

/** The calendar of a space row, without its blocked dates. */
const calendarOf = (space: TemplateSource) => ({
  period: space.pricePeriod,
  timeZone: timeZoneForState(space.state),
  schedule: space.schedule ?? null,
});

/** A template and the rest of what search reads of a calendar, as a space row's columns hold them. */
function templateColumns(calendar: Omit<ListingCalendar, 'blockedDates'>, template: readonly DayOffer[]) {
  return {
    dayWindows: `{${template.map((offer) => `"${multirange(offer.windows)}"`).join(',')}}`,
    dayLastStarts: template.map((offer) => offer.lastStart),
    zoneSlot: zoneSlot(calendar.timeZone),
    noticeHours: calendar.schedule?.minNoticeHours ?? 0,
    horizonDays: calendar.schedule?.maxAdvanceDays ?? 0,
    daysVersion: SPACE_DAYS_VERSION,
  };
}

/**
 * The template columns of a space row (`day_windows`, `day_last_starts`, `zone_slot`, `notice_hours`,
 * `horizon_days`, `days_version`): insert or update them with the row's schedule, pricing period and state.
 */
export function spaceTemplateColumns(space: TemplateSource) {
  const calendar = calendarOf(space);
  return templateColumns(calendar, templateOf(calendar));
}

/** A booking's range on its space, as the stored days follow it. */
export interface BookedRange {
  spaceId: string;
  startAt: Date;
  endAt: Date;
  bufferMinutes: number;
}

/** A booking that holds its range, with its hold's expiry (null: it holds until it moves), or an imported busy time (`busy`). */
interface Held extends BookedRange {
  lapsesAt: Date | null;
  busy?: boolean;
  /** The first and last local dates it can change ({@link touchedSpan}). */
  span: [string, string];
}

/** A space as the stored days are computed for it. */
interface Space {
  id: string;
  calendar: ListingCalendar;
  template: DayOffer[];
  held: Held[];
}

/** The bookings that hold their range at `now`: confirmed, pending, and holds that have not lapsed (even before the sweep reaches them). */
export const holdsItsRange = (now: Date) =>
  and(
    inArray(bookings.status, [...BLOCKING_BOOKING_STATUSES]),
    or(sql`${bookings.status} <> 'awaiting_payment'`, isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
  );

/** Locks the stored days of `ids` for the rest of the transaction, in one order. */
async function lockSpaces(db: Database, ids: readonly string[]): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}, k) from (select distinct hashtext(id) k
    from unnest(${sql.param([...ids])}::text[]) id order by k offset 0) s`);
}

/**
 * Reads what the days of `ids` are computed from: each space's schedule and blocked dates, its
 * bookings that hold their range at `now` and end after `since` (unexpired holds with their expiry),
 * and its imported busy times ending after `since` (docs/decisions/038-calendar-import.md).
 */
async function readSpaces(db: Database, ids: readonly string[], since: Date, now: Date): Promise<Space[]> {
  const [spaceRows, blockedRows, heldRows, busyRows] = [
    await db
      .select({
        id: medicalSpaces.id,
        pricePeriod: medicalSpaces.pricePeriod,
        state: medicalSpaces.state,
        schedule: medicalSpaces.schedule,
      })
      .from(medicalSpaces)
      .where(inArray(medicalSpaces.id, [...ids])),
    await db
      .select({ spaceId: spaceBlockedDates.spaceId, start: spaceBlockedDates.startDate, end: spaceBlockedDates.endDate })
      .from(spaceBlockedDates)
      .where(inArray(spaceBlockedDates.spaceId, [...ids])),
    await db
      .select({
        spaceId: bookings.spaceId,
        startAt: bookings.startAt,
        endAt: bookings.endAt,
        bufferMinutes: bookings.bufferMinutes,
        status: bookings.status,
        holdExpiresAt: bookings.holdExpiresAt,
      })
      .from(bookings)
      .where(and(inArray(bookings.spaceId, [...ids]), holdsItsRange(now), gt(bookings.endAt, since))),
    await db
      .select({ spaceId: spaceImportedBusy.spaceId, startAt: spaceImportedBusy.startAt, endAt: spaceImportedBusy.endAt })
      .from(spaceImportedBusy)
      .where(and(inArray(spaceImportedBusy.spaceId, [...ids]), gt(spaceImportedBusy.endAt, since))),
  ];
  const bySpace = <Row extends { spaceId: string }>(rows: Row[]) => {
    const grouped = new Map<string, Row[]>();
    for (const row of rows) {
      const group = grouped.get(row.spaceId);
      if (group) group.push(row);
      else grouped.set(row.spaceId, [row]);
    }
    return grouped;
  };
  const blocked = bySpace(blockedRows);
  const held = bySpace(heldRows);
  const busy = bySpace(busyRows);
  return spaceRows.map((row) => {
    const calendar: ListingCalendar = {
      period: row.pricePeriod,
      timeZone: timeZoneForState(row.state),
      schedule: row.schedule ?? null,
      blockedDates: blocked.get(row.id) ?? [],
    };
    const ranges: Held[] = (held.get(row.id) ?? []).map(({ status, holdExpiresAt, ...booking }) => ({
      ...booking,
      lapsesAt: status === 'awaiting_payment' ? holdExpiresAt : null,
      span: touchedSpan(calendar, booking),
    }));
    for (const range of busy.get(row.id) ?? []) {
      const taken = { ...range, bufferMinutes: 0, busy: true };
      ranges.push({ ...taken, lapsesAt: null, span: touchedSpan(calendar, taken) });
    }
    return { id: row.id, calendar, template: templateOf(calendar), held: ranges };
  });
}

/** The first and last local dates of a listing whose offer `range` can change: those a booking of them could clash with it on. */
function touchedSpan(calendar: ListingCalendar, range: Pick<BookedRange, 'startAt' | 'endAt' | 'bufferMinutes'>): [string, string] {
  const { timeZone } = calendar;
  // A booking of a date ends by its last midnight, plus the listing's buffer after it.
  const from = localDate(new Date(range.startAt.getTime() - bookingBufferMinutes(calendar) * 60_000), timeZone);
  return [from, localDate(new Date(range.endAt.getTime() + range.bufferMinutes * 60_000 - 1), timeZone)];
}

/** The local dates of `space` whose offer `range` can change ({@link touchedSpan}). */
function datesTouched(space: Space, range: Pick<BookedRange, 'startAt' | 'endAt' | 'bufferMinutes'>): string[] {
  const [from, to] = touchedSpan(space.calendar, range);
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

/** A `space_days` row. */
interface DayRow {
  spaceId: string;
  date: string;
  offer: DayOffer;
  changesAt: Date | null;
  later: DayOffer | null;
}

/**
 * What `date` of `space` offers with its bookings at `now`, or null where that is its template's and no
 * hold is to change it. While holds count, `changesAt` is the first lapse that changes the offer and
 * `later` the offer then.
 */
function dayRow(space: Space, date: string, now: Date): DayRow | null {
  const near = space.held.filter(({ span: [from, to] }) => from <= date && date <= to);
  const offerAt = (instant: Date) =>
    dayOffer(
      space.calendar,
      near.filter((booking) => booking.lapsesAt === null || booking.lapsesAt > instant),
      date,
    );
  const offer = offerAt(now);
  const lapses = [...new Set(near.flatMap((booking) => (booking.lapsesAt && booking.lapsesAt > now ? [booking.lapsesAt.getTime()] : [])))];
  let change: { changesAt: Date; later: DayOffer } | null = null;
  for (const lapse of lapses.sort((a, b) => a - b)) {
    const later = offerAt(new Date(lapse));
    if (!sameOffer(later, offer)) {
      change = { changesAt: new Date(lapse), later };
      break;
    }
  }
  if (!change && sameOffer(offer, space.template[dayKind(date, space.calendar.timeZone) - 1]!)) return null;
  return { spaceId: space.id, date, offer, changesAt: change?.changesAt ?? null, later: change?.later ?? null };
}

/** Writes `rows` (inserted, or replacing the stored ones) and deletes the stored days `cleared`. */
async function writeDays(db: Database, rows: readonly DayRow[], cleared: readonly { spaceId: string; date: string }[]): Promise<void> {
  for (let i = 0; i < cleared.length; i += WRITE_BATCH) {
    const batch = cleared.slice(i, i + WRITE_BATCH);
    await db.execute(sql`delete from space_days d using unnest(${sql.param(batch.map((day) => day.spaceId))}::uuid[],
      ${sql.param(batch.map((day) => day.date))}::date[]) x(space_id, date) where d.space_id = x.space_id and d.date = x.date`);
  }
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    const column = <T>(value: (row: DayRow) => T) => sql.param(batch.map(value));
    await db.execute(sql`insert into space_days (space_id, date, windows, last_start, changes_at, later_windows, later_last_start)
      select * from unnest(${column((row) => row.spaceId)}::uuid[], ${column((row) => row.date)}::date[],
        ${column((row) => multirange(row.offer.windows))}::int4multirange[], ${column((row) => row.offer.lastStart)}::int[],
        ${column((row) => row.changesAt?.toISOString() ?? null)}::timestamptz[],
        ${column((row) => (row.later ? multirange(row.later.windows) : null))}::int4multirange[],
        ${column((row) => row.later?.lastStart ?? null)}::int[])
      on conflict (space_id, date) do update set windows = excluded.windows, last_start = excluded.last_start,
        changes_at = excluded.changes_at, later_windows = excluded.later_windows, later_last_start = excluded.later_last_start`);
  }
}

/** Every space of `ranges` with the dates each range touches, read at `now` under the spaces' locks. */
async function refreshDates(db: Database, dates: ReadonlyMap<string, (space: Space) => string[]>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = [...dates.keys()].sort();
    await lockSpaces(tx, ids);
    const spaces = await readSpaces(tx, ids, new Date(now.getTime() - 3 * 24 * 60 * 60_000), now);
    const rows: DayRow[] = [];
    const cleared: { spaceId: string; date: string }[] = [];
    for (const space of spaces) {
      for (const date of new Set(dates.get(space.id)!(space))) {
        const row = dayRow(space, date, now);
        if (row) rows.push(row);
        else cleared.push({ spaceId: space.id, date });
      }
    }
    await writeDays(tx, rows, cleared);
  });
}

/**
 * Writes again the stored days of the dates `ranges` touch (bookings inserted or moved: call it in their
 * transaction, after writing them, with their rows as they are now).
 */
export async function refreshBookedDays(db: Database, ranges: readonly BookedRange[], now = new Date()): Promise<void> {
  if (ranges.length === 0) return;
  const bySpace = new Map<string, (space: Space) => string[]>();
  for (const spaceId of new Set(ranges.map((range) => range.spaceId))) {
    const own = ranges.filter((range) => range.spaceId === spaceId);
    bySpace.set(spaceId, (space) => own.flatMap((range) => datesTouched(space, range)));
  }
  await refreshDates(db, bySpace, now);
}

/** Writes again the stored days of the given dates of each space (holds that lapsed: the sweep). */
export async function refreshSpaceDates(db: Database, days: readonly { spaceId: string; date: string }[], now = new Date()): Promise<void> {
  if (days.length === 0) return;
  const bySpace = new Map<string, (space: Space) => string[]>();
  for (const day of days) {
    const listed = bySpace.get(day.spaceId);
    bySpace.set(day.spaceId, (space) => [...(listed?.(space) ?? []), day.date]);
  }
  await refreshDates(db, bySpace, now);
}

/**
 * Writes every stored day of `spaceIds` again: a row for each date from yesterday on that its bookings
 * make differ from its template and, unless `rowsOnly`, the template (with `days_version`) and the blocked
 * dates on the space's row. Call it in the transaction that changes a space's schedule, pricing period,
 * state or blocked dates, after the change; `rowsOnly` after bookings written in bulk (the seeds).
 */
export async function rebuildSpaceDays(
  db: Database,
  spaceIds: readonly string[],
  now = new Date(),
  { rowsOnly = false } = {},
): Promise<void> {
  if (spaceIds.length === 0) return;
  await db.transaction(async (tx) => {
    const ids = [...new Set(spaceIds)].sort();
    // The rows first, then the days' locks: the order a hold takes them in (checkout.ts locks its space first).
    if (!rowsOnly)
      await tx
        .select({ id: medicalSpaces.id })
        .from(medicalSpaces)
        .where(inArray(medicalSpaces.id, ids))
        .orderBy(medicalSpaces.id)
        .for('no key update');
    await lockSpaces(tx, ids);
    const spaces = await readSpaces(tx, ids, new Date(now.getTime() - 3 * 24 * 60 * 60_000), now);
    const rows: DayRow[] = [];
    for (const space of spaces) {
      const yesterday = shiftDate(localDate(now, space.calendar.timeZone), -1);
      const dates = new Set(space.held.flatMap((booking) => datesTouched(space, booking)).filter((date) => date >= yesterday));
      for (const date of dates) {
        const row = dayRow(space, date, now);
        if (row) rows.push(row);
      }
    }
    if (!rowsOnly) await writeTemplates(tx, spaces);
    await tx.execute(sql`delete from space_days where space_id = any(${sql.param(ids)}::uuid[])`);
    await writeDays(tx, rows, []);
  });
}

/** The blocked dates of a listing as `blocked_date_ranges` holds them (ends inclusive there, exclusive here). */
export function blockedDateRanges(blocked: ListingCalendar['blockedDates']): string {
  return `{${blocked.map((range) => `[${range.start},${shiftDate(range.end, 1)})`).join(',')}}`;
}

/** Writes the template and the blocked dates of each of `spaces` on its row. */
async function writeTemplates(db: Database, spaces: readonly Space[]): Promise<void> {
  const columns = spaces.map((space) => templateColumns(space.calendar, space.template));
  const list = <T>(value: (index: number) => T) => sql.param(spaces.map((_, index) => value(index)));
  await db.execute(sql`update medical_spaces m set day_windows = x.windows::int4multirange[], day_last_starts = x.last_starts::int[],
      zone_slot = x.zone_slot, notice_hours = x.notice_hours, horizon_days = x.horizon_days,
      days_version = ${SPACE_DAYS_VERSION}, blocked_date_ranges = x.blocked::datemultirange
    from unnest(${list((i) => spaces[i]!.id)}::uuid[], ${list((i) => columns[i]!.dayWindows)}::text[],
      ${list((i) => `{${columns[i]!.dayLastStarts.join(',')}}`)}::text[], ${list((i) => columns[i]!.zoneSlot)}::smallint[],
      ${list((i) => columns[i]!.noticeHours)}::smallint[], ${list((i) => columns[i]!.horizonDays)}::smallint[],
      ${list((i) => blockedDateRanges(spaces[i]!.calendar.blockedDates))}::text[])
      x(id, windows, last_starts, zone_slot, notice_hours, horizon_days, blocked)
    where m.id = x.id`);
}
