/**
 * A user as the console's Users tab opens them (docs/product.md#the-console):
 * the account with their listings, bookings (as renter and as owner), payments (made and
 * received) and reports (made and about them), each the newest {@link ADMIN_USER_LIST_LIMIT} with
 * its total count. Read only: the actions on a user are in ./service.ts.
 */
import { asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import { ADMIN_USER_LIST_LIMIT, type AdminUserDetail, type AdminUserPayment } from '../../shared/schemas/admin-users';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, payments } from '../db/schema';
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
 * The payments user `userId` made or received, newest paid first: a single booking's payment or a
 * whole series' (a series counts once, as docs/decisions/032-reports-and-the-overview.md counts it),
 * those ever taken (`paid_at` set), each named by its first booking. At most `limit`, and how many there are.
 */
async function userPayments(db: Database, userId: string, limit: number): Promise<{ items: AdminUserPayment[]; total: number }> {
  const firsts = db
    .selectDistinctOn([bookings.paymentId], {
      paymentId: bookings.paymentId,
      bookingId: bookings.id,
      seriesId: bookings.seriesId,
      renterId: bookings.renterId,
      spaceTitle: medicalSpaces.title,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(or(eq(bookings.renterId, userId), eq(medicalSpaces.ownerId, userId)))
    .orderBy(bookings.paymentId, asc(bookings.startAt), asc(bookings.id))
    .as('firsts');
  const rows = await db
    .select({
      id: payments.id,
      first: { bookingId: firsts.bookingId, seriesId: firsts.seriesId, renterId: firsts.renterId, spaceTitle: firsts.spaceTitle },
      amount: payments.amount,
      refunded: payments.amountRefunded,
      paymentStatus: payments.status,
      paidAt: payments.paidAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(firsts)
    .innerJoin(payments, eq(payments.id, firsts.paymentId))
    .where(isNotNull(payments.paidAt))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit);
  const items: AdminUserPayment[] = rows.map((row) => ({
    kind: row.first.seriesId ? 'series' : 'booking',
    id: row.id,
    bookingId: row.first.bookingId,
    side: side(row.first.renterId, userId),
    spaceTitle: row.first.spaceTitle,
    amount: row.amount,
    refunded: fromCents(toCents(row.refunded)),
    paymentStatus: row.paymentStatus,
    paidAt: row.paidAt!.toISOString(),
  }));
  return { items, total: rows[0]?.total ?? 0 };
}
