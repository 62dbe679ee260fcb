/**
 * What each booking step tells whom (docs/decisions/022-notifications-and-email.md):
 * the one place that knows the words, the recipients and the email data of every step. Each step
 * calls {@link tellBookingStep} with the transaction that moved the booking, so a rolled-back step
 * tells nobody and a committed one is never lost; every notification carries the dedupe key
 * `<kind>:<bookingId>:<userId>`, so a retried step never tells twice.
 *
 * A confirmation also enqueues the renter's reminder 24 hours before the start
 * ({@link bookingReminderJob}); {@link remindBooking} is that job's work. A confirmation or a
 * cancellation also enqueues, in the same transaction, the sync of each booking's door code
 * ({@link syncAccessCodeJob}, src/server/access/): made on confirmation, deleted on cancellation.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fromCents, toCents, formatUsd } from '../../shared/money';
import {
  addressLine,
  bookingLink,
  describeDates,
  describeInstant,
  REFUND_ARRIVAL,
  type BookingNoticeData,
} from '../../shared/booking-notices';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { checkInReminderText } from '../../shared/stays';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, users } from '../db/schema';
import { bookingReminderJob, bookingStepJob, syncAccessCodeJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import { notify } from '../notifications/notify';
import type { PaidPayout } from '../payments/webhook';
import type { BookingRow, SpaceRow } from './booking-row';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Where a payout notification leads: the owner's payout settings (docs/product.md#payment-settings).
 * Booking notifications lead to the booking itself ({@link bookingLink}: the profile's Bookings tab,
 * which holds requests, space bookings and own bookings).
 */
const PAYOUTS_LINK = '/payments/connect';

/** A booking step that tells someone. */
export type BookingStep = NonNullable<(typeof bookingStepJob)['__data']>['step'];

interface Party {
  id: string;
  firstName: string;
  lastName: string;
}

/** The booking's space, renter and owner, read within `tx`. */
async function loadParties(tx: Database, booking: BookingRow): Promise<{ space: SpaceRow; renter: Party; owner: Party }> {
  const [space] = await tx.select().from(medicalSpaces).where(eq(medicalSpaces.id, booking.spaceId)).limit(1);
  if (!space) throw new Error(`Booking ${booking.id} has no space`);
  const people = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [booking.renterId, space.ownerId]));
  const renter = people.find((person) => person.id === booking.renterId);
  const owner = people.find((person) => person.id === space.ownerId);
  if (!renter || !owner) throw new Error(`Booking ${booking.id} lacks its renter or owner`);
  return { space, renter, owner };
}

const fullName = (party: Party) => `${party.firstName} ${party.lastName}`.trim();

/** The notification data of a booking (see {@link BookingNoticeData}). */
function noticeData(booking: BookingRow, space: SpaceRow, renter: Party, owner: Party): BookingNoticeData {
  return {
    bookingId: booking.id,
    spaceId: space.id,
    spaceTitle: space.title,
    address: addressLine(space),
    timeZone: timeZoneForState(space.state),
    pricePeriod: space.pricePeriod,
    startAt: booking.startAt.toISOString(),
    endAt: booking.endAt.toISOString(),
    totalCents: toCents(booking.totalPrice),
    instantBook: booking.instantBook,
    renterId: renter.id,
    ownerId: owner.id,
    renterName: fullName(renter),
    ownerName: fullName(owner),
    houseRules: space.rules?.trim() || null,
    requestExpiresAt: booking.requestExpiresAt?.toISOString() ?? null,
    notes: booking.notes,
  };
}

