/**
 * The owner's earnings (docs/decisions/034-owner-earnings.md): what the stays of their
 * spaces brought in, month by month, what was paid out and what is owed, the stays ahead, and each
 * space's occupancy, over a range of dates read in each space's own zone.
 *
 * Sources, read and never copied: each payment's payout statement (`payoutFigures`,
 * src/shared/receipt.ts) over the stored payment (`ownerStoredPayments`), split stay by stay
 * (`stayEarnings`, src/shared/earnings.ts); how it was paid out, from `owner_payouts`
 * (docs/decisions/033-owed-payouts.md: no row, a destination charge paid with the charge; `owed`;
 * `transferred`; `void`); occupancy from the schedule (src/shared/occupancy.ts).
 */
import { and, asc, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import { localDate, localDateTime } from '../../shared/availability';
import { stayEarnings, type StayEarnings } from '../../shared/earnings';
import { fromCents, toCents } from '../../shared/money';
import { occupancy } from '../../shared/occupancy';
import { payoutFigures } from '../../shared/receipt';
import {
  defaultEarningsRange,
  type Earnings,
  type EarningsFigures,
  type EarningsPayment,
  type EarningsQuery,
  type PayoutState,
} from '../../shared/schemas/earnings';
import type { PricingPeriod } from '../../shared/constants';
import { ownerStoredPayments, type OwnerStoredPayment } from '../bookings/stored-payments';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, ownerPayouts, spaceBlockedDates, users } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many payments the owed and upcoming lists show (their amounts count them all). */
const LISTED_PAYMENTS = 20;

/** A space of the owner, as the earnings read it. */
interface OwnerSpace {
  id: string;
  title: string;
  pricePeriod: PricingPeriod;
  timeZone: string;
}

/** One stay of a paid payment with its share of the money and how its payment was paid out. */
export interface LedgerStay extends StayEarnings {
  space: OwnerSpace;
  renter: string;
  seriesId: string | null;
  startAt: Date;
  endAt: Date;
  status: string;
  payout: PayoutState;
  /** When its payment reached the owner's payout account, or null (owed, void, not known). */
  paidOutAt: Date | null;
}

/** One payment's payout: sent (with the charge or by a transfer) or owed. */
export interface LedgerPayout {
  space: OwnerSpace;
  renter: string;
  /** The payment's first stay (the booking reference of its papers). */
  bookingId: string;
  startAt: Date;
  state: PayoutState;
  /** When it reached the owner's payout account, or null while owed. */
  paidOutAt: Date | null;
  amountCents: number;
  transferId: string | null;
}

/** Everything the earnings of a range are made of: the JSON answer and the CSV's rows. */
export interface EarningsReport {
  earnings: Earnings;
  /** The stays starting in the range, earliest first. */
  stays: LedgerStay[];
  /** The payouts sent in the range, then every payment owed now, by date. */
  payouts: LedgerPayout[];
}

const zeroFigures = () => ({ stays: 0, gross: 0, fee: 0, refund: 0, earnings: 0 });
type Sums = ReturnType<typeof zeroFigures>;
const addStay = (sums: Sums, stay: LedgerStay) => {
  if (stay.status === 'confirmed') sums.stays += 1;
  sums.gross += stay.grossCents;
  sums.fee += stay.feeCents;
  sums.refund += stay.refundCents;
  sums.earnings += stay.earningsCents;
};
const figures = (sums: Sums): EarningsFigures => ({
  stays: sums.stays,
  gross: fromCents(sums.gross),
  platformFees: fromCents(sums.fee),
  refunds: fromCents(sums.refund),
  earnings: fromCents(sums.earnings),
});

