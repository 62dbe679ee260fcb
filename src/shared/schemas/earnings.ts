/**
 * The owner's earnings (docs/decisions/034-owner-earnings.md): `GET /api/users/{id}/earnings`
 * and its CSV, `GET /api/users/{id}/earnings.csv`, over a range of dates. Amounts are dollars as
 * decimal strings, like every amount (docs/decisions/010-money-in-integer-cents.md).
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { PRICING_PERIODS } from '../constants';

/** The longest range answered, in days (three years). */
export const EARNINGS_MAX_DAYS = 3 * 366;

const daySchema = z.iso.date('Use a date like 2026-05-04 (YYYY-MM-DD)');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `?from=&to=`: inclusive dates `YYYY-MM-DD`, read in each space's own zone. Left out, the last 12
 * months through the next 3 (`defaultEarningsRange`). `from` after `to` is refused on `from`, a
 * range over {@link EARNINGS_MAX_DAYS} days on `to`.
 */
export const earningsQuerySchema = z.object({ from: daySchema.optional(), to: daySchema.optional() }).superRefine((q, ctx) => {
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: 'The start date must not be after the end date', path: ['from'] });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1 > EARNINGS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: `Choose a range of at most ${EARNINGS_MAX_DAYS} days`, path: ['to'] });
});
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** The default range at `today` (`YYYY-MM-DD`): the first day of the month 11 months before through the last day of the month 3 after. */
export function defaultEarningsRange(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 1 - 11, 1));
  const to = new Date(Date.UTC(year, month - 1 + 4, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** What the stays of a period brought in. */
export const earningsFiguresSchema = z.object({
  /** Stays (bookings, a series' occurrences each) starting in the period and still confirmed. */
  stays: z.number().int(),
  /** What renters paid for the stays of the period (cancelled ones included), dollars. */
  gross: z.string(),
  /** The platform fee kept on them (less the share returned with refunds), dollars. */
  platformFees: z.string(),
  /** What was refunded to renters of them, dollars. */
  refunds: z.string(),
  /** Gross less the fee kept and the refunds: the owner's payout of them, dollars. */
  earnings: z.string(),
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

/** How an owner is paid for one payment (docs/decisions/033-owed-payouts.md). */
export const PAYOUT_STATES = ['with_charge', 'owed', 'transferred', 'void'] as const;
export const payoutStateSchema = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof payoutStateSchema>;

/** One payment in the owed or upcoming lists. */
export const earningsPaymentSchema = z.object({
  /** Its first occurrence (the booking itself when single): the one its papers are linked by. */
  bookingId: z.uuid(),
  seriesId: z.uuid().nullable(),
  spaceId: z.uuid(),
  spaceTitle: z.string(),
  /** ISO-8601 UTC: the first stay the amount is for. */
  startAt: z.string(),
  /** How many stays the amount is for. */
  stays: z.number().int(),
  /** Dollars. */
  amount: z.string(),
  state: payoutStateSchema,
});
export type EarningsPayment = z.infer<typeof earningsPaymentSchema>;

/** A space's occupancy over the range (src/shared/occupancy.ts). */
export const spaceOccupancySchema = z.object({
  spaceId: z.uuid(),
  title: z.string(),
  pricePeriod: z.enum(PRICING_PERIODS),
  timeZone: z.string(),
  unit: z.enum(['hours', 'days']),
  open: z.number(),
  booked: z.number(),
  /** Booked over open, 0 to 1; null when nothing was open. */
  rate: z.number().nullable(),
});
export type SpaceOccupancy = z.infer<typeof spaceOccupancySchema>;

export const earningsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether the user owns any space (the client's empty state otherwise). */
  hasSpaces: z.boolean(),
  totals: earningsFiguresSchema,
  /** Every month of the range (`YYYY-MM`), oldest first; a stay counts in the month it starts in its space's zone. */
  monthly: z.array(earningsFiguresSchema.extend({ month: z.string() })),
  /** Money sent to the owner's payout account on dates of the range: with the charge, or by a transfer. */
  paidOut: z.object({ amount: z.string(), payments: z.number().int() }),
  /** Owed now, whatever the range: payments charged while payout setup was unfinished and not yet transferred. */
  owed: z.object({ amount: z.string(), payments: z.array(earningsPaymentSchema) }),
  /** Stays still ahead, whatever the range: their earnings, soonest first (at most 20 listed). */
  upcoming: z.object({ amount: z.string(), stays: z.number().int(), payments: z.array(earningsPaymentSchema) }),
  /** One per space the user owns, in title order. */
  occupancy: z.array(spaceOccupancySchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
