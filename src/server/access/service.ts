/**
 * A booking's way in, read by its renter or its owner (`GET /api/bookings/{id}/access`,
 * docs/product.md#the-day-of-the-stay) and told to the renter at the reveal (the `reveal-access`
 * job). The renter sees the door code or instructions only inside the reveal window
 * (src/shared/access.ts); the owner always. Each answer that carries either is logged in
 * `access_reveals`.
 */
import { codeValidity, isRevealedToRenter, revealAt } from '../../shared/access';
import { bookingLink, describeInstant } from '../../shared/booking-notices';
import type { BookingAccess } from '../../shared/schemas/access';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { accessReveals } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { notify } from '../notifications/notify';
import { readBookingAccess } from './reads';

/**
 * The way in of `bookingId` as `userId` may see it at `now`, logging the reveal when the answer
 * carries a code or instructions.
 * @throws HttpError 404 unknown booking, 403 anyone but its renter and its owner
 */
export async function getBookingAccess(db: Database, bookingId: string, userId: string, now = new Date()): Promise<BookingAccess> {
  const row = await readBookingAccess(db, bookingId);
  if (!row) throw notFound('Booking not found.');
  const role = row.renterId === userId ? 'renter' : row.ownerId === userId ? 'owner' : null;
  if (!role) throw forbidden("Only the booking's renter and the space's owner can see its way in.");
  const validity = codeValidity(row.startAt, row.endAt);
  const answer: BookingAccess = { method: row.method, revealAt: revealAt(row.startAt, row.revealHours).toISOString() };
  if (row.method === 'door_code') {
    answer.validFrom = validity.validFrom.toISOString();
    answer.validUntil = validity.validUntil.toISOString();
  }
  const shown = role === 'owner' || isRevealedToRenter(row, row.revealHours, now);
  if (!shown) return answer;
  if (row.instructions) answer.instructions = row.instructions;
  if (row.method === 'door_code' && row.code) answer.code = row.code.code;
  const revealed = [answer.code !== undefined && 'code', answer.instructions !== undefined && 'instructions'].filter(Boolean).join(',');
  if (revealed) {
    await db
      .insert(accessReveals)
      .values({ bookingId, userId, role, revealed, accessCodeId: answer.code !== undefined ? row.code!.id : null, revealedAt: now });
  }
  return answer;
}

/**
 * The `reveal-access` job: tells the renter of a still-confirmed booking, from its reveal time
 * until its end, the way in: the door code and its validity, or the instructions. Once per code
 * (a replaced code is told again) or per booking for instructions.
 * @returns whether a notification was written now
 * @throws Error when a door code booking has no code yet (the provider is failing): retried
 */
export async function revealAccess(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  const row = await readBookingAccess(db, bookingId);
  if (!row || !isRevealedToRenter(row, row.revealHours, now) || now >= row.endAt) return false;
  const zone = timeZoneForState(row.state);
  const when = (instant: Date) => describeInstant(instant.toISOString(), zone, 'hourly');
  const starts = describeInstant(row.startAt.toISOString(), zone, row.pricePeriod);
  if (row.method === 'door_code') {
    if (!row.code) throw new Error(`Booking ${bookingId} has no door code yet`);
    const { validFrom, validUntil } = codeValidity(row.startAt, row.endAt);
    const id = await notify(db, {
      userId: row.renterId,
      kind: 'access_ready',
      title: `Your door code for ${row.title}`,
      body: `Your door code for ${row.title} (starting ${starts}) is ${row.code.code}. It opens the door from ${when(validFrom)} to ${when(validUntil)}.${
        row.instructions ? ` ${row.instructions}` : ''
      }`,
      link: bookingLink(bookingId),
      data: { bookingId },
      dedupeKey: `access_ready:${row.code.id}:${row.renterId}`,
    });
    return id !== null;
  }
  const id = await notify(db, {
    userId: row.renterId,
    kind: 'access_ready',
    title: `How to get in: ${row.title}`,
    body: row.instructions
      ? `Your booking of ${row.title} starts ${starts}. How to get in: ${row.instructions}`
      : `Your booking of ${row.title} starts ${starts}. The owner has not written how to get in; please message them.`,
    link: bookingLink(bookingId),
    data: { bookingId },
    dedupeKey: `access_ready:${bookingId}:${row.renterId}`,
  });
  return id !== null;
}
