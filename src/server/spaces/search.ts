/**
 * Search of the listings: the filters of `GET /api/spaces` as SQL on indexed
 * columns (docs/decisions/014-search-in-the-database.md), pages by offset or
 * keyset cursor, bounded and cached counts, and the cache helpers the map
 * points (map-points.ts) and the sitemap share. Listing CRUD is in service.ts.
 */
import { and, desc, getTableName, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { startOfHour } from 'date-fns';
import { daysBetween, localDate, localInstant, shiftDate, weekdayOf } from '../../shared/availability';
import { BLOCKING_BOOKING_STATUSES, WEEKDAYS } from '../../shared/constants';
import { locationParts, type Bbox, type SpaceCard, type spaceSearchSchema } from '../../shared/schemas/spaces';
import { DEFAULT_TIME_ZONE, US_STATES } from '../../shared/time-zones';
import { minutesOfDay } from '../../shared/time-of-day';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, NO_WEEKLY_HOURS_BIT, OPEN_DAY_BIT } from '../db/schema';
import { badRequest } from '../http/errors';
import { foldPublishedRatingsWhenDue, ratingOf } from '../ratings/stored-rating';

/** A parsed `GET /api/spaces` query (`spaceSearchSchema`'s output: defaults applied, numbers as numbers). */
export type SpaceSearchQuery = z.output<typeof spaceSearchSchema>;

/** Escapes LIKE wildcards so user text matches literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A part of a location search that could be (the start of) a ZIP code: digits and a hyphen only. */
const ZIP_PREFIX = /^[\d-]+$/;

/**
 * How a search's values enter its SQL, by name: as bound values (`literals`), or as
 * named placeholders of a prepared statement (`placeholder`), so the SQL
 * text depends only on which filters are set (the search's shape). The values
 * are computed apart from the SQL ({@link filterValues}), so a search whose SQL
 * is already built computes only its values.
 */
type Bind = (name: string) => unknown;
/** The filters' values by placeholder name. */
type Values = Record<string, unknown>;
// One bound parameter each (an array stays one `text[]` parameter rather than a list).
const literals =
  (values: Values): Bind =>
  (name) =>
    sql.param(values[name]);
const placeholder: Bind = (name) => sql.placeholder(name);

/**
 * What separates the words of a location: a run of ASCII characters that are not letters or digits, as the SQL
 * function `location_words` splits a space's text into the words it is found by (migration 0029;
 * tests/api/search.test.ts holds the two together). Characters beyond ASCII are always part of words.
 */
