/**
 * The count beside a search's results (`X-Total-Count`): exact up to
 * {@link COUNT_LIMIT}, and kept a while per search, so that repeated and
 * paged searches do not count again. Asked before the page, it also chooses
 * how the page is found (search.ts).
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';
import { placeholder } from './bind';
import { filtersKey, filterValues, searchFilter, type SpaceSearchQuery } from './filters';
import { asksLocationFirst, locationFirst } from './location-first';
import { searchShape, statementCache, statementName } from './statements';

/**
 * Counts are exact up to this many matches; beyond it the answer is
 * "at least {@link COUNT_LIMIT}" (shown as '1,000+ spaces found'), so a
 * broad search never counts a whole table.
 */
export const COUNT_LIMIT = 1000;

/** The statement that counts a search's matches, at most {@link COUNT_LIMIT} + 1 of them. */
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

const countStatements = statementCache<ReturnType<typeof prepareCount>>();

/** How many spaces match `query`, counting at most {@link COUNT_LIMIT} + 1 rows. */
async function countMatches(db: Database, query: SpaceSearchQuery): Promise<number> {
  const shape = searchShape(query, false);
  const statement = countStatements(db, shape, () => prepareCount(db, query, statementName(query, 'count', shape)));
  const [row] = await statement.execute(filterValues(query));
  return row?.total ?? 0;
}

/** What a count is asked with: the database and the search. */
interface CountRequest {
  db: Database;
  query: SpaceSearchQuery;
}

/** Recent bounded counts by search (its filters, without paging). */
export type SearchCountCache = LRUCache<string, number, CountRequest>;

/**
 * A cache of bounded counts: up to 1,000 searches for 30 seconds. Concurrent
 * requests for one search share one count. Once a count has expired it is
 * still answered while the search is counted again in the background (stale
 * while revalidate), so the requests of a popular search never wait for a
 * recount: a search by availability may take a few hundred milliseconds to
 * count. The app clears it when a space is listed or removed through it; a
 * count may lag a change made by another instance (or a booking) by up to
 * 30 s plus one count (the page itself never does: only the number beside it, and
 * how fast the page is found).
 * @param ttlMs how long a count is fresh (tests shorten it)
 */
export function createSearchCountCache(ttlMs = 30_000): SearchCountCache {
  return new LRUCache<string, number, CountRequest>({
    max: 1000,
    ttl: ttlMs,
    allowStale: true,
    // A recount that fails leaves the expired count to answer, and the next request counts again.
    noDeleteOnFetchRejection: true,
    // Clearing the cache aborts the counts in flight: their callers still get them, the cache does not keep them.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => countMatches(context.db, context.query),
  });
}

/** A bounded count, and whether it was counted for this request rather than kept from an earlier one. */
export interface BoundedCount {
  total: number;
  /** Counted now (not from the cache, nor shared with a count already in flight): it may stand for the page. */
  fresh: boolean;
}

/**
 * How many spaces match `query`, at most {@link COUNT_LIMIT} + 1: through `counts` when given.
 * @param counts recent bounded counts to reuse (the API's; see {@link createSearchCountCache})
 */
export async function boundedCount(db: Database, query: SpaceSearchQuery, counts?: SearchCountCache): Promise<BoundedCount> {
  if (!counts) return { total: await countMatches(db, query), fresh: true };
  const { limit: _limit, offset: _offset, after: _after, sort: _sort, ...filters } = query;
  const status: LRUCache.Status<string, number, CountRequest> = {};
  const total = await counts.forceFetch(filtersKey(filters), { context: { db, query }, status });
  return { total, fresh: status.fetch === 'miss' };
}
