/**
 * What a receipt and an owner's payout statement say (docs/decisions/027-receipts-and-agreements.md):
 * pure builders from one stored payment (src/shared/schemas/paperwork.ts). Amounts are the stored
 * ones in cents (the booking's or the series' `total_price`, `platform_fee_amount` and
 * `amount_refunded`), never recomputed by the pricing rules; the one derived figure is the unit
 * price, the stored total divided by the stored units (the total is unit price × units,
 * `bookingTotalCents` in src/shared/booking-rules.ts).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PricingPeriod } from './constants';
import { formatUsd } from './money';
import { OWNER_PAID_FEE_LABEL, unitsLabel } from './price-breakdown';
import type { PaperworkOccurrence, StoredPayment } from './schemas/paperwork';

/** The platform's name as papers print it. */
export const PLATFORM_NAME = 'ClinicShare';

/** A receipt number: `CS-<year>-<sequence, 6 digits or more>`, e.g. `CS-2026-000123`. */
export function receiptNumber(year: number, sequence: number): string {
  return `CS-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The year and sequence of receipt number `text` (`CS-2026-000123`, any case), or null when it is not one. */
export function parseReceiptNumber(text: string): { year: number; sequence: number } | null {
  const match = /^CS-(\d{4})-(\d{6,9})$/i.exec(text.trim());
  return match ? { year: Number(match[1]), sequence: Number(match[2]) } : null;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as the payment provider names it (Stripe's `visa`, `amex`...) for people: "Visa", "American Express". */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day in `timeZone`, written without the runtime's locale data (stable across Node versions): "Tue, Dec 8, 2026". */
export function paperDate(instant: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'EEE, MMM d, yyyy');
}

/**
 * A booked range [start, end) for papers, in the space's zone: "Tue, Dec 8, 2026, 08:00-12:00" for
 * hours and sessions (24-hour clock), "Tue, Dec 8, 2026 through Wed, Dec 9, 2026" for days and
 * months (the last day included).
 */
export function paperRange(startAt: string, endAt: string, timeZone: string, period: PricingPeriod): string {
  const start = new TZDate(new Date(startAt).getTime(), timeZone);
  const end = new TZDate(new Date(endAt).getTime(), timeZone);
  if (period === 'hourly' || period === 'session') {
    const day = format(start, 'EEE, MMM d, yyyy');
    const sameDay = format(end, 'yyyy-MM-dd') === format(start, 'yyyy-MM-dd');
    return sameDay
      ? `${day}, ${format(start, 'HH:mm')}-${format(end, 'HH:mm')}`
      : `${day}, ${format(start, 'HH:mm')} to ${format(end, 'EEE, MMM d, yyyy, HH:mm')}`;
  }
  const last = paperDate(new Date(end.getTime() - DAY_MS / 2), timeZone);
  const first = format(start, 'EEE, MMM d, yyyy');
  return first === last ? first : `${first} through ${last}`;
}

/** One money line: a label and cents (negative for refunds); `included` lines are part of the amount above them, not added. */
export interface MoneyLine {
  label: string;
  cents: number;
  included?: boolean;
}

/** A receipt's figures. */
export interface ReceiptFigures {
  /** The rental: "12 sessions × $120.00" and the stored total. */
  charge: MoneyLine;
  /** The platform fee within the total (included, not added), paid from the owner's payout. */
  fee: MoneyLine;
  /** What was paid: the stored total, cents. */
  totalCents: number;
  /** One negative line per refund made. */
  refunds: MoneyLine[];
  /** The total less every refund, cents. */
  netCents: number;
}

/** The units of the payment: the sum of its occurrences' stored units (null when a row has none). */
function storedUnits(occurrences: readonly PaperworkOccurrence[]): number | null {
  if (occurrences.some((occurrence) => occurrence.units === null)) return null;
  return occurrences.reduce((sum, occurrence) => sum + (occurrence.units ?? 0), 0);
}

/**
 * "12 sessions × $120.00": the stored units and the stored total divided by them; the units alone
 * when the division leaves cents (a price with a fraction of a cent per unit never happens: the
 * total is unit price × units), "Space rental" when the units are not stored.
 */
export function chargeLabel(payment: Pick<StoredPayment, 'totalCents' | 'occurrences'>, period: PricingPeriod): string {
  const units = storedUnits(payment.occurrences);
  if (!units) return 'Space rental';
  if (payment.totalCents % units !== 0) return `Space rental, ${unitsLabel(period, units)}`;
  return `${unitsLabel(period, units)} × ${formatUsd(payment.totalCents / units)}`;
}

/**
 * The refunds made, as negative lines: one per booking refunded ("Refund, Tue, Dec 8, 2026"; for a
 * series "Refund for Tue, Dec 8, 2026, 08:00-12:00"), and, when the provider refunded more than
 * the bookings record (a payment released whole), one "Refund" line for the rest. They add up to
 * the payment's `amount_refunded`.
 */
export function refundLines(payment: StoredPayment, timeZone: string, period: PricingPeriod): MoneyLine[] {
  const lines: MoneyLine[] = payment.occurrences
    .filter((occurrence) => occurrence.amountRefundedCents > 0)
    .map((occurrence) => ({
      label: payment.series
        ? `Refund for ${paperRange(occurrence.startAt, occurrence.endAt, timeZone, period)}`
        : occurrence.refundedAt
          ? `Refund, ${paperDate(occurrence.refundedAt, timeZone)}`
          : 'Refund',
      cents: -occurrence.amountRefundedCents,
    }));
  const listed = -lines.reduce((sum, line) => sum + line.cents, 0);
  if (payment.amountRefundedCents > listed) lines.push({ label: 'Refund', cents: -(payment.amountRefundedCents - listed) });
  return lines;
}

/** A receipt's figures from the stored payment of a space priced per `period`, dates in `timeZone`. */
export function receiptFigures(payment: StoredPayment, timeZone: string, period: PricingPeriod): ReceiptFigures {
  const refunds = refundLines(payment, timeZone, period);
  return {
    charge: { label: chargeLabel(payment, period), cents: payment.totalCents },
    fee: { label: OWNER_PAID_FEE_LABEL, cents: payment.platformFeeCents, included: true },
    totalCents: payment.totalCents,
    refunds,
    netCents: payment.totalCents + refunds.reduce((sum, line) => sum + line.cents, 0),
  };
}

/** An owner's payout statement: its lines and what is paid out, cents. */
export interface PayoutFigures {
  lines: MoneyLine[];
  payoutCents: number;
  /** The refunds counted (never above the total) and the platform fee returned with them, cents (both 0 or more). */
  refundedCents: number;
  feeReturnedCents: number;
}

/**
 * The owner's payout statement of a stored payment: the total, the platform fee withheld, the
 * refunds, and the share of the fee that comes back with a refund. A refund takes back the
 * owner's transfer and the platform fee in proportion (Stripe destination charges,
 * src/server/payments/provider.ts `refundPaymentIntent`), rounded once to the cent over those
 * refunds; a refund that kept the first-booking fee (`amountRefundedFeeKeptCents`,
 * docs/decisions/008-first-booking-fee-on-cancellation.md) comes wholly from the owner's share.
 */
export function payoutFigures(payment: StoredPayment): PayoutFigures {
  const refunded = Math.min(payment.amountRefundedCents, payment.totalCents);
  const withFeeBack = refunded - Math.min(Math.max(payment.amountRefundedFeeKeptCents, 0), refunded);
  const feeBack =
    withFeeBack > 0 && payment.platformFeeCents > 0 && payment.totalCents > 0
      ? Math.round((withFeeBack * payment.platformFeeCents) / payment.totalCents)
      : 0;
  const lines: MoneyLine[] = [
    { label: 'Booking total paid by the renter', cents: payment.totalCents },
    { label: 'Platform fee withheld', cents: -payment.platformFeeCents },
  ];
  if (refunded > 0) lines.push({ label: 'Refunded to the renter', cents: -refunded });
  if (feeBack > 0) lines.push({ label: 'Platform fee returned with the refund', cents: feeBack });
  return { lines, payoutCents: lines.reduce((sum, line) => sum + line.cents, 0), refundedCents: refunded, feeReturnedCents: feeBack };
}
