/**
 * The console's bookings and payments (docs/decisions/031-console-refunds-and-booking-history.md;
 * docs/product.md#the-console): a booking with its parties, status history (`booking_events`,
 * written by a trigger at every status change) and payment as the provider reports it; the lookup
 * by user or space; and an operator's refund.
 *
 * An operator's refund, of a booking of one or of a series' payment alike
 * (docs/decisions/035-one-payment-model.md): in part or in full (which cancels the booking), it is
 * decided on the booking (`refund_amount`) under a lock of the payment's bookings, and made by the
 * payment's one settler (`settleMoney`), or by the reconciliation job when the settler is busy or
 * the provider fails.
 */
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents, formatUsd, toCents } from '../../shared/money';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type AdminBooking,
  type AdminBookingRow,
  type AdminBookingsPage,
  type AdminPayment,
  type AdminRefund,
  type BookingEvent,
  readBookingsQueryText,
} from '../../shared/schemas/admin-bookings';
import type { SessionUser } from '../auth/session';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookingEvents, bookings, consoleRefunds, medicalSpaces, payments as paymentsTable, receipts, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { notify } from '../notifications/notify';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, type BookingRow } from '../bookings/booking-row';
import { moveBooking } from '../bookings/booking-writer';
import { tellBookingStep } from '../bookings/notices';
import { bookingsOfPayment, findPayment, paymentIdOf } from '../bookings/payment-bookings';
import { decidedRefundCents, refundDueCents, settleMoney } from '../bookings/settlement';
import { bookingPayout, owedTotal } from '../payouts/service';
import { listTurnovers } from '../stays/turnovers';
import { recordAudit } from './audit';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Without an `Idempotency-Key`, the same amount asked again of a booking by the same operator this soon is taken for the same request. */
export const REPEAT_WINDOW_MS = 60 * 1000;

const owners = alias(users, 'owners');
const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** A payment as the console shows it: the provider's figures (`intent`), beside our record. */
function toAdminPayment(
  intentId: string,
  feeDollars: string | null,
  paymentStatus: string,
  intent: PaymentIntentInfo | null,
): AdminPayment {
  const paid = intent?.status === 'succeeded';
  return {
    intentId,
    amount: fromCents(intent?.amount ?? 0),
    fee: feeDollars ?? '0.00',
    paid,
    refunded: fromCents(intent?.amountRefunded ?? 0),
    refundable: fromCents(paid ? Math.max(0, intent!.amount - intent!.amountRefunded) : 0),
    paymentStatus,
    providerStatus: intent?.status ?? null,
  };
}

/** A payment as {@link refundableCents} counts it: its bookings, and what our record says it has had refunded, cents. */
interface PaymentFigures {
  bookings: readonly BookingRow[];
  refundedCents: number;
}

/**
 * What the provider has refunded of a payment beyond the refunds decided for its bookings (made
 * outside ClinicShare, in the provider's dashboard, and not yet recorded), cents. The payment's
 * settler counts such a refund as made towards what is decided next (`settleMoney`), so a refund
 * decided from the console would move no money while there is one.
 */
function refundedOutside(intent: PaymentIntentInfo, figures: PaymentFigures): number {
  const decided = figures.bookings.reduce((sum, row) => sum + decidedRefundCents(row), 0);
  return Math.max(0, Math.max(intent.amountRefunded, figures.refundedCents) - decided);
}

/**
 * The most the console can refund of `booking` now, cents: nothing unless it is confirmed and its
 * payment succeeded; else its share still unrefunded (its price less the refund decided for it so
 * far), within what is left of its payment once what the provider (or our record, if it says more)
 * has refunded and the refunds decided but not yet made are counted; nothing while part of the
 * payment was refunded outside ClinicShare ({@link refundedOutside}).
 */
