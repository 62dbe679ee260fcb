/**
 * A search by availability with a location (or another filter): asked first of
 * the spaces having the location's words (the vocabulary of migration 0029),
 * then of the other filters' newest matches, so that a page asks the
 * availability of as few spaces as it can
 * (docs/decisions/014-search-in-the-database.md).
 */
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { locationParts } from '../../shared/schemas/spaces';
import { medicalSpaces } from '../db/schema';
import { availabilityFilter } from './availability';
import type { Bind } from './bind';
import { locationPiece, searchFilter, type SpaceSearchQuery } from './filters';

/**
 * Whether a page or count asks the availability of the other filters' matches only, newest first
 * ({@link locationFirst}): a search by availability with a location or another filter an index may answer (not
 * the pricing period alone, whose search walks the newest-first index as one without filters does). Asked
 * together, PostgreSQL cannot tell how many candidates are available (its estimate of the availability is a
 * guess far below) and finds every candidate and asks each its availability before sorting them.
 */
export const asksLocationFirst = (query: Omit<SpaceSearchQuery, 'limit' | 'offset' | 'after' | 'sort'>) =>
  Boolean(
    query.availableOn &&
    ((query.location && locationParts(query.location).length) ||
      query.spaceType ||
      query.specialty ||
      query.minPrice !== undefined ||
      query.maxPrice !== undefined ||
      query.amenities?.length ||
      query.equipment?.length ||
      query.features?.length ||
      query.minRating !== undefined ||
      query.ownerId ||
      query.bbox),
  );

/**
 * How many of a location's newest matches a page by availability asks first, per row of the page and the
 * pages before it ({@link locationFirst}).
 */
export const LOCATION_WINDOW = 8;

/**
 * How many candidates per row of the page and the pages before it a page by the location's words asks first
 * when its piece is in several words ({@link spacesByWords}); when those neither fill the page nor are all the
 * candidates, it asks {@link LOCATION_WINDOW} per row. Each candidate in the window costs its place in the merge
 * and sort of the window, whether or not it is asked; 2 per row is enough where at least half of the
 * candidates are available.
 */
export const WORDS_WINDOW = 2;

/**
 * Whether a page of a search by availability with a location is first asked of the spaces having a word of the
 * location (page-query.ts's `word`, then `words`): newest first (the words are kept newest first), with a
 * piece ({@link locationPiece}).
 */
export const asksByWords = (query: SpaceSearchQuery) =>
  asksLocationFirst(query) && query.sort === 'newest' && query.location !== undefined && locationPiece(query.location) !== undefined;

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
export function spacesByWord(bind: Bind, after?: SQL): SQL {
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
export function spacesByWords(bind: Bind, size: SQLWrapper, after?: SQL): SQL {
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
 * The ids of a search by availability with a location or another filter ({@link asksLocationFirst}), newest first:
 * the spaces matching every other filter are taken newest first, and each is asked its availability, in that order, until the page is
 * full.
 *
 * A page is first asked of the spaces having the location's words (page-query.ts's `words`), then of the
 * location's newest matches only (`window`): {@link LOCATION_WINDOW} per row of the page and the pages before it,
 * in a subquery of that limit, so that PostgreSQL walks the newest-first index and reads matches only until the
 * page is full, rather than finding all of them by the trigram index and sorting them before asking any. When that fills the page, it is the page (the window is a prefix of the matches, so
 * its available ones are a prefix of all the available ones); otherwise the search asks again of all
 * the matches (`all`), found and sorted first in a subquery the planner keeps apart (`offset 0`). Asked
 * together, PostgreSQL read the location's spaces by bitmap and asked every one of them before sorting.
 * @param page the page's extra condition (the cursor), the limit and the offset, and which matches to ask; none
 *   for a count
 */
export function locationFirst(
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
