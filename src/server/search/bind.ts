/**
 * How a search's values enter its SQL: bound by name, as values or as the
 * placeholders of a prepared statement, plus the two literal writers the
 * availability filter needs.
 */
import { sql } from 'drizzle-orm';

/**
 * How a search's values enter its SQL, by name: as bound values ({@link literals}), or as
 * named placeholders of a prepared statement ({@link placeholder}), so the SQL
 * text depends only on which filters are set (the search's shape). The values
 * are computed apart from the SQL, so a search whose SQL is already built
 * computes only its values.
 */
export type Bind = (name: string) => unknown;

/** The filters' values by placeholder name. */
export type Values = Record<string, unknown>;

/** Binds each value as one parameter (an array stays one `text[]` parameter rather than a list). */
export const literals =
  (values: Values): Bind =>
  (name) =>
    sql.param(values[name]);

/** Binds each value as a named placeholder, filled when the prepared statement runs. */
export const placeholder: Bind = (name) => sql.placeholder(name);

/** A plain SQL string literal of `text`, which holds no quote (statuses, zone names). */
export function sqlString(text: string): string {
  if (!/^[\w/+-]+$/.test(text)) throw new Error(`Not a plain SQL literal: ${text}`);
  return `'${text}'`;
}

/** An SQL array literal of numbers or booleans (`{1,2}`, `{t,f}`): bound as one text, as the driver would write the array. */
export function sqlArray(items: readonly (number | boolean)[]): string {
  return `{${items.map((item) => (typeof item === 'boolean' ? (item ? 't' : 'f') : String(item))).join(',')}}`;
}
