/**
 * Search of the listings (`GET /api/spaces`, the /search page's first
 * results): the filters as SQL on indexed columns
 * (docs/decisions/014-search-in-the-database.md), pages by offset or keyset
 * cursor, and a bounded, cached count. Listing CRUD is spaces/service.ts.
 */
import type { SpaceCard } from '../../shared/schemas/spaces';
import type { Database } from '../db/client';
import { foldPublishedRatingsWhenDue } from '../ratings/stored-rating';
import { boundedCount, COUNT_LIMIT, type SearchCountCache } from './counts';
import type { Values } from './bind';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import type { SpaceSearchQuery } from './filters';
import { cardOf, pageValues, type PageRow } from './page-query';
import { matchesStatement, statementsFor } from './statements';

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
 * Searches active spaces with the filters of docs/product.md#search; newest first, or best rated
 * first (`sort=rating`, ties newest first).
 * Pages go by `offset` or, for deep pages, by the keyset cursor `after`
 * (both give the same rows). The count is exact up to {@link COUNT_LIMIT}; it is asked first (cached), and a
 * search of few matches finds them all and sorts them, while one of many walks the sort's index until the page is
 * full. Each shape of search is built once (statements.ts).
 * @param counts recent bounded counts to reuse (the API's; see counts.ts)
 * @returns one page of result cards, the (bounded) total and the next cursor
 * @throws HttpError 400 for a cursor that is not ours
 */
export async function searchSpaces(db: Database, query: SpaceSearchQuery, counts?: SearchCountCache): Promise<SpaceSearchResult> {
  // Reviews whose window has just closed count before ratings are sorted or shown (docs/decisions/028-reviews.md).
  await foldPublishedRatingsWhenDue(db);
  const cursor = query.after ? decodeCursor(query.after, query.sort === 'rating') : null;
  // The bounded count first (cached per search): it tells a search of few matches from one of many, and only the
  // page's plan depends on it, so a count that lags a change never changes the page.
  const { total: counted, fresh } = await boundedCount(db, query, counts);
  const values = pageValues(query, cursor);
  const few = hasFewMatches(counted, query);
  // A search counted just now that matched nothing has an empty page (a kept count may be out of date).
  const rows =
    fresh && counted === 0
      ? []
      : few
        ? await matchesStatement(db, query, cursor !== null).execute(values)
        : await pageOfMany(db, query, cursor, values);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const spaces = page.map(cardOf);
  const nextCursor = more && last ? encodeCursor(last.sortKey, last.id, query.sort === 'rating' ? last.ratingAverage : undefined) : null;
  // A first page that holds every match is its own exact count (fresher than a cached one).
  const total = !more && !cursor && query.offset === 0 ? spaces.length : counted;
  const exact = total <= COUNT_LIMIT;
  return { spaces, total: Math.min(total, COUNT_LIMIT), exact, nextCursor };
}

/**
 * A search has few matches when its bounded count is at most this many per row of the page and the pages before
 * it (as the location's window of location-first.ts asks): finding them all and sorting them costs about what
 * walking the sort's index to the page costs for them, and reading past the last match is what makes a walk slow.
 */
const FEW_MATCHES_PER_ROW = 8;

/**
 * Whether a page of `query` is best found by taking all its matches and sorting them ({@link FEW_MATCHES_PER_ROW}).
 * @param counted its bounded count: exact only up to {@link COUNT_LIMIT} (one more says nothing of how many there are)
 */
export const hasFewMatches = (counted: number, query: Pick<SpaceSearchQuery, 'offset' | 'limit'>) =>
  counted <= COUNT_LIMIT && counted <= FEW_MATCHES_PER_ROW * (query.offset + query.limit + 1);

/** The page, one row more than asked (to know whether another follows), of a search of many matches. */
async function pageOfMany(db: Database, query: SpaceSearchQuery, cursor: Cursor | null, values: Values): Promise<PageRow[]> {
  const statements = statementsFor(db, query, cursor !== null);
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
  return rows;
}