// eslint-disable-next-line no-control-regex -- control characters separate words too, as in the database
const WORD_SEPARATORS = /[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;

/** The shortest piece the vocabulary's trigram index can narrow (a trigram is 3 characters). */
const MIN_PIECE_LENGTH = 3;

/**
 * The piece of a location a search by its words walks (docs/decisions/014-search-in-the-database.md): the
 * longest word of its parts that cannot be a ZIP code (a ZIP part also matches `zip_code`, which has no words),
 * as written (the SQL lowers it as it lowers the part). A space whose text holds the part holds the piece
 * inside one of its words: the piece has no separator in it. None when that word is shorter than
 * {@link MIN_PIECE_LENGTH} characters.
 */
export function locationPiece(location: string): string | undefined {
  let piece: string | undefined;
  for (const part of locationParts(location))
    if (!ZIP_PREFIX.test(part))
      for (const word of part.split(WORD_SEPARATORS)) if ([...word].length > [...(piece ?? '')].length) piece = word;
  return piece && [...piece].length >= MIN_PIECE_LENGTH ? piece : undefined;
}

/** The values of {@link locationFilter}'s placeholders. */
function locationValues(location: string | undefined): Values {
  const values: Values = {};
  if (location)
    locationParts(location).forEach((part, index) => {
      values[`location${index}`] = `%${likeLiteral(part)}%`;
      if (ZIP_PREFIX.test(part)) values[`zip${index}`] = `${likeLiteral(part)}%`;
    });
  const piece = location ? locationPiece(location) : undefined;
  if (piece) values.locationPiece = piece;
  return values;
}

/**
 * The location filter: every comma-separated part ("Austin, TX") must match
 * the city, state, address or title (case-insensitive substring) or be the
 * start of the ZIP code. The four texts are one lower-cased generated
 * column, `search_text`, with one trigram index; a ZIP part also tries the
 * ZIP's `text_pattern_ops` index (a 5-digit ZIP is an exact index lookup).
 */
export function locationFilter(location: string, bind: Bind = literals(locationValues(location))): SQL | undefined {
  const clauses = locationParts(location).map((part, index) => {
    const text = sql`${medicalSpaces.searchText} like lower(${bind(`location${index}`)})`;
    return ZIP_PREFIX.test(part) ? or(sql`${medicalSpaces.zipCode} like ${bind(`zip${index}`)}`, text)! : text;
  });
  return clauses.length ? and(...clauses) : undefined;
}

/** The filters of a search (its query without paging). */
type FilterQuery = Omit<SpaceSearchQuery, 'limit' | 'offset' | 'after' | 'sort'>;

/**
 * The values of {@link searchFilter}'s placeholders for `query`, by name, computed without building any SQL.
 * @param now the instant the search by availability counts notice and holds from
 */
function filterValues(query: FilterQuery, now = new Date()): Values {
  const values: Values = locationValues(query.location);
  if (query.spaceType) values.spaceType = query.spaceType;
  if (query.specialty) values.specialty = query.specialty;
  if (query.period) values.period = query.period;
  if (query.minPrice !== undefined) values.minPrice = query.minPrice.toFixed(2);
  if (query.maxPrice !== undefined) values.maxPrice = query.maxPrice.toFixed(2);
  if (query.amenities?.length) values.amenities = query.amenities;
  if (query.equipment?.length) values.equipment = query.equipment;
  if (query.minRating !== undefined) values.minRating = query.minRating.toFixed(2);
  if (query.ownerId) values.ownerId = query.ownerId;
  if (query.bbox) Object.assign(values, bboxValues(query.bbox));
  if (query.availableOn) Object.assign(values, availabilityValues(query, now));
  return values;
}

/** The WHERE clause of a search: active spaces matching every filter that is set (docs/product.md#search; docs/api.md). */
export function searchFilter(query: FilterQuery, bind: Bind = literals(filterValues(query))): SQL {
  // `active` as written in the newest-first index's predicate, not `active = $1`: a generic plan (a named statement) cannot use a partial index for a parameter.
  const filters: (SQL | undefined)[] = [sql`${medicalSpaces.active}`];
  if (query.location) filters.push(locationFilter(query.location, bind));
  if (query.spaceType) filters.push(sql`${medicalSpaces.spaceType} = ${bind('spaceType')}`);
  if (query.specialty) filters.push(sql`lower(${medicalSpaces.optimalSpecialty}) = lower(${bind('specialty')})`);
  if (query.period) filters.push(sql`${medicalSpaces.pricePeriod} = ${bind('period')}`);
  if (query.minPrice !== undefined) filters.push(sql`${medicalSpaces.pricePerDay} >= ${bind('minPrice')}::numeric`);
  if (query.maxPrice !== undefined) filters.push(sql`${medicalSpaces.pricePerDay} <= ${bind('maxPrice')}::numeric`);
  if (query.amenities?.length) filters.push(sql`${medicalSpaces.amenities} @> ${bind('amenities')}::text[]`);
  if (query.equipment?.length) filters.push(sql`${medicalSpaces.equipment} @> ${bind('equipment')}::text[]`);
  // "4+ stars": the stored average (0 without reviews), on the rating index (docs/decisions/028-reviews.md).
  if (query.minRating !== undefined) filters.push(sql`${medicalSpaces.ratingAverage} >= ${bind('minRating')}::numeric`);
  if (query.ownerId) filters.push(sql`${medicalSpaces.ownerId} = ${bind('ownerId')}::uuid`);
  if (query.bbox) filters.push(bboxFilter(query.bbox, bind));
  if (query.availableOn) filters.push(availabilityFilter(query, bind));
  return and(...filters)!;
}

/**
 * Whether a page or count asks the availability of the location's matches only, newest first
 * ({@link locationFirst}): a search by availability with a location.
 */
const asksLocationFirst = (query: Pick<SpaceSearchQuery, 'availableOn' | 'location'>) =>
  Boolean(query.availableOn && query.location && locationParts(query.location).length);

/**
 * How many of a location's newest matches a page by availability asks first, per row of the page and the
 * pages before it ({@link locationFirst}).
 */
const LOCATION_WINDOW = 8;

/**
 * How many candidates per row of the page and the pages before it a page by the location's words asks first
 * when its piece is in several words ({@link spacesByWords}); when those neither fill the page nor are all the
 * candidates, it asks {@link LOCATION_WINDOW} per row. Each candidate in the window costs its place in the merge
 * and sort of the window, whether or not it is asked: a window of 8 per row cost Austin's page about 0.2 ms of
 * 0.65 ms, while 2 per row is enough where at least half of the candidates are available.
 */
const WORDS_WINDOW = 2;

/**
 * Whether a page of a search by availability with a location is first asked of the spaces having a word of the
 * location ({@link preparePage}'s `word`, then `words`): newest first (the words are kept newest first), with a
 * piece ({@link locationPiece}).
 */
const asksByWords = (query: SpaceSearchQuery) =>
  asksLocationFirst(query) && query.sort === 'newest' && locationPiece(query.location!) !== undefined;

/** At most how many words of the vocabulary a location's piece may be in for a page to be asked by words. */
const MAX_LOCATION_WORDS = 16;

/** The location's piece as the vocabulary has it (lower case), an SQL text. */
const lowerPiece = (bind: Bind) => sql`lower(${bind('locationPiece')})`;

/** A word of the vocabulary (`v`) contains the location's piece (the trigram index's condition). */
const holdsPiece = (bind: Bind) => sql`v.word like '%' || ${lowerPiece(bind)} || '%'`;

/**
 * The spaces having the location's piece as a word, newest first, after the cursor: a superset of the location's
 * matches when no other word of the vocabulary contains the piece (migration 0029,
 * docs/decisions/014-search-in-the-database.md), and none at all otherwise (the vocabulary's trigram index asked
 * once, before the first row). Walked along the words' key, as a search without a location walks the
 * newest-first index, to the end when need be: no window, no merge, no sort.
 * @param after the cursor's condition on `space_location_words` (`l`), when a page comes by cursor
 */
function spacesByWord(bind: Bind, after?: SQL): SQL {
  const word = lowerPiece(bind);
  // Counted rather than `not exists`, which PostgreSQL plans to stop at the first row: a sequential scan.
  const onlyWord = sql`(select count(*) from location_vocabulary v where ${holdsPiece(bind)} and v.word <> ${word}) = 0`;
  return sql`(select l.created_at, l.space_id from space_location_words l where l.word = ${word} and ${onlyWord}${after ? sql` and ${after}` : sql``}
    order by l.created_at desc, l.space_id desc offset 0)`;
}

/**
 * The spaces having a word of the vocabulary that contains the location's piece ({@link locationPiece}), newest
 * first, at most `size` of them after the cursor: a superset of the location's matches (migration 0029,
 * docs/decisions/014-search-in-the-database.md): a space whose text holds the part holds the piece inside one of
 * its words, and that word is in the vocabulary. None when the piece is in more than {@link MAX_LOCATION_WORDS}
 * words: the caller then asks the location's matches by the trigram index. Each row also says how many
 * candidates the window holds (`candidates`): fewer than `size`, and they are all there are. The rows come
 * newest first (ordered again after the count, so that the planner knows it and the page that reads them stops
 * when it is full rather than asking every candidate and sorting).
 * @param after the cursor's condition on `space_location_words` (`l`), when a page comes by cursor
 */
function spacesByWords(bind: Bind, size: SQLWrapper, after?: SQL): SQL {
  const words = sql`(select array(select v.word from location_vocabulary v
    where ${holdsPiece(bind)} limit ${sql.raw(String(MAX_LOCATION_WORDS + 1))}))`;
  // unnest(null) is no row: more words than that, and no candidate at all. (`offset 0`: the words are found once.)
  return sql`(select n.created_at, n.space_id, count(*) over () as candidates from (select distinct n.created_at, n.space_id from (select ${words} as list offset 0) found
    cross join lateral unnest(case when cardinality(found.list) <= ${sql.raw(String(MAX_LOCATION_WORDS))} then found.list end) v(word)
    cross join lateral (select l.created_at, l.space_id from space_location_words l where l.word = v.word${after ? sql` and ${after}` : sql``}
      order by l.created_at desc, l.space_id desc limit ${size}) n
    order by n.created_at desc, n.space_id desc limit ${size}) n
    order by n.created_at desc, n.space_id desc)`;
}

/**
 * The ids of a search by availability with a location, newest first: the spaces matching every other filter
 * (the location) are taken newest first, and each is asked its availability, in that order, until the page is
 * full.
 *
 * A page is first asked of the spaces having the location's words ({@link preparePage}'s `words`), then of the
 * location's newest matches only (`window`): {@link LOCATION_WINDOW} per row of the page and the pages before it,
 * in a subquery of that limit, so that PostgreSQL walks the newest-first index and reads matches only until the
 * page is full, rather than finding all of them by the trigram index and sorting them (Austin: 2,248 at 100,000
 * spaces) before asking any. When that fills the page, it is the page (the window is a prefix of the matches, so
 * its available ones are a prefix of all the available ones); otherwise {@link searchSpaces} asks again of all
 * the matches (`all`), found and sorted first in a subquery the planner keeps apart (`offset 0`). Asked
 * together, PostgreSQL read the location's spaces by bitmap and asked every one of them before sorting.
 * @param page the page's extra condition (the cursor), the limit and the offset, and which matches to ask; none
 *   for a count
 */
function locationFirst(
  query: SpaceSearchQuery,
  bind: Bind,
  page?: { where?: SQL; limit: SQLWrapper; offset: SQLWrapper; source: 'window' | 'all' },
): SQL {
  const { availableOn: _on, availableFrom: _from, availableTo: _to, ...others } = query;
  const candidates = and(searchFilter(others, bind), page?.where)!;
  const available = sql`exists (select 1 from ${medicalSpaces} where ${medicalSpaces.id} = c.id and ${availabilityFilter(query, bind)})`;
  if (!page)
    return sql`select 1 from (select ${medicalSpaces.id} as id from ${medicalSpaces} where ${candidates} offset 0) c where ${available}`;
  const byRating = query.sort === 'rating';
  const window =
    page.source === 'window'
      ? sql`limit (${page.offset}::bigint + ${page.limit}::bigint) * ${sql.raw(String(LOCATION_WINDOW))}`
      : sql`offset 0`;
  return sql`(select c.id from (select ${medicalSpaces.id} as id, ${medicalSpaces.createdAt} as created_at, ${medicalSpaces.ratingAverage} as rating from ${medicalSpaces}
        where ${candidates} order by ${byRating ? sql`${medicalSpaces.ratingAverage} desc, ` : sql``}${medicalSpaces.createdAt} desc, ${medicalSpaces.id} desc ${window}) c
        where ${available} order by ${byRating ? sql`c.rating desc, ` : sql``}c.created_at desc, c.id desc limit ${page.limit} offset ${page.offset})`;
}

/** A plain SQL string literal of `text`, which holds no quote (statuses). */
function sqlString(text: string): string {
  if (!/^[\w/+-]+$/.test(text)) throw new Error(`Not a plain SQL literal: ${text}`);
  return `'${text}'`;
}

/** A quarter of an hour and a day of 24 hours, in milliseconds. */
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Every time zone a space can be in (its stored `time_zone`: the zone of its state, or the default). */
const ZONES = [...new Set([...Object.values(US_STATES).map((state) => state.timeZone), DEFAULT_TIME_ZONE])];

/** Minutes since midnight of an `HH:mm` SQL text (`24:00` is 1440). */
const minutesSql = (text: SQL) => sql`(split_part(${text}, ':', 1)::int * 60 + split_part(${text}, ':', 2)::int)`;

/**
 * What a search by availability reads of each zone, in the order of {@link ZONES}: arrays of numbers (cheap for
 * PostgreSQL to read as bound values, unlike instants written out), each also written out once as an SQL array
 * literal ({@link sqlArray}) for binding.
 */
interface ZoneDays {
  /**
   * Four instants a zone, in seconds since the epoch: the first instant of the date, of the day after, of the
   * current local hour and of the current local day.
   */
  epochs: number[];
  /** The bound values: `epochs`, whether the date has 24 hours in the zone (no clock change), and the days from the zone's date today to the date. */
  values: { availableEpochs: string; availableWholeDays: string; availableDaysAhead: string };
}

/** An SQL array literal of numbers or booleans (`{1,2}`, `{t,f}`): bound as one text, as the driver would write the array. */
function sqlArray(items: readonly (number | boolean)[]): string {
  return `{${items.map((item) => (typeof item === 'boolean' ? (item ? 't' : 'f') : String(item))).join(',')}}`;
}

/** {@link ZONES} as an SQL array, written into a statement (each name a plain literal, {@link sqlString}). */
const ZONES_SQL = `array[${ZONES.map(sqlString).join(', ')}]::text[]`;

/** {@link zoneDays} by date and quarter hour (every zone's hours and days start on a quarter hour of UTC). */
const zoneDaysCache = new LRUCache<string, ZoneDays>({ max: 64 });

/**
 * Each zone's first instants of `date`, of the day after, of the current hour and of today, whether the date has
 * 24 hours, and how many days ahead it is, at `now`: computed in Node once per date and quarter hour rather than by
 * the database for every search (PostgreSQL spent about 0.1 ms a statement converting them).
 */
function zoneDays(date: string, now: Date): ZoneDays {
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
function hoursUntilDay(days: ZoneDays, now: Date): number[] {
  const seconds = now.getTime() / 1000;
  return ZONES.map((_, index) => Math.floor((days.epochs[index * 4]! - seconds) / 3600));
}

/** The fields of a search by availability. */
type AvailabilityQuery = Pick<SpaceSearchQuery, 'availableOn' | 'availableFrom' | 'availableTo'>;

/**
 * The values of {@link availabilityFilter}'s placeholders: the date, its weekday (name and bit), the instant
 * notice and holds count from, what each zone's day is, and the window in minutes of the day when set.
 */
function availabilityValues(query: AvailabilityQuery, now = new Date()): Values {
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
 * rather than a GiST probe per candidate (about 30 µs each at 500,000 bookings).
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

/** The values of {@link bboxFilter}'s placeholders: the box's edges in degrees, as decimal text. */
function bboxValues(bbox: Bbox): Values {
  return { west: bbox.west.toFixed(7), south: bbox.south.toFixed(7), east: bbox.east.toFixed(7), north: bbox.north.toFixed(7) };
}

/**
 * The bounding-box filter of the maps and 'Search this area', on the indexed
 * latitude/longitude columns. A box whose west edge is east of its east edge
 * crosses the antimeridian.
 */
export function bboxFilter(bbox: Bbox, bind: Bind = literals(bboxValues(bbox))): SQL {
  const degrees = (name: keyof Bbox) => sql`${bind(name)}::numeric`;
  const lat = sql`${medicalSpaces.latitude} between ${degrees('south')} and ${degrees('north')}`;
  const lng =
    bbox.west <= bbox.east
      ? sql`${medicalSpaces.longitude} between ${degrees('west')} and ${degrees('east')}`
      : sql`(${medicalSpaces.longitude} >= ${degrees('west')} or ${medicalSpaces.longitude} <= ${degrees('east')})`;
  return and(sql`${medicalSpaces.latitude} is not null`, sql`${medicalSpaces.longitude} is not null`, lat, lng)!;
}

/**
 * Counts are exact up to this many matches; beyond it the answer is
 * "at least {@link COUNT_LIMIT}" (shown as '1,000+ spaces found'), so a
 * broad search never counts a whole table (issue 10).
 */
export const COUNT_LIMIT = 1000;

/** The columns a result card needs ({@link spaceCardSchema}). */
const cardColumns = {
  id: medicalSpaces.id,
  ownerId: medicalSpaces.ownerId,
  title: medicalSpaces.title,
  spaceType: medicalSpaces.spaceType,
  city: medicalSpaces.city,
  state: medicalSpaces.state,
  zipCode: medicalSpaces.zipCode,
  pricePerDay: medicalSpaces.pricePerDay,
  pricePeriod: medicalSpaces.pricePeriod,
  capacity: medicalSpaces.capacity,
  // As JSON, which the driver parses natively: a `text[]` is parsed character by character in JavaScript (about
  // 50 µs of Node's CPU a page of 25 cards).
  images: sql<string[]>`array_to_json(${medicalSpaces.images})`,
  ratingCount: medicalSpaces.ratingCount,
  ratingAverage: medicalSpaces.ratingAverage,
};

/** The sort key of a row as text with microseconds (a JS Date would drop them), for the cursor. */
const sortKey = sql<string>`to_char(${medicalSpaces.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** A stored average rating as text (`numeric(3,2)`). */
const CURSOR_RATING = /^\d\.\d{2}$/;

/** A page's position: the last row's creation time (microseconds) and id, and its rating when sorted by rating. */
interface Cursor {
  createdAt: string;
  id: string;
  rating?: string;
}

/** The opaque keyset cursor of a row: its creation time (microseconds) and id, and its rating when sorted by rating. */
function encodeCursor(createdAt: string, id: string, rating?: string): string {
  return Buffer.from(JSON.stringify(rating === undefined ? [createdAt, id] : [createdAt, id, rating])).toString('base64url');
}

/**
 * Reads a cursor made by {@link encodeCursor}.
 * @throws HttpError 400 when it is not one
 */
function decodeCursor(cursor: string, byRating: boolean): Cursor {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const [createdAt, id, rating] = parts;
    const ratingFits = byRating ? typeof rating === 'string' && CURSOR_RATING.test(rating) : parts.length === 2;
    if (typeof createdAt === 'string' && CURSOR_TIME.test(createdAt) && z.uuid().safeParse(id).success && ratingFits)
      return { createdAt, id: id as string, ...(byRating ? { rating: rating as string } : {}) };
  } catch {
    // falls through to the 400
  }
  throw badRequest('The search cursor is not valid; start the search again.');
}

/** One page of a search: its cards, the (bounded) count and the cursor of the next page. */
export interface SpaceSearchResult {
  spaces: SpaceCard[];
  /** Matches, exact when `exact`; otherwise at least this many ({@link COUNT_LIMIT}). */
  total: number;
  exact: boolean;
  /** The cursor of the next page (`after`), or null on the last page. */
  nextCursor: string | null;
}

/**
 * Recent bounded counts by search, so repeated and paged searches do not
 * count again. It holds promises: concurrent requests for one search share
 * one count rather than all counting at once.
 */
export type SearchCountCache = LRUCache<string, Promise<number>>;

/**
 * A cache of bounded counts: up to 1,000 searches for 30 seconds, then
 * answered while counted again ({@link boundedCount}). The app clears it
 * when a space is listed or removed through it; a count may lag a change
 * made by another instance (or a booking) by up to 30 s plus one count (the
 * page itself never does: only the number beside it).
 * @param ttlMs how long a count is fresh (tests shorten it)
 */
export function createSearchCountCache(ttlMs = 30_000): SearchCountCache {
  return new LRUCache<string, Promise<number>>({ max: 1000, ttl: ttlMs });
}

/**
 * A cache key of parsed search filters: the set ones in name order, nested
 * values (the bounding box, the lists) written out whole.
 */
export function filtersKey(filters: object): string {
  return JSON.stringify(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/**
 * The answer of `key` in `cache`, or `compute()`'s, kept there. The cache
 * holds the promise, so concurrent requests for one key share one
 * computation; a failure is not remembered.
 * @param size for a cache with a `maxSize`: the answer's size once known
 *   (it counts the cache's `sizeCalculation` while computed); an answer
 *   larger than the whole cache is answered but not kept
 */
export function remember<T>(
  cache: LRUCache<string, Promise<T>>,
  key: string,
  compute: () => Promise<T>,
  size?: (value: T) => number,
): Promise<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const answer = compute();
  cache.set(key, answer);
  answer.then(
    (value) => {
      // A settled promise of the same value: the cache takes a new size only with a new value.
      if (size && cache.peek(key) === answer) cache.set(key, Promise.resolve(value), { size: Math.max(1, size(value)), noUpdateTTL: true });
    },
    () => {
      if (cache.peek(key) === answer) cache.delete(key);
    },
  );
  return answer;
}

/** The key of a search's count: its filters, without paging. */
function countKey(query: SpaceSearchQuery): string {
  const { limit: _limit, offset: _offset, after: _after, sort: _sort, ...filters } = query;
  return filtersKey(filters);
}

/**
 * The shape of a search: which filters are set (and, for the location,
 * its parts and which could be ZIPs). Searches of one shape share one SQL
 * text, built once.
 */
function searchShape(query: SpaceSearchQuery, cursor: boolean): string {
  const location = query.location
    ? locationParts(query.location)
        .map((part) => (ZIP_PREFIX.test(part) ? 'z' : 't'))
        .join('')
    : '';
  const set = (['spaceType', 'specialty', 'period', 'ownerId'] as const).map((key) => (query[key] ? 1 : 0)).join('');
  const prices = `${query.minPrice !== undefined ? 1 : 0}${query.maxPrice !== undefined ? 1 : 0}`;
  const lists = `${query.amenities?.length ? 1 : 0}${query.equipment?.length ? 1 : 0}`;
  const box = query.bbox ? (query.bbox.west <= query.bbox.east ? 'b' : 'x') : '';
  const available = query.availableOn ? (query.availableFrom ? 'w' : 'd') : '';
  const rating = `${query.sort === 'rating' ? 'r' : ''}${query.minRating !== undefined ? 'm' : ''}`;
  return `${location}|${set}${prices}${lists}${box}${available}${rating}${cursor ? 1 : 0}`;
}

/** The values of a search's placeholders, named as {@link searchFilter} names them (no SQL built). */
function searchValues(query: SpaceSearchQuery, cursor: Cursor | null): Values {
  const values = filterValues(query);
  if (cursor) Object.assign(values, { cursorAt: cursor.createdAt, cursorId: cursor.id });
  if (cursor?.rating !== undefined) values.cursorRating = cursor.rating;
  return Object.assign(values, { limit: query.limit + 1, offset: query.offset });
}

/**
 * @param firstPage named statements only: the page's size, written into the SQL with offset 0, so
 *   that the generic plan knows it (with `limit $1` PostgreSQL plans a generic statement for a
 *   tenth of the table: a sequential scan and a sort, which it never picks, planning every run)
 */
function preparePage(
  db: Database,
  query: SpaceSearchQuery,
  cursor: boolean,
  name: string,
  firstPage?: number,
  source: 'word' | 'words' | 'moreWords' | 'window' | 'all' = 'all',
) {
  const byRating = query.sort === 'rating';
  const after = !cursor
    ? undefined
    : byRating
      ? sql`(${medicalSpaces.ratingAverage}, ${medicalSpaces.createdAt}, ${medicalSpaces.id}) < (${sql.placeholder('cursorRating')}::numeric, ${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
      : sql`(${medicalSpaces.createdAt}, ${medicalSpaces.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;
  // Best rated first reads the rating index backwards (ties newest first); otherwise the newest-first index.
  const order = byRating
    ? [desc(medicalSpaces.ratingAverage), desc(medicalSpaces.createdAt), desc(medicalSpaces.id)]
    : [desc(medicalSpaces.createdAt), desc(medicalSpaces.id)];
  const limit = firstPage === undefined ? sql.placeholder('limit') : sql.raw(String(firstPage + 1));
  const offset = firstPage === undefined ? sql.placeholder('offset') : sql.raw('0');
  const wordsAfter = cursor
    ? sql`(l.created_at, l.space_id) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
    : undefined;
  if (source === 'word') {
    // The spaces having the piece as a word come newest first; each is read by its key in a subquery of its own
    // (`offset 0`: kept apart, so the generic plan cannot trade the walk for the trigram index and a sort) and
    // asked every filter and its availability, in that order, until the page is full. The cards are its rows (the
    // subquery is named as the table, so the card's columns are read from it).
    const candidate = db
      .select()
      .from(medicalSpaces)
      .where(and(sql`${medicalSpaces.id} = n.space_id`, searchFilter(query, placeholder)))
      .offset(sql.raw('0') as unknown as Placeholder)
      .as(getTableName(medicalSpaces));
    return db
      .select({ ...cardColumns, sortKey })
      .from(sql`${spacesByWord(placeholder, wordsAfter)} n`)
      .crossJoinLateral(candidate)
      .orderBy(sql`n.created_at desc`, sql`n.space_id desc`)
      .limit(limit as Placeholder)
      .offset(offset as Placeholder)
      .prepare(name);
  }
  if (source === 'words' || source === 'moreWords') {
    // The window of spaces having the location's words comes newest first; each is read by its key, asked every
    // filter and its availability in that order, and the page's cards are taken from those rows.
    const perRow = source === 'words' ? WORDS_WINDOW : LOCATION_WINDOW;
    const size = sql`(${offset}::bigint + ${limit}::bigint) * ${sql.raw(String(perRow))}`;
    return db
      .select({ ...cardColumns, sortKey, windowFull: sql<boolean>`n.candidates >= ${size}` })
      .from(medicalSpaces)
      .innerJoin(sql`${spacesByWords(placeholder, size, wordsAfter)} n`, sql`${medicalSpaces.id} = n.space_id`)
      .where(and(searchFilter(query, placeholder), after))
      .orderBy(sql`n.created_at desc`, sql`n.space_id desc`)
      .limit(limit as Placeholder)
      .offset(offset as Placeholder)
      .prepare(name);
  }
  if (query.availableOn && !asksLocationFirst(query))
    // A search by availability reads each candidate's row for its schedule: the cards are taken from those rows,
    // not looked up again by id. (Drizzle writes an SQL `limit` as it is, a first page's size included.)
    return db
      .select({ ...cardColumns, sortKey })
      .from(medicalSpaces)
      .where(and(searchFilter(query, placeholder), after))
      .orderBy(...order)
      .limit(limit as Placeholder)
      .offset(offset as Placeholder)
      .prepare(name);
  // Deferred join: the filters and the offset pick ids (an index-only scan of the covering index when
  // the filters are on its columns), then only the page's rows are read.
  const ids = asksLocationFirst(query)
    ? locationFirst(query, placeholder, { where: after, limit, offset, source })
    : sql`(select ${medicalSpaces.id} from ${medicalSpaces} where ${and(searchFilter(query, placeholder), after)}
        order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset})`;
  return db
    .select({ ...cardColumns, sortKey })
    .from(medicalSpaces)
    .where(inArray(medicalSpaces.id, ids))
    .orderBy(...order)
    .prepare(name);
}

function prepareCount(db: Database, query: SpaceSearchQuery, name: string) {
  const matches = asksLocationFirst(query)
    ? sql`(${locationFirst(query, placeholder)} limit ${sql.raw(String(COUNT_LIMIT + 1))}) matches`
    : db
        .select({ one: sql`1` })
        .from(medicalSpaces)
        .where(searchFilter(query, placeholder))
        .limit(COUNT_LIMIT + 1)
        .as('matches');
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(matches)
    .prepare(name);
}

/** A row of a page: a card's columns and its sort key; a page by words also says whether its window was full. */
type PageRow = Awaited<ReturnType<ReturnType<typeof preparePage>['execute']>>[number] & { windowFull?: boolean };

/**
 * The card of a page's row ({@link cardColumns}, the rating as shown). Written out rather than the row's rest
 * spread without its other columns: that cost about 0.1 ms of Node's CPU a page of 24 (the benchmark's CPU
 * figures, decision 014's seventh round).
 */
const cardOf = (row: PageRow): SpaceCard => ({
  id: row.id,
  ownerId: row.ownerId,
  title: row.title,
  spaceType: row.spaceType,
  city: row.city,
  state: row.state,
  zipCode: row.zipCode,
  pricePerDay: row.pricePerDay,
  pricePeriod: row.pricePeriod,
  capacity: row.capacity,
  images: row.images,
  rating: ratingOf(row),
});

interface Statements {
  page: ReturnType<typeof preparePage>;
  /**
   * A search by availability with a location that has a piece ({@link locationPiece}): the page asked of the
   * spaces having the piece as a word first ({@link preparePage}'s `word`), exact whenever it finds a row; then
   * of those having a word that contains it (`words`), then `page` and `pageOfAll` when that does not fill it.
   */
  pageByWord?: ReturnType<typeof preparePage>;
  /** The page asked of the spaces having a word that contains the piece ({@link WORDS_WINDOW} per row). */
  pageByWords?: ReturnType<typeof preparePage>;
  /** The same with a wider window ({@link LOCATION_WINDOW} per row rather than {@link WORDS_WINDOW}). */
  pageByMoreWords?: ReturnType<typeof preparePage>;
  /** A search by availability with a location: `page` asks the location's newest matches only, this all of them ({@link locationFirst}). */
  pageOfAll?: ReturnType<typeof preparePage>;
  count?: ReturnType<typeof prepareCount>;
}

/**
 * Searches are built once per shape (Drizzle's SQL building is most of their
 * Node time) but sent as unnamed statements, so PostgreSQL plans each with
 * its values: a generic plan cannot tell 'austin' (2% of rows) from 'tx'
 * (10%), and picked plans 100 times slower in the benchmark.
 */
const UNNAMED = '';

/**
 * The statement name of a search with no filter but availability and the pricing period (the
 * newest listings, or those available on a date): its plan does not depend on the values (newest
 * first, each space asked in turn), while planning its SQL costs more than running it (a search by
 * availability: 4-10 ms against 4-6 ms on PostgreSQL at 100,000 spaces; a plain page about 0.3 ms
 * of the database's 0.6 ms), so it is a named statement, parsed once per connection, and
 * PostgreSQL keeps its generic plan after five runs. That generic plan walks the newest-first index
 * only because the filter names `active` as the index's predicate does and a first page writes its
 * size into the SQL (see {@link preparePage}); the page of a deeper offset is unnamed. Other
 * shapes: {@link UNNAMED}.
 */
function statementName(query: SpaceSearchQuery, kind: 'page' | 'count', shape: string): string {
  const {
    availableOn: _on,
    availableFrom: _from,
    availableTo: _to,
    period: _period,
    limit: _limit,
    offset: _offset,
    after: _after,
    sort,
    ...others
  } = query;
  if (sort !== 'newest' || Object.values(others).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0)))
    return UNNAMED;
  return `search_${kind}_${shape}`;
}

/** Built searches per database and shape. */
const prepared = new WeakMap<Database, LRUCache<string, Statements>>();

function statementsFor(db: Database, query: SpaceSearchQuery, cursor: boolean): Statements {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new LRUCache<string, Statements>({ max: 500 })));
  const shape = searchShape(query, cursor);
  // A named page statement is a first page (offset 0: the first page or one by cursor) of its size; others are planned per run.
  const pageName = query.offset === 0 ? statementName(query, 'page', shape) : UNNAMED;
  // A page by words is named too when it is a first page; whether a search has a piece is not in its shape.
  const byWords = asksByWords(query);
  const key = `${shape}${byWords ? '|w' : ''}${pageName !== UNNAMED || (byWords && query.offset === 0) ? `|${query.limit}` : ''}`;
  let statements = byShape.get(key);
  if (!statements) {
    // A first page by words is named per size (its generic plan does not depend on the place); others are unnamed.
    const pageBy = (source: 'word' | 'words' | 'moreWords', name: string) =>
      query.offset === 0
        ? preparePage(db, query, cursor, `${name}_${shape}_${query.limit}`, query.limit, source)
        : preparePage(db, query, cursor, UNNAMED, undefined, source);
    statements = asksLocationFirst(query)
      ? {
          ...(byWords
            ? {
                pageByWord: pageBy('word', 'search_word'),
                pageByWords: pageBy('words', 'search_words'),
                pageByMoreWords: pageBy('moreWords', 'search_more_words'),
              }
            : {}),
          page: preparePage(db, query, cursor, UNNAMED, undefined, 'window'),
          pageOfAll: preparePage(db, query, cursor, UNNAMED),
        }
      : {
          page:
            pageName === UNNAMED
              ? preparePage(db, query, cursor, UNNAMED)
              : preparePage(db, query, cursor, `${pageName}_${query.limit}`, query.limit),
        };
    statements.count = cursor ? undefined : prepareCount(db, query, statementName(query, 'count', shape));
    byShape.set(key, statements);
  }
  return statements;
}

