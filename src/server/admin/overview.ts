/**
 * The console's Overview (docs/decisions/032-reports-and-the-overview.md): what the marketplace did
 * per UTC day, computed in SQL from the stored payments.
 *
 * A paid stay is a payment (`payments`): a single booking's, or a whole recurring series' (counted
 * once, as the fee rule counts it; its occurrences are not counted again), on the day it was first
 * taken (`paid_at`). Its gross value is its `amount`, its fee `platform_fee_amount`, and its refunds the `amount_refunded` read back from the provider
 * (partial or full, made by a cancellation or from the console), counted on the day of the payment
 * they refund. New users and new listings count on the day they were created.
 */
import { sql } from 'drizzle-orm';
import { fromCents } from '../../shared/money';
import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_DEFAULT_MONTHS,
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewFigures,
  type OverviewQuery,
} from '../../shared/schemas/overview';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

interface DayCounts {
  bookings: number;
  gross: number;
  fees: number;
  refunds: number;
  newUsers: number;
  newListings: number;
}
const zero = (): DayCounts => ({ bookings: 0, gross: 0, fees: 0, refunds: 0, newUsers: 0, newListings: 0 });
const add = (a: DayCounts, b: DayCounts) => {
  for (const key of Object.keys(a) as (keyof DayCounts)[]) a[key] += b[key];
};
const figures = (c: DayCounts): OverviewFigures => ({
  bookings: c.bookings,
  grossBookingValue: fromCents(c.gross),
  platformFees: fromCents(c.fees),
  refunds: fromCents(c.refunds),
  newUsers: c.newUsers,
  newListings: c.newListings,
});

/** The figures per UTC day in [start, end), only days with something (amounts in cents). */
async function countsPerDay(db: Database, start: Date, end: Date): Promise<Map<string, DayCounts>> {
  const startIso = start.toISOString();
  const endIso = end.toISOString();
  const result = await db.execute(sql`
    with stays as (
      select paid_at, amount as total_price, platform_fee_amount as fee, amount_refunded
        from payments
       where paid_at >= ${startIso}::timestamptz and paid_at < ${endIso}::timestamptz
    ),
    money as (
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day,
             count(*)::int as bookings,
             round(sum(total_price) * 100)::bigint::text as gross,
             round(sum(fee) * 100)::bigint::text as fees,
             round(sum(amount_refunded) * 100)::bigint::text as refunds
        from stays group by 1
    ),
    joined as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
        from users where created_at >= ${startIso}::timestamptz and created_at < ${endIso}::timestamptz group by 1
    ),
    listed as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
        from medical_spaces where created_at >= ${startIso}::timestamptz and created_at < ${endIso}::timestamptz group by 1
    ),
    days as (select day from money union select day from joined union select day from listed)
    select days.day,
           coalesce(money.bookings, 0)::int as bookings,
           coalesce(money.gross, '0') as gross,
           coalesce(money.fees, '0') as fees,
           coalesce(money.refunds, '0') as refunds,
           coalesce(joined.n, 0)::int as new_users,
           coalesce(listed.n, 0)::int as new_listings
      from days
      left join money on money.day = days.day
      left join joined on joined.day = days.day
      left join listed on listed.day = days.day
  `);
  // PGlite and node-postgres both answer `{ rows }` (as src/server/ratings/stored-rating.ts reads it).
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<{
    day: string;
    bookings: number;
    gross: string;
    fees: string;
    refunds: string;
    new_users: number;
    new_listings: number;
  }>;
  return new Map(
    rows.map((row) => [
      row.day,
      {
        bookings: Number(row.bookings),
        gross: Number(row.gross),
        fees: Number(row.fees),
        refunds: Number(row.refunds),
        newUsers: Number(row.new_users),
        newListings: Number(row.new_listings),
      },
    ]),
  );
}

/**
 * The overview of the UTC days `from`..`to` (inclusive; by default the last
 * {@link OVERVIEW_DEFAULT_DAYS} days ending today): totals, one entry a day, and one a month over
 * at least the {@link OVERVIEW_DEFAULT_MONTHS} months ending with `to`'s.
 * @throws HttpError 400 for a range longer than {@link OVERVIEW_MAX_DAYS} days
 */
export async function readOverview(db: Database, query: OverviewQuery, now = new Date()): Promise<Overview> {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(dayStart(to).getTime() - (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS));
  const dayCount = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
  if (dayCount > OVERVIEW_MAX_DAYS)
    throw badRequest(`The range can be at most ${OVERVIEW_MAX_DAYS} days.`, [
      { path: 'from', message: `The range can be at most ${OVERVIEW_MAX_DAYS} days.` },
    ]);
  const toDate = dayStart(to);
  const twelveMonthsBack = new Date(Date.UTC(toDate.getUTCFullYear(), toDate.getUTCMonth() - (OVERVIEW_DEFAULT_MONTHS - 1), 1));
  const fromDate = dayStart(from);
  const monthsStart = new Date(Math.min(twelveMonthsBack.getTime(), Date.UTC(fromDate.getUTCFullYear(), fromDate.getUTCMonth(), 1)));
  const end = new Date(toDate.getTime() + DAY_MS);
  const perDay = await countsPerDay(db, monthsStart, end);

  const totals = zero();
  const daily: Overview['daily'] = [];
  for (let t = fromDate.getTime(); t < end.getTime(); t += DAY_MS) {
    const day = isoDay(new Date(t));
    const counts = perDay.get(day) ?? zero();
    add(totals, counts);
    daily.push({ period: day, ...figures(counts) });
  }
  const months = new Map<string, DayCounts>();
  for (let m = new Date(monthsStart); m < end; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1)))
    months.set(isoDay(m).slice(0, 7), zero());
  for (const [day, counts] of perDay) {
    const month = months.get(day.slice(0, 7));
    if (month) add(month, counts);
  }
  return {
    from,
    to,
    totals: figures(totals),
    daily,
    monthly: [...months].map(([period, counts]) => ({ period, ...figures(counts) })),
  };
}