/** One notification to write. */
interface Notice {
  to: Party;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** Hours (rounded down, at least 1) from `now` to `until`, in words. */
function timeLeft(until: string | null, now: Date): string {
  if (!until) return '48 hours';
  const hours = Math.max(1, Math.floor((new Date(until).getTime() - now.getTime()) / HOUR_MS));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The notices of `step` for `booking` (who is told what). */
function noticesOf(step: BookingStep, data: BookingNoticeData, renter: Party, owner: Party, now: Date): Notice[] {
  const dates = describeDates(data);
  const space = data.spaceTitle;
  const ownLink = bookingLink(data.bookingId);
  switch (step) {
    case 'requested':
      return [
        {
          to: owner,
          kind: 'booking_requested',
          title: `${data.renterName} asked to book ${space}`,
          body: `${data.renterName} would like to book ${space} for ${dates} (${formatUsd(data.totalCents)}). Please accept or decline within ${timeLeft(data.requestExpiresAt, now)}; their card is authorised, not charged.`,
          link: bookingLink(data.bookingId),
        },
      ];
    case 'accepted':
      return [
        {
          to: renter,
          kind: 'request_accepted',
          title: `${data.ownerName} accepted your request for ${space}`,
          body: `Your booking of ${space} for ${dates} is confirmed and ${formatUsd(data.totalCents)} has been charged.`,
          link: ownLink,
        },
        {
          to: owner,
          kind: 'booking_confirmed',
          title: `Booking confirmed: ${space}`,
          body: `You accepted ${data.renterName}'s request for ${space}, ${dates}. The payment of ${formatUsd(data.totalCents)} has been captured.`,
          link: ownLink,
        },
      ];
    case 'declined':
      return [
        {
          to: renter,
          kind: 'request_declined',
          title: `Your request for ${space} was declined`,
          body: `The owner could not accept your request for ${space}, ${dates}. The authorisation on your card has been released and nothing was charged.`,
          link: ownLink,
        },
      ];
    case 'request_expired':
      return [
        {
          to: renter,
          kind: 'request_expired',
          title: `Your request for ${space} expired`,
          body: `The owner did not answer your request for ${space}, ${dates}, in time. The authorisation on your card has been released and nothing was charged.`,
          link: ownLink,
        },
        {
          to: owner,
          kind: 'request_expired',
          title: `${data.renterName}'s request for ${space} expired`,
          body: `The request for ${space}, ${dates}, was not answered in time, so it has expired and the dates are free again.`,
          link: ownLink,
        },
      ];
    case 'confirmed':
      return [
        {
          to: renter,
          kind: 'booking_confirmed',
          title: `Booking confirmed: ${space}`,
          body: `Your booking of ${space} for ${dates} is confirmed. You paid ${formatUsd(data.totalCents)}.`,
          link: ownLink,
        },
        {
          to: owner,
          kind: 'booking_confirmed',
          title: `New booking: ${space}`,
          body: `${data.renterName} booked ${space} for ${dates} (${formatUsd(data.totalCents)}).`,
          link: ownLink,
        },
      ];
    case 'cancelled': {
      const refund = data.refundCents ?? 0;
      const refundLine =
        refund > 0
          ? `${formatUsd(refund)} is refunded to the renter's card and arrives in ${REFUND_ARRIVAL}.`
          : 'No refund is due under the cancellation policy.';
      const by = data.cancelledBy === 'renter' ? data.renterName : data.cancelledBy === 'owner' ? data.ownerName : null;
      return [
        {
          to: renter,
          kind: 'booking_cancelled',
          title: `Booking cancelled: ${space}`,
          body: `${data.cancelledBy === 'renter' ? 'You cancelled' : by ? `${by} cancelled` : 'We cancelled'} your booking of ${space}, ${dates}. ${
            refund > 0
              ? `${formatUsd(refund)} is refunded to your card and arrives in ${REFUND_ARRIVAL}.`
              : 'No refund is due under the cancellation policy.'
          }`,
          link: ownLink,
        },
        {
          to: owner,
          kind: 'booking_cancelled',
          title: `Booking cancelled: ${space}`,
          body: `${data.cancelledBy === 'owner' ? 'You cancelled' : by ? `${by} cancelled` : 'The payment was refunded, cancelling'} the booking of ${space}, ${dates}; the dates are free again. ${refundLine}`,
          link: ownLink,
        },
      ];
    }
    case 'hold_expired':
      return [
        {
          to: renter,
          kind: 'hold_expired',
          title: `Your hold on ${space} expired`,
          body: `The payment for ${space}, ${dates}, was not completed in time, so the dates were released. Nothing was charged; you can book again.`,
          link: `/spaces/${data.spaceId}`,
        },
      ];
  }
}

/**
 * Tells the people concerned that `booking` went through `step`, within `tx` (the transaction
 * that moved it): enqueues one `booking-step` job, so the step commits with nothing but that
 * insert and its notifications are written by the job (`performBookingStep`) moments later, or
 * never if the step rolls back.
 * @param now when the step happened (the time left to answer a request is counted from it)
 */
export async function tellBookingStep(tx: Database, step: BookingStep, booking: BookingRow, now = new Date()): Promise<void> {
  await enqueue(tx, bookingStepJob, { bookingId: booking.id, step, at: now.toISOString() });
  await syncAccessOf(tx, step, [booking]);
}

/** Steps after which a booking's door code must be made (confirmed) or deleted (cancelled). */
const ACCESS_STEPS: ReadonlySet<BookingStep> = new Set(['confirmed', 'accepted', 'cancelled']);

/** Enqueues the door code sync of each of `moved` after `step`, when the step changes what it should be. */
async function syncAccessOf(tx: Database, step: BookingStep, moved: readonly BookingRow[]): Promise<void> {
  if (!ACCESS_STEPS.has(step)) return;
  for (const row of moved) await enqueue(tx, syncAccessCodeJob, { bookingId: row.id });
}

/**
 * {@link tellBookingStep} for a step of a whole series (its occurrences moved together), told once,
 * by `moved`'s first occurrence: the notices name how many occurrences and their sum
 * (docs/decisions/026-booking-series.md). Nothing moved, nothing told.
 */
export async function tellSeriesStep(tx: Database, step: BookingStep, moved: readonly BookingRow[], now = new Date()): Promise<void> {
  const first = [...moved].sort((a, b) => a.startAt.getTime() - b.startAt.getTime())[0];
  if (!first) return;
  await enqueue(tx, bookingStepJob, { bookingId: first.id, step, at: now.toISOString(), wholeSeries: true });
  await syncAccessOf(tx, step, moved);
}

/**
 * {@link tellBookingStep} for each of `moved` (bookings moved by one sweep), telling each series once,
 * by its first moved occurrence (docs/decisions/026-booking-series.md).
 */
export async function tellEachStep(tx: Database, step: BookingStep, moved: readonly BookingRow[], now = new Date()): Promise<void> {
  const bySeries = new Map<string, BookingRow[]>();
  for (const row of moved) {
    if (!row.seriesId) await tellBookingStep(tx, step, row, now);
    else bySeries.set(row.seriesId, [...(bySeries.get(row.seriesId) ?? []), row]);
  }
  for (const rows of bySeries.values()) await tellSeriesStep(tx, step, rows, now);
}

/**
 * The `booking-step` job: writes the step's notifications from the booking as it is now (see
 * {@link writeBookingNotices}), in one transaction. A booking gone since is skipped.
 * @returns how many notifications were written (0 when all had been written before)
 */
export async function performBookingStep(
  db: Database,
  job: { bookingId: string; step: BookingStep; at: string; wholeSeries?: boolean },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, job.bookingId)).limit(1);
    if (!booking) return 0;
    return writeBookingNotices(tx, job.step, booking, new Date(job.at), job.wholeSeries ?? false);
  });
}

