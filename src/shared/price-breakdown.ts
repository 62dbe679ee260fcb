/**
 * What a renter pays, as every checkout step and the receipt show it: one breakdown from one
 * function, so the figures cannot drift between steps. The renter pays the booking's total and
 * nothing on top; the platform fee (docs/decisions/011-platform-fee-on-a-first-booking.md) is part
 * of that total and comes out of the owner's payout (`payoutFigures` in src/shared/receipt.ts), so
 * the renter's lines never split the total into "space" and "fee".
 */
import type { PricingPeriod } from './constants';
import type { MoneyLine } from './receipt';

/** Who pays the platform fee, in the renter's words; the same sentence at every checkout step and on the receipt. */
export const PLATFORM_FEE_PAYER_NOTE =
  "The total is all you pay. On a renter's first booking with an owner, ClinicShare's 10% platform fee comes out of the owner's payout, not on top of your price.";

/** The label of a platform fee line on papers the renter reads: part of the total, paid by the owner. */
export const OWNER_PAID_FEE_LABEL = "Platform fee, paid from the owner's payout";

const UNIT_NAMES: Record<PricingPeriod, [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  monthly: ['month', 'months'],
  session: ['session', 'sessions'],
};

/** A count of units in words: "1 session", "12 sessions". */
export function unitsLabel(period: PricingPeriod, units: number): string {
  const [one, many] = UNIT_NAMES[period];
  return `${units} ${units === 1 ? one : many}`;
}

/** A renter's price breakdown. */
export interface PriceBreakdown {
  /** The rental's line: "Space (2 hours)" and the total, cents. */
  space: MoneyLine;
  /** What the renter pays, cents: the same as the space's line. */
  totalCents: number;
  /** Who pays the platform fee (`PLATFORM_FEE_PAYER_NOTE`). */
  feeNote: string;
}

/**
 * The breakdown of a booking or series of `units` units priced per `period`, whose total is
 * `totalCents` (the server's quote or stored total; the booking form's own quote by the same rules,
 * `quoteBooking` in src/shared/booking-rules.ts, before the server has one).
 * @throws RangeError for a negative or fractional total, or units below 1
 */
export function priceBreakdown(input: { period: PricingPeriod; units: number; totalCents: number }): PriceBreakdown {
  if (!Number.isSafeInteger(input.totalCents) || input.totalCents < 0) throw new RangeError(`Not a cent amount: ${input.totalCents}`);
  if (!Number.isSafeInteger(input.units) || input.units < 1) throw new RangeError(`Not a count of units: ${input.units}`);
  return {
    space: { label: `Space (${unitsLabel(input.period, input.units)})`, cents: input.totalCents },
    totalCents: input.totalCents,
    feeNote: PLATFORM_FEE_PAYER_NOTE,
  };
}