/** The searches of each count cache being counted again in the background (see {@link boundedCount}). */
const recounting = new WeakMap<SearchCountCache, Set<string>>();

/**
 * How many spaces match, counting at most {@link COUNT_LIMIT} + 1 rows; cached by search. Once a
 * cached count has expired it is still answered while the search is counted again in the
 * background (stale while revalidate), so the requests of a popular search never wait for a
 * recount: a search by availability may take a few hundred milliseconds to count.
 */
function boundedCount(db: Database, query: SpaceSearchQuery, counts?: SearchCountCache): Promise<number> {
  const count = () =>
    statementsFor(db, query, false)
      .count!.execute(searchValues(query, null))
      .then(([row]) => row?.total ?? 0);
  if (!counts) return count();
  const key = countKey(query);
  const stale = counts.has(key) ? undefined : counts.peek(key, { allowStale: true });
  if (!stale) return remember(counts, key, count);
  let pending = recounting.get(counts);
  if (!pending) recounting.set(counts, (pending = new Set()));
  if (!pending.has(key)) {
    pending.add(key);
    count()
      .then(
        (total) => {
          // Unless the cache was cleared (a space listed or removed) meanwhile.
          if (counts.peek(key, { allowStale: true }) === stale) counts.set(key, Promise.resolve(total));
        },
        () => undefined, // the next request counts again
      )
      .finally(() => pending.delete(key));
  }
  return stale;
}