/**
 * The occurrences of `booking`'s series that a whole-series step moved with it: those in the same
 * status (for a cancellation, cancelled at the same instant), earliest first.
 */
async function movedWith(tx: Database, booking: BookingRow): Promise<BookingRow[]> {
  if (!booking.seriesId) return [booking];
  const rows = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.seriesId, booking.seriesId), eq(bookings.status, booking.status)))
    .orderBy(asc(bookings.startAt));
  const same = rows.filter((row) => booking.status !== 'cancelled' || row.cancelledAt?.getTime() === booking.cancelledAt?.getTime());
  return same.length > 0 ? same : [booking];
}

/**
 * Writes the notifications of `step` for `booking` (in app and by email) within `tx`, once per
 * recipient and kind. A confirmation (`confirmed`, `accepted`) also enqueues the renter's reminder.
 * The demo seed calls it directly; every booking step goes through {@link tellBookingStep}.
 * @returns how many notifications were written (0 when all had been written before)
 */
export async function writeBookingNotices(
  tx: Database,
  step: BookingStep,
  booking: BookingRow,
  now = new Date(),
  wholeSeries = false,
): Promise<number> {
  const { space, renter, owner } = await loadParties(tx, booking);
  const data: BookingNoticeData = noticeData(booking, space, renter, owner);
  const moved = wholeSeries ? await movedWith(tx, booking) : [booking];
  if (moved.length > 1) {
    data.series = {
      count: moved.length,
      lastStartAt: moved.at(-1)!.startAt.toISOString(),
      occurrences: moved.map((row) => ({ bookingId: row.id, startAt: row.startAt.toISOString(), endAt: row.endAt.toISOString() })),
    };
    data.totalCents = moved.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  }
  if (step === 'cancelled') {
    data.cancelledBy = booking.cancelledBy;
    data.refundCents = moved.reduce((sum, row) => sum + toCents(row.refundAmount ?? '0'), 0);
    data.refundArrival = REFUND_ARRIVAL;
  }
  let written = 0;
  for (const notice of noticesOf(step, data, renter, owner, now)) {
    const id = await notify(tx, {
      userId: notice.to.id,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      data: { ...data },
      dedupeKey: `${notice.kind}:${booking.id}:${notice.to.id}`,
    });
    if (id) written++;
  }
  if (step === 'confirmed' || step === 'accepted') for (const row of moved) await scheduleReminder(tx, row, now);
  return written;
}

