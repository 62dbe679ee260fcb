/**
 * The keyset cursor of a search's pages (`after`, `X-Next-Cursor`): the last
 * row's sort key written opaquely, read back, and the condition of the rows
 * after it. A page by cursor gives the rows a page by offset would.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { medicalSpaces } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Values } from './bind';

/** The sort key of a row as text with microseconds (a JS Date would drop them), for the cursor. */
export const sortKey = sql<string>`to_char(${medicalSpaces.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A creation time as {@link sortKey} writes it. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** A stored average rating as text (`numeric(3,2)`). */
const CURSOR_RATING = /^\d\.\d{2}$/;

/** A page's position: the last row's creation time (microseconds) and id, and its rating when sorted by rating. */
export interface Cursor {
  createdAt: string;
  id: string;
  rating?: string;
}

/** The opaque keyset cursor of a row: its creation time (microseconds) and id, and its rating when sorted by rating. */
export function encodeCursor(createdAt: string, id: string, rating?: string): string {
  return Buffer.from(JSON.stringify(rating === undefined ? [createdAt, id] : [createdAt, id, rating])).toString('base64url');
}

/**
 * Reads a cursor made by {@link encodeCursor}.
 * @throws HttpError 400 when it is not one
 */
export function decodeCursor(cursor: string, byRating: boolean): Cursor {
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

/** The values of the cursor's placeholders ({@link afterCursor}). */
export function cursorValues(cursor: Cursor): Values {
  const values: Values = { cursorAt: cursor.createdAt, cursorId: cursor.id };
  if (cursor.rating !== undefined) values.cursorRating = cursor.rating;
  return values;
}

/**
 * The rows after the cursor in the page's order, as placeholders: by rating, creation time and id when sorted by
 * rating, else by creation time and id.
 */
export function afterCursor(byRating: boolean): SQL {
  return byRating
    ? sql`(${medicalSpaces.ratingAverage}, ${medicalSpaces.createdAt}, ${medicalSpaces.id}) < (${sql.placeholder('cursorRating')}::numeric, ${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
    : sql`(${medicalSpaces.createdAt}, ${medicalSpaces.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;
}

/** {@link afterCursor} on `space_location_words` (`l`), which is kept newest first. */
export const afterCursorInWords = (): SQL =>
  sql`(l.created_at, l.space_id) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;

/** {@link afterCursor} on the matches of a search of few (`m`, page-query.ts), found before the cursor applies. */
export const afterCursorInMatches = (byRating: boolean): SQL =>
  byRating
    ? sql`(m.rating, m.created_at, m.id) < (${sql.placeholder('cursorRating')}::numeric, ${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
    : sql`(m.created_at, m.id) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`;