/**
 * Searches active spaces with the filters of docs/product.md#search; newest first, or best rated
 * first (`sort=rating`, ties newest first).
 * Pages go by `offset` or, for deep pages, by the keyset cursor `after`
 * (both give the same rows). The count is exact up to {@link COUNT_LIMIT}.
 * Each shape of search is built once (see {@link UNNAMED}).
 * @param counts recent bounded counts to reuse (the API's; see {@link createSearchCountCache})
 * @returns one page of result cards, the (bounded) total and the next cursor
 * @throws HttpError 400 for a cursor that is not ours
 */
export async function searchSpaces(db: Database, query: SpaceSearchQuery, counts?: SearchCountCache): Promise<SpaceSearchResult> {
  // Reviews whose window has just closed count before ratings are sorted or shown (docs/decisions/028-reviews.md).
  await foldPublishedRatingsWhenDue(db);
  const cursor = query.after ? decodeCursor(query.after, query.sort === 'rating') : null;
  // The page, one row more than asked, to know whether another follows.
  const statements = statementsFor(db, query, cursor !== null);
  const values = searchValues(query, cursor);
  // A search by availability with a location: asked first of the spaces having its piece as a word (exact when it
  // finds any: it finds none when another word contains the piece), then of those having its words (a narrow
  // window, then a wider one), then of its newest matches, then of all of them, until the page is full (the last
  // answer is exact whatever it holds). A page by words is exact too when its window held every space having the
  // words. One that found nothing says nothing of its window: the words may not have answered at all.
  const exactByWords = (found: PageRow[]) => found.length > query.limit || (found.length > 0 && !found[0]!.windowFull);
  let rows: PageRow[] = statements.pageByWord ? await statements.pageByWord.execute(values) : [];
  let answered = rows.length > 0;
  if (!answered && statements.pageByWords) {
    rows = await statements.pageByWords.execute(values);
    if (statements.pageByMoreWords && rows.length > 0 && !exactByWords(rows)) rows = await statements.pageByMoreWords.execute(values);
    answered = exactByWords(rows);
  }
  if (!answered) {
    rows = await statements.page.execute(values);
    if (statements.pageOfAll && rows.length <= query.limit) rows = await statements.pageOfAll.execute(values);
  }
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const spaces = page.map(cardOf);
  const nextCursor = more && last ? encodeCursor(last.sortKey, last.id, query.sort === 'rating' ? last.ratingAverage : undefined) : null;
  // A first page that holds every match is its own exact count; otherwise count (bounded, cached).
  const total = !more && !cursor && query.offset === 0 ? spaces.length : await boundedCount(db, query, counts);
  const exact = total <= COUNT_LIMIT;
  return { spaces, total: Math.min(total, COUNT_LIMIT), exact, nextCursor };
}