/** When the reminder of a booking starting at `startAt` is due: 24 hours before. */
export const reminderDueAt = (startAt: Date) => new Date(startAt.getTime() - 24 * HOUR_MS);

/** Enqueues the renter's reminder 24 hours before the start, unless that is already past. */
async function scheduleReminder(tx: Database, booking: BookingRow, now: Date): Promise<void> {
  const due = reminderDueAt(booking.startAt);
  if (due <= now) return;
  await enqueue(tx, bookingReminderJob, { bookingId: booking.id }, { startAfter: due });
}

/**
 * The `booking-reminder` job: reminds the renter of a booking that is still confirmed and has not
 * started, once (dedupe key `booking_reminder:<bookingId>:<renterId>`).
 * @returns whether a reminder was written now
 */
export async function remindBooking(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
    if (!booking || booking.status !== 'confirmed' || booking.startAt <= now) return false;
    const { space, renter, owner } = await loadParties(tx, booking);
    const data = noticeData(booking, space, renter, owner);
    const id = await notify(tx, {
      userId: renter.id,
      kind: 'booking_reminder',
      title: `Reminder: ${space.title} tomorrow`,
      body: `Your booking of ${space.title} starts ${describeInstant(data.startAt, data.timeZone, data.pricePeriod)} at ${data.address}. ${checkInReminderText(booking.requiresCheckIn)}`,
      link: bookingLink(booking.id),
      data: { ...data },
      dedupeKey: `booking_reminder:${booking.id}:${renter.id}`,
    });
    return id !== null;
  });
}

/**
 * Tells the owner of `payout.accountId` that a payout was sent, once per payout (dedupe key
 * `payout_sent:<payoutId>:<userId>`). An account that is no user's is ignored.
 * @returns whether a notification was written
 */
export async function tellPayoutSent(tx: Database, payout: PaidPayout): Promise<boolean> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeConnectAccountId, payout.accountId)).limit(1);
  if (!owner) return false;
  const amount =
    payout.currency.toLowerCase() === 'usd'
      ? formatUsd(payout.amountCents)
      : `${fromCents(payout.amountCents)} ${payout.currency.toUpperCase()}`;
  const arrives = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(payout.arrivalDate),
  );
  const id = await notify(tx, {
    userId: owner.id,
    kind: 'payout_sent',
    title: `Payout of ${amount} sent`,
    body: `A payout of ${amount} is on its way to your bank account and should arrive by ${arrives}.`,
    link: PAYOUTS_LINK,
    data: { ...payout },
    dedupeKey: `payout_sent:${payout.payoutId}:${owner.id}`,
  });
  return id !== null;
}
