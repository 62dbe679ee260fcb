import type { ReactNode } from 'react';

/**
 * The console's lists (Users, Listings) as one table that is a stack of cards on a phone: below `sm`
 * each row is a bordered card whose cells wrap (names and actions on lines of their own, the short
 * figures side by side, each with a {@link PhoneLabel}), and the column headers are kept for screen
 * readers only; from `sm` on, an ordinary table that scrolls sideways in its frame when it must.
 */
export const ADMIN_TABLE = {
  // `relative`: the headers' screen-reader-only text is positioned absolutely, and without a positioned
  // frame it was placed against the page, past the table's right edge, widening the page on a phone.
  frame: 'relative sm:overflow-x-auto sm:rounded-lg sm:border sm:border-slate-200',
  table: 'block w-full text-left text-sm sm:table',
  head: 'sr-only bg-slate-50 text-slate-700 sm:not-sr-only',
  body: 'grid gap-3 sm:table-row-group sm:divide-y sm:divide-slate-200',
  row: 'flex flex-wrap gap-x-3 gap-y-1 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3 sm:table-row',
  /** A short cell: beside the others on a phone. */
  cell: 'sm:table-cell sm:px-3 sm:py-2',
  /** A cell on a line of its own on a phone. */
  wide: 'basis-full sm:table-cell sm:px-3 sm:py-2',
} as const;

/** A cell's column name, shown before its value on a phone only (the table's header says it from `sm` on). */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="sm:hidden">{children}</span>;
}
