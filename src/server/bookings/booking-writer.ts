/**
 * The one writer of `bookings.status` (docs/decisions/005-bookings-as-holds.md): every move of a
 * booking, one booking, a series' occurrences or every lapsed hold at once, is a guarded
 * `UPDATE ... WHERE status = <from>` that asks the state table of `src/shared/booking-lifecycle.ts`
 * first, so concurrent changes cannot both win and no move outside the table is ever written.
 * `tests/unit/status-writers.test.ts` fails when another module writes the column.
 */
import { and, eq, isNull, lte, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { nextStatus, type BookingTransition } from '../../shared/booking-lifecycle';
import type { PaymentTransition } from '../../shared/payment-lifecycle';
import type { BookingStatus } from '../../shared/constants';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { conflict } from '../http/errors';
import { movePayment, type PaymentChanges } from '../payments/payment-writer';
import { refreshBookedDays } from '../schedules/space-days';

/** A booking row as the database holds it. */
type BookingRow = typeof bookings.$inferSelect;

/**
 * Which bookings a move is for:
 * - `id`: one booking;
 * - `seriesId`: the occurrences of a series;
 * - `paymentId`: the bookings a payment pays for (one, or a series' occurrences);
 * - `lapsedHolds`: every hold whose `hold_expires_at` is at or before the instant (of `spaceId` only, when given);
 * - `lapsedRequests`: every request whose `request_expires_at` is at or before the instant.
 */
export type BookingSelector =
  { id: string } | { seriesId: string } | { paymentId: string } | { lapsedHolds: Date; spaceId?: string } | { lapsedRequests: Date };

/** Changes a move writes beside the status: any column but the statuses (the payment's is the payment writer's). */
export type BookingMoveChanges = Omit<PgUpdateSetSource<typeof bookings>, 'status' | 'paymentStatus'>;

/** What else a move does: finish an Accept's claim, and move the bookings' payment with them. */
export interface BookingMoveOptions {
  /** The `accepting_at` of the claim this move finishes (owner-answers.ts). */
  claim?: Date;
  /** The payment's transition (src/shared/payment-lifecycle.ts), made when the bookings moved, with its changes. */
  payment?: PaymentTransition;
  paymentChanges?: PaymentChanges;
}

const PAST_TENSE: Record<BookingTransition, string> = {
  pay: 'paid',
  authorize: 'authorised',
  expire: 'expired',
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
};

function selected(select: BookingSelector): SQL | undefined {
  if ('id' in select) return eq(bookings.id, select.id);
  if ('seriesId' in select) return eq(bookings.seriesId, select.seriesId);
  if ('paymentId' in select) return eq(bookings.paymentId, select.paymentId);
  if ('lapsedHolds' in select)
    return and(lte(bookings.holdExpiresAt, select.lapsedHolds), select.spaceId ? eq(bookings.spaceId, select.spaceId) : undefined);
  return lte(bookings.requestExpiresAt, select.lapsedRequests);
}

/**
 * Moves the selected bookings that are in `from` through `transition`, with `changes`, in one
 * guarded `UPDATE`. A pending request that an Accept has claimed (`accepting_at` set) moves only
 * when `claim` is that claim (the claimant finishing, which also clears it): a concurrent decline,
 * expiry or second accept finds nothing to move. When any moved and `payment` is given, their
 * payment (the booking's, or the series') moves too, through the payment writer.
 * @returns the moved rows as they are now, earliest first (none when nothing selected was in `from`)
 * @throws HttpError 409 when the state table does not allow `transition` from `from`
 * @throws Error for a payment move of lapsed holds or requests (each has its own payment)
 */
export async function moveBookings(
  db: Database,
  select: BookingSelector,
  from: BookingStatus,
  transition: BookingTransition,
  changes: BookingMoveChanges = {},
  { claim, payment, paymentChanges }: BookingMoveOptions = {},
): Promise<BookingRow[]> {
  const to = nextStatus(from, transition);
  if (!to) throw conflict(`A ${from.replace('_', ' ')} booking cannot be ${PAST_TENSE[transition]}.`);
  const claimGuard = from === 'pending' ? (claim ? eq(bookings.acceptingAt, claim) : isNull(bookings.acceptingAt)) : undefined;
  const rows = await db
    .update(bookings)
    .set({ ...changes, ...(claim ? { acceptingAt: null } : {}), status: to })
    .where(and(selected(select), eq(bookings.status, from), claimGuard))
    .returning();
  await refreshBookedDays(db, rows); // what search reads of their dates (schedules/space-days.ts)
  if (payment && rows.length > 0) {
    if ('lapsedHolds' in select || 'lapsedRequests' in select) throw new Error('Lapsed bookings each move their own payment.');
    const whose =
      'id' in select ? { booking: rows[0]! } : 'seriesId' in select ? { seriesId: select.seriesId } : { paymentId: select.paymentId };
    const paid = await movePayment(db, whose, payment, paymentChanges);
    const now = new Map(paid.bookings.map((row) => [row.id, row]));
    rows.splice(0, rows.length, ...rows.map((row) => now.get(row.id) ?? row));
  }
  return rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id.localeCompare(b.id));
}

/** {@link moveBookings} for one booking: the moved row, or null when it was no longer in `from` or is claimed by someone else. */
export async function moveBooking(
  db: Database,
  id: string,
  from: BookingStatus,
  transition: BookingTransition,
  changes: BookingMoveChanges = {},
  options: BookingMoveOptions = {},
): Promise<BookingRow | null> {
  const [row] = await moveBookings(db, { id }, from, transition, changes, options);
  return row ?? null;
}

/**
 * Lets go of a renter's earlier booking attempt so its key can be used again: the key is forgotten,
 * and a hold still waiting for payment expires (its intent is cancelled by the reconciliation job).
 */
export async function forgetAttempt(db: Database, booking: Pick<BookingRow, 'id' | 'status'>): Promise<void> {
  const expired =
    booking.status === 'awaiting_payment'
      ? await moveBooking(db, booking.id, 'awaiting_payment', 'expire', { idempotencyKey: null })
      : null;
  if (!expired) await db.update(bookings).set({ idempotencyKey: null }).where(eq(bookings.id, booking.id));
}
