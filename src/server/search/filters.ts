/**
 * The filters of `GET /api/spaces` as one SQL condition on indexed columns
 * (docs/decisions/014-search-in-the-database.md): location, type, specialty,
 * pricing period and price, amenities, equipment and room features, rating, owner, the map's
 * box and, through availability.ts, the date. The map points share it.
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { locationParts, type Bbox, type spaceSearchSchema } from '../../shared/schemas/spaces';
import { medicalSpaces } from '../db/schema';
import { availabilityFilter, availabilityValues } from './availability';
import { literals, type Bind, type Values } from './bind';

/** A parsed `GET /api/spaces` query (`spaceSearchSchema`'s output: defaults applied, numbers as numbers). */
export type SpaceSearchQuery = z.output<typeof spaceSearchSchema>;

/** Escapes LIKE wildcards so user text matches literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A part of a location search that could be (the start of) a ZIP code: digits and a hyphen only. */
export const ZIP_PREFIX = /^[\d-]+$/;

/**
 * What separates the words of a location: a run of ASCII characters that are not letters or digits, as the SQL
 * function `location_words` splits a space's text into the words it is found by (migration 0029;
 * tests/api/search.test.ts holds the two together). Characters beyond ASCII are always part of words.
 */
// eslint-disable-next-line no-control-regex -- control characters separate words too, as in the database
const WORD_SEPARATORS = /[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;

/** The shortest piece the vocabulary's trigram index can narrow (a trigram is 3 characters). */
const MIN_PIECE_LENGTH = 3;

/** A location part shorter than a trigram ("TX"): no trigram index can narrow a substring match of it. */
export const isShortPart = (part: string) => [...part].length < MIN_PIECE_LENGTH;

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
    // A part the trigram index cannot narrow is matched on the rows found otherwise (an expression, not the column,
    // so the index is not used): asked it, the index reads all of itself and every row it points to is checked again.
    const searchText = isShortPart(part) ? sql`(${medicalSpaces.searchText} || '')` : sql`${medicalSpaces.searchText}`;
    const text = sql`${searchText} like lower(${bind(`location${index}`)})`;
    return ZIP_PREFIX.test(part) ? or(sql`${medicalSpaces.zipCode} like ${bind(`zip${index}`)}`, text)! : text;
  });
  return clauses.length ? and(...clauses) : undefined;
}

/** The filters of a search (its query without paging). */
export type FilterQuery = Omit<SpaceSearchQuery, 'limit' | 'offset' | 'after' | 'sort'>;

/**
 * The values of {@link searchFilter}'s placeholders for `query`, by name, computed without building any SQL.
 * @param now the instant the search by availability counts notice and holds from
 */
export function filterValues(query: FilterQuery, now = new Date()): Values {
  const values: Values = locationValues(query.location);
  if (query.spaceType) values.spaceType = query.spaceType;
  if (query.specialty) values.specialty = query.specialty;
  if (query.period) values.period = query.period;
  if (query.minPrice !== undefined) values.minPrice = query.minPrice.toFixed(2);
  if (query.maxPrice !== undefined) values.maxPrice = query.maxPrice.toFixed(2);
  if (query.amenities?.length) values.amenities = query.amenities;
  if (query.equipment?.length) values.equipment = query.equipment;
  if (query.features?.length) values.features = query.features;
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
  if (query.features?.length) filters.push(sql`${medicalSpaces.features} @> ${bind('features')}::text[]`);
  // "4+ stars": the stored average (0 without reviews), on the rating index (docs/decisions/028-reviews.md).
  if (query.minRating !== undefined) filters.push(sql`${medicalSpaces.ratingAverage} >= ${bind('minRating')}::numeric`);
  if (query.ownerId) filters.push(sql`${medicalSpaces.ownerId} = ${bind('ownerId')}::uuid`);
  if (query.bbox) filters.push(bboxFilter(query.bbox, bind));
  if (query.availableOn) filters.push(availabilityFilter(query, bind));
  return and(...filters)!;
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