/** The months `YYYY-MM` from `from`'s to `to`'s (dates `YYYY-MM-DD`). */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    months.push(text);
    if (text >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The payout state and the date the payment reached the owner, from its `owner_payouts` row (none: a destination charge). */
function payoutOf(
  payment: OwnerStoredPayment,
  row: typeof ownerPayouts.$inferSelect | undefined,
): { state: PayoutState; paidOutAt: Date | null; amountCents: number; transferId: string | null } {
  if (!row) {
    const paidAt = payment.payment.paidAt ? new Date(payment.payment.paidAt) : null;
    return { state: 'with_charge', paidOutAt: paidAt, amountCents: payoutFigures(payment.payment).payoutCents, transferId: null };
  }
  if (row.status === 'owed')
    return { state: 'owed', paidOutAt: null, amountCents: payoutFigures(payment.payment).payoutCents, transferId: null };
  if (row.status === 'transferred')
    return {
      state: 'transferred',
      paidOutAt: row.transferredAt,
      amountCents: toCents(row.amount) - toCents(row.reversedAmount),
      transferId: row.stripeTransferId,
    };
  return { state: 'void', paidOutAt: null, amountCents: 0, transferId: null };
}

/**
 * The earnings of `ownerId` over `query` (inclusive dates in each space's zone; left out, the last
 * 12 months through the next 3 from `now`'s UTC date), with the stays and payouts the CSV lists.
 */
export async function ownerEarnings(db: Database, ownerId: string, query: EarningsQuery, now = new Date()): Promise<EarningsReport> {
  const defaults = defaultEarningsRange(now.toISOString().slice(0, 10));
  const from = query.from ?? (query.to && query.to < defaults.from ? query.to : defaults.from);
  const to = query.to ?? (from > defaults.to ? from : defaults.to);

  const spaceRows = await db
    .select({
      id: medicalSpaces.id,
      title: medicalSpaces.title,
      pricePeriod: medicalSpaces.pricePeriod,
      timeZone: medicalSpaces.timeZone,
      schedule: medicalSpaces.schedule,
    })
    .from(medicalSpaces)
    .where(eq(medicalSpaces.ownerId, ownerId))
    .orderBy(asc(medicalSpaces.title), asc(medicalSpaces.id));
  const spaces = new Map(spaceRows.map((row) => [row.id, row]));

  const payments = await ownerStoredPayments(db, ownerId);
  const payoutRows = await db.select().from(ownerPayouts).where(eq(ownerPayouts.ownerId, ownerId));
  // One row per payment at most (a unique index on payment_id).
  const rowsByPayment = new Map(payoutRows.map((row) => [row.paymentId, row]));
  const rowOf = (payment: OwnerStoredPayment) => rowsByPayment.get(payment.paymentId);
  const renterIds = [...new Set(payments.map((p) => p.renterId))];
  const renters = new Map(
    renterIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, renterIds))
        ).map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]),
  );

  const months = monthsOf(from, to);
  const monthly = new Map(months.map((month) => [month, zeroFigures()]));
  const totals = zeroFigures();
  const stays: LedgerStay[] = [];
  const payouts: LedgerPayout[] = [];
  const owed: EarningsPayment[] = [];
  let owedCents = 0;
  const upcoming: EarningsPayment[] = [];
  let upcomingCents = 0;
  let upcomingStays = 0;
  let paidOutCents = 0;
  let paidOutPayments = 0;

  for (const payment of payments) {
    const space = spaces.get(payment.spaceId)!;
    const renter = renters.get(payment.renterId) ?? '';
    const payout = payoutOf(payment, rowOf(payment));
    const first = payment.payment.occurrences[0]!;
    const item = (startAt: string, count: number, cents: number): EarningsPayment => ({
      bookingId: first.bookingId,
      seriesId: payment.seriesId,
      spaceId: space.id,
      spaceTitle: space.title,
      startAt,
      stays: count,
      amount: fromCents(cents),
      state: payout.state,
    });

    const shares = stayEarnings(payment.payment);
    const ahead = { cents: 0, count: 0, startAt: null as string | null };
    payment.payment.occurrences.forEach((occurrence, index) => {
      const stay: LedgerStay = {
        ...shares[index]!,
        space,
        renter,
        seriesId: payment.seriesId,
        startAt: new Date(occurrence.startAt),
        endAt: new Date(occurrence.endAt),
        status: occurrence.status,
        payout: payout.state,
        paidOutAt: payout.paidOutAt,
      };
      const date = localDate(stay.startAt, space.timeZone);
      if (from <= date && date <= to) {
        stays.push(stay);
        addStay(monthly.get(date.slice(0, 7))!, stay);
        addStay(totals, stay);
      }
      if (occurrence.status === 'confirmed' && stay.startAt > now && payout.state !== 'void') {
        ahead.cents += stay.earningsCents;
        ahead.count += 1;
        ahead.startAt ??= occurrence.startAt;
      }
    });
    if (ahead.count > 0) {
      upcoming.push(item(ahead.startAt!, ahead.count, ahead.cents));
      upcomingCents += ahead.cents;
      upcomingStays += ahead.count;
    }

    const ledger: LedgerPayout = {
      space,
      renter,
      bookingId: first.bookingId,
      startAt: new Date(first.startAt),
      state: payout.state,
      paidOutAt: payout.paidOutAt,
      amountCents: payout.amountCents,
      transferId: payout.transferId,
    };
    if (payout.state === 'owed') {
      const confirmed = payment.payment.occurrences.filter((o) => o.status === 'confirmed').length;
      owed.push(item(first.startAt, confirmed, payout.amountCents));
      owedCents += payout.amountCents;
      payouts.push(ledger);
    } else if (payout.paidOutAt) {
      const date = localDate(payout.paidOutAt, space.timeZone);
      if (from <= date && date <= to) {
        paidOutCents += payout.amountCents;
        paidOutPayments += 1;
        payouts.push(ledger);
      }
    }
  }

  const byStart = (a: { startAt: string }, b: { startAt: string }) => a.startAt.localeCompare(b.startAt);
  stays.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.bookingId.localeCompare(b.bookingId));
  payouts.sort(
    (a, b) => (a.paidOutAt?.getTime() ?? Infinity) - (b.paidOutAt?.getTime() ?? Infinity) || a.startAt.getTime() - b.startAt.getTime(),
  );

  return {
    earnings: {
      from,
      to,
      hasSpaces: spaceRows.length > 0,
      totals: figures(totals),
      monthly: months.map((month) => ({ month, ...figures(monthly.get(month)!) })),
      paidOut: { amount: fromCents(paidOutCents), payments: paidOutPayments },
      owed: { amount: fromCents(owedCents), payments: owed.sort(byStart).slice(0, LISTED_PAYMENTS) },
      upcoming: { amount: fromCents(upcomingCents), stays: upcomingStays, payments: upcoming.sort(byStart).slice(0, LISTED_PAYMENTS) },
      occupancy: await spacesOccupancy(db, ownerId, spaceRows, { from, to }),
    },
    stays,
    payouts,
  };
}

