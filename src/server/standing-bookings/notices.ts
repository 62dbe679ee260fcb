/**
 * What a standing booking tells its renter and its space's owner (docs/decisions/041-standing-bookings.md):
 * a refused charge (with the next try, or the end), notice given, and dates of a new period that
 * could not be held. Written in the caller's transaction or database, once per event (`dedupeKey`).
 */
import { describeInstant } from '../../shared/booking-notices';
import { formatUsd } from '../../shared/money';
import type { OccurrenceConflict } from '../../shared/schemas/booking-series';
import type { SpaceRow } from '../bookings/booking-row';
import type { Database } from '../db/client';
import { notify } from '../notifications/notify';
import type { StandingRow } from './standing-writer';

const BOOKINGS_LINK = '/profile?tab=bookings';
/** Where the renter updates the saved card. */
const CARD_LINK = '/profile';

/** A local `YYYY-MM-DD` as bookings' notices show a day: "Tue, Mar 3, 2026". */
const day = (date: string) => describeInstant(`${date}T00:00:00Z`, 'UTC', 'daily');

/**
 * A period's charge was refused (`message`, the provider's words) on attempt `attempt` (1 the first):
 * the renter is told when it is tried again and how to update the card; when no try is left
 * (`retryOn` null), both sides are told the standing booking has ended.
 */
export async function tellChargeFailed(
  db: Database,
  input: {
    standing: StandingRow;
    space: SpaceRow;
    periodId: string;
    attempt: number;
    amountCents: number;
    message: string;
    retryOn: string | null;
  },
): Promise<void> {
  const { standing, space, periodId, attempt, amountCents, message, retryOn } = input;
  const amount = formatUsd(amountCents);
  if (retryOn) {
    await notify(db, {
      userId: standing.renterId,
      kind: 'standing_charge_failed',
      title: `Payment failed: ${space.title}`,
      body: `We could not charge ${amount} for your next bookings of ${space.title}: ${message} We will try again on ${day(retryOn)}. Update your card on your profile to keep the bookings.`,
      link: CARD_LINK,
      data: { standingBookingId: standing.id, periodId, attempt, amountCents },
      dedupeKey: `standing_charge_failed:${periodId}:${attempt}`,
    });
    return;
  }
  for (const userId of [standing.renterId, space.ownerId]) {
    await notify(db, {
      userId,
      kind: 'standing_booking_ended',
      title: `Standing booking ended: ${space.title}`,
      body:
        userId === standing.renterId
          ? `We could not charge ${amount} for your next bookings of ${space.title} after several tries (${message}), so those bookings were released and the standing booking has ended. Bookings already paid stay booked.`
          : `The renter's card was refused for the next period of their standing booking of ${space.title}, so its unpaid bookings were released and the standing booking has ended. Bookings already paid stay booked.`,
      link: BOOKINGS_LINK,
      data: { standingBookingId: standing.id, periodId },
      dedupeKey: `standing_booking_ended:${standing.id}:${userId}`,
    });
  }
}

/** Notice was given by `endedBy`: both sides are told the day it ends. */
export async function tellNoticeGiven(
  db: Database,
  standing: StandingRow,
  space: SpaceRow,
  endsOn: string,
  endedBy: 'renter' | 'owner',
): Promise<void> {
  for (const userId of [standing.renterId, space.ownerId]) {
    const byYou = (endedBy === 'renter') === (userId === standing.renterId);
    await notify(db, {
      userId,
      kind: 'standing_booking_ending',
      title: `Standing booking ends on ${day(endsOn)}: ${space.title}`,
      body: `${byYou ? 'You gave' : endedBy === 'renter' ? 'The renter gave' : 'The owner gave'} notice on the standing booking of ${space.title}. It ends on ${day(endsOn)}: bookings from that day on are cancelled and anything paid for them is refunded in full.`,
      link: BOOKINGS_LINK,
      data: { standingBookingId: standing.id, endsOn },
      dedupeKey: `standing_booking_ending:${standing.id}:${userId}`,
    });
  }
}

/** Dates of a newly held period that could not be held (a blocked date, another booking): not billed; both sides are told. */
export async function tellDatesSkipped(
  db: Database,
  input: { standing: StandingRow; space: SpaceRow; periodIndex: number; skipped: readonly OccurrenceConflict[] },
): Promise<void> {
  const { standing, space, periodIndex, skipped } = input;
  if (skipped.length === 0) return;
  const dates = skipped.map((occurrence) => day(occurrence.startDate.slice(0, 10))).join(', ');
  for (const userId of [standing.renterId, space.ownerId]) {
    await notify(db, {
      userId,
      kind: 'standing_dates_skipped',
      title: `Not booked: ${skipped.length} ${skipped.length === 1 ? 'date' : 'dates'} of a standing booking of ${space.title}`,
      body: `These dates of the standing booking of ${space.title} could not be booked and will not be charged: ${dates}.`,
      link: BOOKINGS_LINK,
      data: { standingBookingId: standing.id, periodIndex, skipped: skipped.length },
      dedupeKey: `standing_dates_skipped:${standing.id}:${periodIndex}:${userId}`,
    });
  }
}
