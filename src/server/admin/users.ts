/**
 * A user as the console's Users tab opens them (docs/product.md#the-console):
 * the account with their listings, bookings (as renter and as owner), payments (made and
 * received) and reports (made and about them), each the newest {@link ADMIN_USER_LIST_LIMIT} with
 * its total count. Read only: the actions on a user are in ./service.ts.
 */
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import { ADMIN_USER_LIST_LIMIT, type AdminUserDetail, type AdminUserPayment } from '../../shared/schemas/admin-users';
import type { Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces } from '../db/schema';
import { notFound } from '../http/errors';
import { userBookings } from './bookings';
import { userReports } from './reports';
import { adminUserById, isUuid, listingsOf } from './service';

/**
 * User `id` with their listings, bookings, payments and reports.
 * @throws HttpError 404 for an unknown user (or an id that is not a UUID)
 */
export async function adminUserDetail(db: Database, id: string): Promise<AdminUserDetail> {
  if (!isUuid(id)) throw notFound('User not found.');
  const user = await adminUserById(db, id);
  const limit = ADMIN_USER_LIST_LIMIT;
  return {
    user,
    listings: await listingsOf(db, id),
    bookingsAsRenter: await userBookings(db, id, 'renter', limit),
    bookingsAsOwner: await userBookings(db, id, 'owner', limit),
    payments: await userPayments(db, id, limit),
    reportsMade: await userReports(db, id, 'made', limit),
    reportsAbout: await userReports(db, id, 'about', limit),
  };
}

/** Which side of a payment `userId` is on: the renter who paid, or the owner of the space paid for. */
const side = (renterId: string, userId: string): AdminUserPayment['side'] => (renterId === userId ? 'paid' : 'received');

/**
 * The payments user `userId` made or received, newest paid first: single bookings' own payments and
 * whole series' payments (a series counts once, as docs/decisions/032-reports-and-the-overview.md
 * counts it), those ever taken (`paid_at` set). At most `limit`, and how many there are.
 */
async function userPayments(db: Database, userId: string, limit: number): Promise<{ items: AdminUserPayment[]; total: number }> {
  const ofSingles: SQL = and(
    isNull(bookings.seriesId),
    isNotNull(bookings.paidAt),
    or(eq(bookings.renterId, userId), eq(medicalSpaces.ownerId, userId)),
  )!;
  const ofSeries: SQL = and(isNotNull(bookingSeries.paidAt), or(eq(bookingSeries.renterId, userId), eq(medicalSpaces.ownerId, userId)))!;
  const singles = await db
    .select({
      id: bookings.id,
      renterId: bookings.renterId,
      spaceTitle: medicalSpaces.title,
      amount: bookings.totalPrice,
      refunded: bookings.amountRefunded,
      paymentStatus: bookings.paymentStatus,
      paidAt: bookings.paidAt,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(ofSingles)
    .orderBy(desc(bookings.paidAt), desc(bookings.id))
    .limit(limit);
  const series = await db
    .select({
      id: bookingSeries.id,
      renterId: bookingSeries.renterId,
      spaceTitle: medicalSpaces.title,
      amount: bookingSeries.totalPrice,
      refunded: bookingSeries.amountRefunded,
      paymentStatus: bookingSeries.paymentStatus,
      paidAt: bookingSeries.paidAt,
      // Qualified by hand: inside a subquery Drizzle would write the outer column unqualified.
      firstOccurrence: sql<string>`(select b.id from ${bookings} b where b.series_id = "booking_series"."id" order by b.start_at, b.id limit 1)`,
    })
    .from(bookingSeries)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookingSeries.spaceId))
    .where(ofSeries)
    .orderBy(desc(bookingSeries.paidAt), desc(bookingSeries.id))
    .limit(limit);
  const [singlesCount] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(ofSingles);
  const [seriesCount] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookingSeries)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookingSeries.spaceId))
    .where(ofSeries);
  const items: AdminUserPayment[] = [
    ...singles.map((row) => ({ ...row, kind: 'booking' as const, bookingId: row.id })),
    ...series.map((row) => ({ ...row, kind: 'series' as const, bookingId: row.firstOccurrence })),
  ]
    .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime() || b.id.localeCompare(a.id))
    .slice(0, limit)
    .map((row) => ({
      kind: row.kind,
      id: row.id,
      bookingId: row.bookingId,
      side: side(row.renterId, userId),
      spaceTitle: row.spaceTitle,
      amount: row.amount,
      refunded: fromCents(toCents(row.refunded)),
      paymentStatus: row.paymentStatus,
      paidAt: row.paidAt!.toISOString(),
    }));
  return { items, total: Number(singlesCount?.total ?? 0) + Number(seriesCount?.total ?? 0) };
}
