/**
 * The SQL of a page of results, by where its candidates come from (the
 * location's words, its newest matches, or every match), and the card of
 * each row. Built once per shape of search (statements.ts).
 */
import { and, desc, getTableName, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SpaceCard } from '../../shared/schemas/spaces';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';
import { ratingOf } from '../ratings/stored-rating';
import { placeholder, type Values } from './bind';
import { afterCursor, afterCursorInMatches, afterCursorInWords, cursorValues, sortKey, type Cursor } from './cursor';
import { filterValues, searchFilter, type SpaceSearchQuery } from './filters';
import { asksLocationFirst, LOCATION_WINDOW, locationFirst, spacesByWord, spacesByWords, WORDS_WINDOW } from './location-first';

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
  // As JSON, which the driver parses natively: a `text[]` is parsed character by character in JavaScript.
  images: sql<string[]>`array_to_json(${medicalSpaces.images})`,
  ratingCount: medicalSpaces.ratingCount,
  ratingAverage: medicalSpaces.ratingAverage,
};

/**
 * Where a page's candidates come from: the spaces having the location's piece as a word (`word`), a window of
 * those having a word that contains it (`words`, `moreWords`), the location's newest matches (`window`), or every
 * match (`all`; see location-first.ts).
 */
export type PageSource = 'word' | 'words' | 'moreWords' | 'window' | 'all' | 'matches';

/** The values of a page's placeholders: its filters', its cursor's, and one row more than asked (to know whether another follows). */
export function pageValues(query: SpaceSearchQuery, cursor: Cursor | null): Values {
  const values = filterValues(query);
  if (cursor) Object.assign(values, cursorValues(cursor));
  return Object.assign(values, { limit: query.limit + 1, offset: query.offset });
}

/**
 * The statement of a page of `query`'s shape, its candidates taken from `source`, one row more than the page
 * (to know whether another follows); its cursor and paging are placeholders ({@link pageValues}).
 * @param cursor whether the page comes after a cursor
 * @param name the statement's name ('' for an unnamed one, planned per run; statements.ts)
 * @param firstPage named statements only: the page's size, written into the SQL with offset 0, so
 *   that the generic plan knows it (with `limit $1` PostgreSQL plans a generic statement for a
 *   tenth of the table: a sequential scan and a sort, which it never picks, planning every run)
 */
export function preparePage(
  db: Database,
  query: SpaceSearchQuery,
  cursor: boolean,
  name: string,
  firstPage?: number,
  source: PageSource = 'all',
) {
  const byRating = query.sort === 'rating';
  const after = cursor ? afterCursor(byRating) : undefined;
  // Best rated first reads the rating index backwards (ties newest first); otherwise the newest-first index.
  const order = byRating
    ? [desc(medicalSpaces.ratingAverage), desc(medicalSpaces.createdAt), desc(medicalSpaces.id)]
    : [desc(medicalSpaces.createdAt), desc(medicalSpaces.id)];
  const limit = firstPage === undefined ? sql.placeholder('limit') : sql.raw(String(firstPage + 1));
  const offset = firstPage === undefined ? sql.placeholder('offset') : sql.raw('0');
  const wordsAfter = cursor ? afterCursorInWords() : undefined;
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
  if (source !== 'matches' && query.availableOn && !asksLocationFirst(query))
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
  const ids =
    source === 'matches'
      ? everyMatch(query, byRating, cursor, limit, offset)
      : asksLocationFirst(query)
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

/**
 * The ids of a page of a search of few matches (its bounded count says so; search.ts): every match found first,
 * in a subquery the planner keeps apart (`offset 0`), by whichever indexes narrow the filters best, then sorted.
 * Walking the sort's index instead reads it to the end whenever the matches do not fill the page. The cursor
 * applies to the matches found: within the subquery, PostgreSQL estimates its row comparison by the first column
 * alone, and may read the rows after it by the sort's index to filter them.
 */
function everyMatch(query: SpaceSearchQuery, byRating: boolean, cursor: boolean, limit: SQLWrapper, offset: SQLWrapper): SQL {
  const matches = sql`(select ${medicalSpaces.id} as id, ${medicalSpaces.createdAt} as created_at, ${medicalSpaces.ratingAverage} as rating
      from ${medicalSpaces} where ${searchFilter(query, placeholder)} offset 0) m`;
  return sql`(select m.id from ${matches}${cursor ? sql` where ${afterCursorInMatches(byRating)}` : sql``}
      order by ${byRating ? sql`m.rating desc, ` : sql``}m.created_at desc, m.id desc limit ${limit} offset ${offset})`;
}

/** A row of a page: a card's columns and its sort key; a page by words also says whether its window was full. */
export type PageRow = Awaited<ReturnType<ReturnType<typeof preparePage>['execute']>>[number] & { windowFull?: boolean };

/**
 * The card of a page's row ({@link cardColumns}, the rating as shown). Written out: spreading the row's rest
 * without its other columns costs more of Node's CPU on every page.
 */
export const cardOf = (row: PageRow): SpaceCard => ({
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