/**
 * Each space of `ownerId` (`spaces`) with its occupancy from `from` to `to` (its own zone), from its
 * schedule, blocked dates and confirmed bookings: two queries for all the spaces, not one a space.
 */
async function spacesOccupancy(
  db: Database,
  ownerId: string,
  spaces: readonly (OwnerSpace & { schedule: (typeof medicalSpaces.$inferSelect)['schedule'] })[],
  range: { from: string; to: string },
): Promise<Earnings['occupancy']> {
  if (spaces.length === 0) return [];
  // A day either side covers every zone's local dates of the range.
  const start = new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS);
  const [confirmed, blocked] = await Promise.all([
    db
      .select({ spaceId: bookings.spaceId, startAt: bookings.startAt, endAt: bookings.endAt })
      .from(bookings)
      .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
      .where(
        and(eq(medicalSpaces.ownerId, ownerId), eq(bookings.status, 'confirmed'), lt(bookings.startAt, end), gt(bookings.endAt, start)),
      ),
    db
      .select({ spaceId: spaceBlockedDates.spaceId, start: spaceBlockedDates.startDate, end: spaceBlockedDates.endDate })
      .from(spaceBlockedDates)
      .innerJoin(medicalSpaces, eq(medicalSpaces.id, spaceBlockedDates.spaceId))
      .where(
        and(eq(medicalSpaces.ownerId, ownerId), lte(spaceBlockedDates.startDate, range.to), gte(spaceBlockedDates.endDate, range.from)),
      ),
  ]);
  const bySpace = <T extends { spaceId: string }>(rows: readonly T[]) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows) {
      const list = grouped.get(row.spaceId);
      if (list) list.push(row);
      else grouped.set(row.spaceId, [row]);
    }
    return grouped;
  };
  const confirmedBySpace = bySpace(confirmed);
  const blockedBySpace = bySpace(blocked);
  return spaces.map((space) => {
    const result = occupancy(
      { period: space.pricePeriod, timeZone: space.timeZone, schedule: space.schedule, blockedDates: blockedBySpace.get(space.id) ?? [] },
      confirmedBySpace.get(space.id) ?? [],
      range,
    );
    return { spaceId: space.id, title: space.title, pricePeriod: space.pricePeriod, timeZone: space.timeZone, ...result };
  });
}

/** A local date and time of a stay for the CSV: `YYYY-MM-DD HH:mm` in its space's zone. */
export const csvDateTime = (instant: Date, timeZone: string) => localDateTime(instant, timeZone).replace('T', ' ');
