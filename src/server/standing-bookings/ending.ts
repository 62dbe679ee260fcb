/**
 * Ending a standing booking with notice (docs/decisions/041-standing-bookings.md): either side
 * gives notice, `ends_on` becomes the later of today plus the notice and the end of the minimum
 * term (`earliestEndOn`), and every occurrence on or after it goes: a held, unpaid one expires (it is
 * never charged), a paid one is cancelled through the cancellation path with what it paid refunded
 * in full.
 */
import { eq } from 'drizzle-orm';
import { localDate } from '../../shared/availability';
import type { StandingBooking } from '../../shared/schemas/standing-bookings';
import { earliestEndOn } from '../../shared/standing-bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { moveBookings } from '../bookings/booking-writer';
import { cancelBookings } from '../bookings/cancellation';
import { bookingsOfPayment, detachUnpaidBookings } from '../bookings/payment-bookings';
import type { Database } from '../db/client';
import { bookingSeries } from '../db/schema';
import { conflict } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { requireStandingWithSpace, standingParty, toStandingBooking } from './reads';
import { tellNoticeGiven } from './notices';
import { moveStandingBooking } from './standing-writer';

/**
 * POST /api/standing-bookings/{id}/end: the renter or the owner gives notice.
 * @returns the standing booking, `ending` with its `endsOn`
 * @throws HttpError 403 neither renter nor owner, 404 unknown, 409 already ending or ended, or its
 *   first period still waiting for payment or for the owner's answer
 */
export async function endStandingBooking(
  db: Database,
  payments: PaymentProvider | null,
  id: string,
  userId: string,
  now = new Date(),
): Promise<StandingBooking> {
  const { standing, space } = await requireStandingWithSpace(db, id);
  const party = standingParty(standing, space, userId);
  if (standing.status === 'ending') throw conflict(`This standing booking already ends on ${standing.endsOn}.`);
  if (standing.status === 'ended') throw conflict('This standing booking has ended.');
  const periods = await db
    .select({ id: bookingSeries.id, periodIndex: bookingSeries.periodIndex })
    .from(bookingSeries)
    .where(eq(bookingSeries.standingBookingId, standing.id))
    .orderBy(bookingSeries.periodIndex);
  const first = periods[0] ? await bookingsOfPayment(db, periods[0].id) : [];
  if (!first.some((row) => row.status === 'confirmed' || row.status === 'cancelled')) {
    throw conflict('This standing booking has not started yet: its first period is waiting for payment or for the owner.');
  }
  const timeZone = timeZoneForState(space.state);
  const endsOn = earliestEndOn({
    today: localDate(now, timeZone),
    noticeDays: standing.noticeDays,
    startedOn: standing.startedOn,
    minimumTermMonths: standing.minimumTermMonths,
  });
  const moved = await db.transaction(async (tx) => {
    const row = await moveStandingBooking(tx, standing.id, 'give_notice', { endsOn, endedBy: userId });
    if (row) await tellNoticeGiven(tx, row, space, endsOn, party);
    return row;
  });
  if (!moved) throw conflict('This standing booking changed meanwhile. Please reload it.');
  for (const period of periods) {
    const rows = await bookingsOfPayment(db, period.id);
    const after = rows.filter((row) => localDate(row.startAt, timeZone) >= endsOn);
    const unpaid = after.filter((booking) => booking.status === 'awaiting_payment');
    if (unpaid.length > 0 && unpaid.length === rows.filter((booking) => booking.status === 'awaiting_payment').length) {
      await moveBookings(db, { paymentId: period.id }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    } else if (unpaid.length > 0) {
      // Part of a period not charged yet: it is charged for the bookings before the end only.
      await db.transaction((tx) =>
        detachUnpaidBookings(
          tx,
          period.id,
          unpaid.map((row) => row.id),
        ),
      );
    }
    const paid = after.filter((booking) => booking.status === 'confirmed' && booking.startAt > now);
    if (paid.length > 0 && payments) {
      await cancelBookings(db, payments, { rows: paid, space, cancelledBy: party, rest: true, refundAll: true }, now);
    }
    const left = (await bookingsOfPayment(db, period.id)).filter((row) => row.status === 'awaiting_payment');
    if (left.length === 0) await db.update(bookingSeries).set({ nextChargeAt: null }).where(eq(bookingSeries.id, period.id));
  }
  return toStandingBooking(db, moved, space);
}
