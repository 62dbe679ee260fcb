/**
 * A search's prepared statements: built once per shape of search (which
 * filters are set) and database, and named only where a generic plan is as
 * good as a planned one.
 */
import { LRUCache } from 'lru-cache';
import { locationParts } from '../../shared/schemas/spaces';
import type { Database } from '../db/client';
import { isShortPart, ZIP_PREFIX, type SpaceSearchQuery } from './filters';
import { asksByWords, asksLocationFirst } from './location-first';
import { preparePage } from './page-query';

/**
 * The shape of a search: which filters are set (and, for the location,
 * its parts and which could be ZIPs). Searches of one shape share one SQL
 * text, built once.
 */
export function searchShape(query: SpaceSearchQuery, cursor: boolean): string {
  const location = query.location
    ? locationParts(query.location)
        .map((part) => `${ZIP_PREFIX.test(part) ? 'z' : 't'}${isShortPart(part) ? 's' : ''}`)
        .join('')
    : '';
  const set = (['spaceType', 'specialty', 'period', 'ownerId'] as const).map((key) => (query[key] ? 1 : 0)).join('');
  const prices = `${query.minPrice !== undefined ? 1 : 0}${query.maxPrice !== undefined ? 1 : 0}`;
  const lists = `${query.amenities?.length ? 1 : 0}${query.equipment?.length ? 1 : 0}${query.features?.length ? 1 : 0}`;
  const box = query.bbox ? (query.bbox.west <= query.bbox.east ? 'b' : 'x') : '';
  const available = query.availableOn ? (query.availableFrom ? 'w' : 'd') : '';
  const rating = `${query.sort === 'rating' ? 'r' : ''}${query.minRating !== undefined ? 'm' : ''}`;
  return `${location}|${set}${prices}${lists}${box}${available}${rating}${cursor ? 1 : 0}`;
}

/**
 * A cache of statements built once per database and key, the 500 most recently used kept: Drizzle's SQL
 * building is most of a search's Node time.
 */
export function statementCache<T extends object>(): (db: Database, key: string, build: () => T) => T {
  const built = new WeakMap<Database, LRUCache<string, T>>();
  return (db, key, build) => {
    let byKey = built.get(db);
    if (!byKey) built.set(db, (byKey = new LRUCache<string, T>({ max: 500 })));
    let statements = byKey.get(key);
    if (!statements) byKey.set(key, (statements = build()));
    return statements;
  };
}

/** The page statements of one search, asked in the order of their fields until one fills the page. */
export interface Statements {
  page: ReturnType<typeof preparePage>;
  /**
   * A search by availability with a location that has a piece (`locationPiece`): the page asked of the
   * spaces having the piece as a word first (page-query.ts's `word`), exact whenever it finds a row; then
   * of those having a word that contains it (`words`), then `page` and `pageOfAll` when that does not fill it.
   */
  pageByWord?: ReturnType<typeof preparePage>;
  /** The page asked of the spaces having a word that contains the piece (`WORDS_WINDOW` per row). */
  pageByWords?: ReturnType<typeof preparePage>;
  /** The same with a wider window (`LOCATION_WINDOW` per row rather than `WORDS_WINDOW`). */
  pageByMoreWords?: ReturnType<typeof preparePage>;
  /** A search by availability with a location: `page` asks the location's newest matches only, this all of them (location-first.ts). */
  pageOfAll?: ReturnType<typeof preparePage>;
}

/**
 * Searches are built once per shape (Drizzle's SQL building is most of their
 * Node time) but sent as unnamed statements, so PostgreSQL plans each with
 * its values: a generic plan cannot tell 'austin' (2% of rows) from 'tx'
 * (10%), and picks far slower plans for one or the other.
 */
const UNNAMED = '';

/**
 * The statement name of a search with no filter but availability and the pricing period (the
 * newest listings, or those available on a date): its plan does not depend on the values (newest
 * first, each space asked in turn), while planning its SQL costs as much as running it or more, so
 * it is a named statement, parsed once per connection, and PostgreSQL keeps its generic plan after
 * five runs. That generic plan walks the newest-first index only because the filter names `active`
 * as the index's predicate does and a first page writes its size into the SQL (see
 * {@link preparePage}); the page of a deeper offset is unnamed. Other shapes: {@link UNNAMED}.
 */
export function statementName(query: SpaceSearchQuery, kind: 'page' | 'count', shape: string): string {
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

const pageStatements = statementCache<Statements>();

/** The statements of a page of `query` (see {@link Statements} for the order they are asked in). */
export function statementsFor(db: Database, query: SpaceSearchQuery, cursor: boolean): Statements {
  const shape = searchShape(query, cursor);
  // A named page statement is a first page (offset 0: the first page or one by cursor) of its size; others are planned per run.
  const pageName = query.offset === 0 ? statementName(query, 'page', shape) : UNNAMED;
  // A page by words is named too when it is a first page; whether a search has a piece is not in its shape.
  const byWords = asksByWords(query);
  const key = `${shape}${byWords ? '|w' : ''}${pageName !== UNNAMED || (byWords && query.offset === 0) ? `|${query.limit}` : ''}`;
  return pageStatements(db, key, () => {
    // A first page by words is named per size (its generic plan does not depend on the place); others are unnamed.
    const pageBy = (source: 'word' | 'words' | 'moreWords', name: string) =>
      query.offset === 0
        ? preparePage(db, query, cursor, `${name}_${shape}_${query.limit}`, query.limit, source)
        : preparePage(db, query, cursor, UNNAMED, undefined, source);
    if (!asksLocationFirst(query))
      return {
        page:
          pageName === UNNAMED
            ? preparePage(db, query, cursor, UNNAMED)
            : preparePage(db, query, cursor, `${pageName}_${query.limit}`, query.limit),
      };
    return {
      ...(byWords
        ? {
            pageByWord: pageBy('word', 'search_word'),
            pageByWords: pageBy('words', 'search_words'),
            pageByMoreWords: pageBy('moreWords', 'search_more_words'),
          }
        : {}),
      page: preparePage(db, query, cursor, UNNAMED, undefined, 'window'),
      pageOfAll: preparePage(db, query, cursor, UNNAMED),
    };
  });
}

const matchesStatements = statementCache<ReturnType<typeof preparePage>>();

/**
 * The page statement of a search of few matches ({@link preparePage}'s `matches`): all of them found, then sorted.
 * Unnamed, planned per run: which indexes narrow the filters best depends on their values.
 */
export function matchesStatement(db: Database, query: SpaceSearchQuery, cursor: boolean): ReturnType<typeof preparePage> {
  const shape = searchShape(query, cursor);
  return matchesStatements(db, shape, () => preparePage(db, query, cursor, UNNAMED, undefined, 'matches'));
}
