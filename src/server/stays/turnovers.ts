/**
 * The turnover checklist (docs/product.md#the-day-of-the-stay): the renter at check-out, or the
 * owner, attests which of the listing's items were done, with a note; each attestation is kept
 * (`booking_turnovers`) and shown to both sides and to the operators.
 */
import { asc, eq } from 'drizzle-orm';
import type { TurnoverEntry, TurnoverLog } from '../../shared/schemas/stays';
import { turnoverProblem } from '../../shared/stays';
import type { Database } from '../db/client';
import { bookings, bookingTurnovers, medicalSpaces } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';

/** A booking's attestations, oldest first (also for the operators' console, which checks its own access). */
export async function listTurnovers(db: Database, bookingId: string): Promise<TurnoverEntry[]> {
  const rows = await db
    .select()
    .from(bookingTurnovers)
    .where(eq(bookingTurnovers.bookingId, bookingId))
    .orderBy(asc(bookingTurnovers.createdAt), asc(bookingTurnovers.id));
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    userId: row.userId,
    items: row.items,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * GET /api/bookings/{id}/turnover: the listing's checklist as it is now and the booking's attestations,
 * for its renter and its space's owner.
 * @throws HttpError 404 unknown booking, 403 anyone else
 */
export async function getTurnoverLog(db: Database, bookingId: string, userId: string): Promise<TurnoverLog> {
  const [row] = await db
    .select({ renterId: bookings.renterId, ownerId: medicalSpaces.ownerId, checklist: medicalSpaces.turnoverChecklist })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('Booking not found.');
  if (row.renterId !== userId && row.ownerId !== userId) throw forbidden('Only the renter or the owner can see this checklist.');
  return { checklist: row.checklist, entries: await listTurnovers(db, bookingId) };
}

/**
 * POST /api/bookings/{id}/turnover: `userId` (the renter after checking in, or the space's owner)
 * attests the room's state at `now`, under the booking's row lock, by `turnoverProblem`.
 * @returns the log, with the new attestation last
 * @throws HttpError 404 unknown booking, 403 anyone but its renter or owner, 409 when the rules refuse it now
 */
export async function attestTurnover(
  db: Database,
  bookingId: string,
  userId: string,
  input: { items: { label: string; done: boolean }[]; note?: string | null },
  now = new Date(),
): Promise<TurnoverLog> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, ownerId: medicalSpaces.ownerId })
      .from(bookings)
      .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!row) throw notFound('Booking not found.');
    const role = row.booking.renterId === userId ? 'renter' : row.ownerId === userId ? 'owner' : null;
    if (!role) throw forbidden('Only the renter or the owner can fill in the turnover checklist.');
    const { booking } = row;
    const problem = turnoverProblem(
      {
        status: booking.status,
        startDate: booking.startAt.toISOString(),
        endDate: booking.endAt.toISOString(),
        checkedInAt: booking.checkedInAt?.toISOString() ?? null,
        checkedOutAt: booking.checkedOutAt?.toISOString() ?? null,
        requiresCheckIn: booking.requiresCheckIn,
        noShowMarkedAt: booking.noShowMarkedAt?.toISOString() ?? null,
      },
      role,
      now,
    );
    if (problem) throw conflict(problem);
    await tx.insert(bookingTurnovers).values({ bookingId, userId, role, items: input.items, note: input.note || null, createdAt: now });
  });
  return getTurnoverLog(db, bookingId, userId);
}