function refundableCents(booking: BookingRow, intent: PaymentIntentInfo | null, figures: PaymentFigures): number {
  if (booking.status !== 'confirmed' || intent?.status !== 'succeeded') return 0;
  if (refundedOutside(intent, figures) > 0) return 0;
  const due = figures.bookings.reduce((sum, row) => sum + refundDueCents(row), 0);
  const left = Math.max(0, intent.amount - Math.max(intent.amountRefunded, figures.refundedCents) - due);
  return Math.min(left, Math.max(0, toCents(booking.totalPrice) - decidedRefundCents(booking)));
}

/**
 * Booking `id` as the console shows it: space, renter, owner, status history (oldest first),
 * payment (or its series' payment) read from the provider, console refunds and what is refundable.
 * @throws HttpError 404 unknown booking
 */
export async function adminBooking(db: Database, payments: PaymentProvider | null, id: string): Promise<AdminBooking> {
  if (!isUuid(id)) throw notFound('Booking not found.');
  const [row] = await db
    .select({ booking: bookings, space: medicalSpaces, renter: users, owner: owners })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .innerJoin(owners, eq(owners.id, medicalSpaces.ownerId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) throw notFound('Booking not found.');
  const { booking, space, renter, owner } = row;
  const history = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  const refunds = await db
    .select({ refund: consoleRefunds, actor: users })
    .from(consoleRefunds)
    .leftJoin(users, eq(users.id, consoleRefunds.actorId))
    .where(eq(consoleRefunds.bookingId, id))
    .orderBy(asc(consoleRefunds.createdAt));
  const retrieve = (intentId: string | null) => (intentId && payments ? payments.retrievePaymentIntent(intentId) : Promise.resolve(null));

  let payment: AdminPayment | null = null;
  let series: AdminBooking['series'] = null;
  const paid = booking.paymentId ? await findPayment(db, booking.paymentId) : null;
  const intent = await retrieve(paid?.stripePaymentIntentId ?? null);
  const shown = paid?.stripePaymentIntentId
    ? toAdminPayment(paid.stripePaymentIntentId, paid.platformFeeAmount, paid.status, intent)
    : null;
  const paymentBookings = paid ? await bookingsOfPayment(db, paid.id) : [booking];
  // One payment, shown as a series' when it pays for one (what the operator reads), else as the booking's own.
  if (booking.seriesId) {
    series = paid ? { id: booking.seriesId, totalPrice: paid.amount, occurrences: paymentBookings.length, payment: shown } : null;
  } else {
    payment = shown;
  }
  const refundable = refundableCents(booking, intent, {
    bookings: paymentBookings,
    refundedCents: toCents(paid?.amountRefunded ?? '0'),
  });
  return {
    id: booking.id,
    status: booking.status,
    startDate: booking.startAt.toISOString(),
    endDate: booking.endAt.toISOString(),
    totalPrice: booking.totalPrice,
    platformFeeAmount: booking.platformFeeAmount,
    amountRefunded: fromCents(toCents(booking.amountRefunded)),
    refundAmount: booking.refundAmount,
    cancelledBy: booking.cancelledBy,
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    createdAt: booking.createdAt.toISOString(),
    space: { id: space.id, title: space.title, city: space.city, state: space.state, timeZone: space.timeZone },
    renter: { id: renter.id, name: fullName(renter), email: renter.email },
    owner: { id: owner.id, name: fullName(owner), email: owner.email },
    history: history.map((event): BookingEvent => ({
      fromStatus: event.fromStatus as BookingEvent['fromStatus'],
      toStatus: event.toStatus as BookingEvent['toStatus'],
      at: event.at.toISOString(),
      reconstructed: event.reconstructed,
    })),
    payment,
    series,
    refunds: refunds.map(({ refund, actor }) => ({
      id: refund.id,
      amount: fromCents(refund.amountCents),
      reason: refund.reason,
      actor: actor ? { id: actor.id, name: fullName(actor), email: actor.email } : null,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
    refundable: fromCents(refundable),
    payout: await bookingPayout(db, booking),
    noShow: booking.noShowMarkedAt
      ? {
          markedAt: booking.noShowMarkedAt.toISOString(),
          disputedAt: booking.noShowDisputedAt?.toISOString() ?? null,
          disputeReason: booking.noShowDisputeReason,
        }
      : null,
    turnover: await listTurnovers(db, booking.id),
  };
}

/** Bookings with their space's title and zone, owner and renter, for the console's lists. */
const selectBookingRows = (db: Database) =>
  db
    .select({
      booking: bookings,
      spaceTitle: medicalSpaces.title,
      spaceTimeZone: medicalSpaces.timeZone,
      ownerId: medicalSpaces.ownerId,
      renter: users,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .$dynamic();
type BookingListRow = Awaited<ReturnType<ReturnType<typeof selectBookingRows>['execute']>>[number];

function toAdminBookingRow({ booking, spaceTitle, spaceTimeZone, ownerId, renter }: BookingListRow): AdminBookingRow {
  return {
    id: booking.id,
    status: booking.status,
    startDate: booking.startAt.toISOString(),
    endDate: booking.endAt.toISOString(),
    totalPrice: booking.totalPrice,
    paymentStatus: booking.paymentStatus,
    spaceId: booking.spaceId,
    spaceTitle,
    spaceTimeZone,
    renterId: booking.renterId,
    renterName: fullName(renter),
    ownerId,
    seriesId: booking.seriesId,
    createdAt: booking.createdAt.toISOString(),
  };
}

/**
 * The bookings `text` finds: a receipt's (its booking, or every occurrence of its series), those
 * whose renter or space owner has that email, or those whose id starts with it; for text the
 * lookup does not take (the query schema refuses it first), nothing.
 */
function whereQueryText(db: Database, text: string): SQL | undefined {
  const query = readBookingsQueryText(text);
  if (!query) return sql`false`;
  switch (query.kind) {
    case 'receipt':
      return sql`exists (select 1 from ${receipts} where ${receipts.year} = ${query.year} and ${receipts.sequence} = ${query.sequence}
        and (${receipts.bookingId} = ${bookings.id} or ${receipts.seriesId} = ${bookings.seriesId}))`;
    case 'email':
      return or(
        eq(users.email, query.email),
        inArray(medicalSpaces.ownerId, db.select({ id: users.id }).from(users).where(eq(users.email, query.email))),
      );
    case 'id':
      return sql`${bookings.id}::text like ${`${query.prefix}%`}`;
  }
}

/**
 * Bookings a user made (as renter) or received (as owner of the space), of a space, or that `q`
 * finds ({@link whereQueryText}); each given narrows the others. Newest first,
 * {@link ADMIN_BOOKINGS_PAGE_SIZE} a page.
 */
export async function adminBookings(
  db: Database,
  query: { userId?: string; spaceId?: string; q?: string; page: number },
): Promise<AdminBookingsPage> {
  const rows = await selectBookingRows(db)
    .where(
      and(
        query.userId ? or(eq(bookings.renterId, query.userId), eq(medicalSpaces.ownerId, query.userId)) : undefined,
        query.spaceId ? eq(bookings.spaceId, query.spaceId) : undefined,
        query.q ? whereQueryText(db, query.q) : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(ADMIN_BOOKINGS_PAGE_SIZE + 1)
    .offset((query.page - 1) * ADMIN_BOOKINGS_PAGE_SIZE);
  return {
    bookings: rows.slice(0, ADMIN_BOOKINGS_PAGE_SIZE).map(toAdminBookingRow),
    page: query.page,
    hasMore: rows.length > ADMIN_BOOKINGS_PAGE_SIZE,
    owedPayouts: query.userId ? await owedPayoutsOf(db, query.userId) : null,
  };
}

/** What the platform owes `userId` as an owner, as the API sends it. */
async function owedPayoutsOf(db: Database, userId: string) {
  const owed = await owedTotal(db, userId);
  return { owedAmount: fromCents(owed.cents), payments: owed.payments };
}

/**
 * The bookings user `userId` made (`renter`) or received for the spaces they own (`owner`),
 * newest first: at most `limit`, and how many there are.
 */
export async function userBookings(
  db: Database,
  userId: string,
  side: 'renter' | 'owner',
  limit: number,
): Promise<{ items: AdminBookingRow[]; total: number }> {
  const where = side === 'renter' ? eq(bookings.renterId, userId) : eq(medicalSpaces.ownerId, userId);
  const rows = await selectBookingRows(db).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(where);
  return { items: rows.map(toAdminBookingRow), total: Number(counted?.total ?? 0) };
}

const notRefundable = () => conflict('Only a confirmed, paid booking can be refunded.');
const overRefund = (cents: number) =>
  badRequest(cents > 0 ? `The most that can be refunded is ${formatUsd(cents)}.` : 'Nothing is left to refund on this booking.');

/**
 * POST /api/admin/bookings/{id}/refund: refunds `amount` of confirmed booking `id`'s payment, at
 * most what is left of it by the provider's figures, for `reason` (sent to the renter).
 * The same `idempotencyKey` (the request's `Idempotency-Key`) makes one refund: asked again, it
 * answers the booking. Without one, the same amount asked again by the same operator within
 * {@link REPEAT_WINDOW_MS} is the same request (a double click), as is one asked at once (the key is then the amount and
 * what the booking had back when asked).
 * @returns the booking as the console shows it
 * @throws HttpError 404 unknown booking; 409 not confirmed or not paid, another refund of this
 *   payment in flight, a key used for another amount; 400 an amount over what is refundable
 */
export async function refundBooking(
  db: Database,
  payments: PaymentProvider,
  actor: SessionUser,
  id: string,
  { amount, reason }: AdminRefund,
  idempotencyKey?: string,
  now = new Date(),
): Promise<AdminBooking> {
  if (!isUuid(id)) throw notFound('Booking not found.');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!booking) throw notFound('Booking not found.');
  const cents = toCents(amount);
  // A refund is decided first and made by its payment's settler: what the booking had back is what was decided.
  const key = idempotencyKey ?? `${cents}-after-${decidedRefundCents(booking)}`;
  const [asked] = await db
    .select()
    .from(consoleRefunds)
    .where(
      and(
        eq(consoleRefunds.bookingId, id),
        idempotencyKey
          ? eq(consoleRefunds.idempotencyKey, key)
          : // Without a key: the same amount asked within the window is the same request (a double click).
            or(
              eq(consoleRefunds.idempotencyKey, key),
              and(
                eq(consoleRefunds.actorId, actor.id),
                eq(consoleRefunds.amountCents, cents),
                gt(consoleRefunds.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
              ),
            ),
      ),
    )
    .orderBy(desc(consoleRefunds.createdAt))
    .limit(1);
  if (asked) {
    if (asked.amountCents !== cents) throw conflict('This request was already made for another amount.');
    if (!asked.completedAt) throw conflict('This refund is being made. Please reload in a moment.');
    return adminBooking(db, payments, id);
  }
  if (booking.status !== 'confirmed') throw notRefundable();
  await decideRefund(db, payments, actor, booking, cents, reason, key, now);
  return adminBooking(db, payments, id);
}

/** Tells the renter of `booking` that `cents` of it were refunded, and why (a refund in part; one in full cancels, with its own notices). */
function tellRefunded(tx: Database, booking: BookingRow, cents: number, reason: string) {
  return notify(tx, {
    userId: booking.renterId,
    kind: 'booking_refunded',
    title: `${formatUsd(cents)} refunded`,
    body: `We refunded ${formatUsd(cents)} of your booking to your card. The reason: ${reason}`,
    link: '/profile?tab=bookings',
    data: { bookingId: booking.id, refundCents: cents, reason },
  });
}

/**
 * The refund of `cents` of confirmed `booking`, in part or in full, from its payment (its own, or
 * its series'): decided here and made by the payment's one settler (`settleMoney`), or by the
 * reconciliation job when the settler is busy or the provider fails (the decision is recorded).
 * Under a lock of the payment's bookings (in the settler's order), the booking's decided refund
 * (`refund_amount`) grows by `cents`, with the console refund's row, the audit record and the
 * renter's notice, in one transaction; all of its price refunded cancels it. Two operators at
 * once: the second reads what the first decided and may refund only what is left (400); the
 * same request twice (its key) makes one refund.
 */
async function decideRefund(
  db: Database,
  payments: PaymentProvider,
  actor: SessionUser,
  booking: BookingRow,
  cents: number,
  reason: string,
  key: string,
  now: Date,
): Promise<void> {
  const paymentId = paymentIdOf(booking);
  const payment = await findPayment(db, paymentId);
  const intentId = payment?.stripePaymentIntentId;
  if (!payment || !intentId || !['paid', 'partially_refunded'].includes(payment.status)) throw notRefundable();
  const intent = await payments.retrievePaymentIntent(intentId);
  if (!intent || intent.status !== 'succeeded') throw notRefundable();
  try {
    await db.transaction(async (tx) => {
      // The settler updates bookings in this order, then the payment: locking them first keeps clear of a deadlock.
      const locked = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.paymentId, paymentId))
        .orderBy(asc(bookings.startAt), asc(bookings.id))
        .for('update');
      const [{ amountRefunded: paymentRefunded } = payment] = await tx
        .select({ amountRefunded: paymentsTable.amountRefunded })
        .from(paymentsTable)
        .where(eq(paymentsTable.id, paymentId));
      const current = locked.find((row) => row.id === booking.id);
      if (current?.status !== 'confirmed') throw notRefundable();
      const figures = { bookings: locked, refundedCents: toCents(paymentRefunded) };
      if (refundedOutside(intent, figures) > 0)
        throw conflict(
          "Part of this booking's payment was refunded outside ClinicShare: make this refund in the payment provider's dashboard.",
        );
      const left = refundableCents(current, intent, figures);
      if (cents > left) throw overRefund(left);
      const decidedBefore = decidedRefundCents(current);
      const decided = decidedBefore + cents;
      const full = decided >= toCents(current.totalPrice);
      let cancelled: BookingRow | null = null;
      if (full) {
        cancelled = await moveBooking(tx, booking.id, 'confirmed', 'cancel', {
          refundAmount: fromCents(decided),
          cancelledAt: now,
          cancelledBy: null,
        });
        if (!cancelled) throw conflict(CHANGED_MEANWHILE);
      } else {
        await tx
          .update(bookings)
          .set({ refundAmount: fromCents(decided) })
          .where(eq(bookings.id, booking.id));
      }
      await tx.insert(consoleRefunds).values({
        bookingId: booking.id,
        paymentIntentId: intentId,
        actorId: actor.id,
        amountCents: cents,
        reason,
        idempotencyKey: key,
        refundedBeforeCents: intent.amountRefunded,
        completedAt: now,
      });
      const seriesId = current.seriesId ? { seriesId: current.seriesId } : {};
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'booking.refund',
        targetType: 'booking',
        targetId: booking.id,
        reason,
        before: {
          status: 'confirmed',
          ...seriesId,
          paymentStatus: current.paymentStatus,
          refundAmount: fromCents(decidedBefore),
          amountRefunded: fromCents(toCents(current.amountRefunded)),
        },
        after: {
          status: full ? 'cancelled' : 'confirmed',
          ...seriesId,
          refundAmount: fromCents(decided),
          amountRefunded: fromCents(decided),
          refund: fromCents(cents),
        },
      });
      if (cancelled) await tellBookingStep(tx, 'cancelled', cancelled, now);
      else await tellRefunded(tx, current, cents, reason);
    });
  } catch (error) {
    // The same request at once (its key, per booking): the first made it; this one answers what it did.
    if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
    const [first] = await db
      .select({ amountCents: consoleRefunds.amountCents })
      .from(consoleRefunds)
      .where(and(eq(consoleRefunds.bookingId, booking.id), eq(consoleRefunds.idempotencyKey, key)));
    if (first?.amountCents !== cents) throw conflict('This request was already made for another amount.');
    return;
  }
  // The payment's one settler gives the money back; failing or busy, the reconciliation job does.
  await settleMoney(db, payments, paymentId, now).catch(() => undefined);
}
