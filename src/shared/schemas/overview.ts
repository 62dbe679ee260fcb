/**
 * The console's Overview (`GET /api/admin/overview`; docs/decisions/032-reports-and-the-overview.md):
 * bookings, gross booking value, platform fees, refunds, new users and new listings over a range of
 * UTC days, as totals and per day and per month. Amounts are dollars as decimal strings, like every
 * amount (docs/decisions/010-money-in-integer-cents.md).
 */
import { z } from 'zod';

/** A UTC calendar day, `YYYY-MM-DD`. */
const daySchema = z.iso.date('A date as YYYY-MM-DD');

/** The longest range the overview answers, in days. */
export const OVERVIEW_MAX_DAYS = 3 * 366;
/** The default range: the last 30 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30;
/** The monthly series covers at least this many months ending with the range's last. */
export const OVERVIEW_DEFAULT_MONTHS = 12;

/** `?from=&to=`: inclusive UTC days; `to` defaults to today, `from` to 29 days before `to`. */
export const overviewQuerySchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '`from` must not be after `to`', path: ['from'] });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** The figures of a period (a day, a month or the whole range). */
export const overviewFiguresSchema = z.object({
  /** Paid stays: a single booking, or a recurring series counted once. */
  bookings: z.number().int(),
  /** What renters paid for them, dollars. */
  grossBookingValue: z.string(),
  /** The platform's fee on them, dollars. */
  platformFees: z.string(),
  /** What has been refunded of those payments so far, dollars. */
  refunds: z.string(),
  newUsers: z.number().int(),
  newListings: z.number().int(),
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: overviewFiguresSchema,
  /** One entry per day of the range, oldest first (`period` is `YYYY-MM-DD`). */
  daily: z.array(overviewFiguresSchema.extend({ period: z.string() })),
  /** One entry per month (`YYYY-MM`), oldest first: at least the 12 ending with `to`'s month. */
  monthly: z.array(overviewFiguresSchema.extend({ period: z.string() })),
});
export type Overview = z.infer<typeof overviewSchema>;
