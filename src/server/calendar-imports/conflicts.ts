/**
 * Conflicts between imported busy times and bookings (docs/decisions/038-calendar-import.md): a busy
 * time that overlaps a booking confirmed, pending or held when a sync reads it is recorded for the
 * owner, who is told and decides: keep the booking (that busy time is ignored for it from then on) or
 * cancel it as owners cancel (`cancelBookings`: a full refund, the renter told). Nothing is cancelled
 * on its own.
 */
import { and, desc, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CalendarConflict, CalendarConflictAction } from '../../shared/schemas/calendar-imports';
import { cancelBookings } from '../bookings/cancellation';
import { requireBookingWithSpace } from '../bookings/booking-row';
import type { Database } from '../db/client';
import { bookings, calendarConflicts, medicalSpaces, spaceCalendarImports, spaceImportedBusy, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { notify } from '../notifications/notify';
import { holdsItsRange } from '../schedules/space-days';
import type { PaymentProvider } from '../payments/provider';

/**
 * After a sync replaced feed `importId`'s busy times (in its transaction): drops the open conflicts
 * whose busy time left the feed, records each new overlap of a busy time with a booking holding its
 * range at `now` (a kept or cancelled one is never raised again), and tells the owner of the new ones.
 * @returns how many conflicts were new
 */
export async function recordConflicts(tx: Database, importId: string, now: Date): Promise<number> {
  await tx.delete(calendarConflicts).where(
    and(
      eq(calendarConflicts.importId, importId),
      eq(calendarConflicts.status, 'open'),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(spaceImportedBusy)
          .where(
            and(
              eq(spaceImportedBusy.importId, calendarConflicts.importId),
              eq(spaceImportedBusy.startAt, calendarConflicts.busyStartAt),
              eq(spaceImportedBusy.endAt, calendarConflicts.busyEndAt),
            ),
          ),
      ),
    ),
  );
  const overlaps = await tx
    .select({
      bookingId: bookings.id,
      spaceId: bookings.spaceId,
      ownerId: medicalSpaces.ownerId,
      busyStartAt: spaceImportedBusy.startAt,
      busyEndAt: spaceImportedBusy.endAt,
    })
    .from(spaceImportedBusy)
    .innerJoin(
      bookings,
      and(
        eq(bookings.spaceId, spaceImportedBusy.spaceId),
        lt(bookings.startAt, spaceImportedBusy.endAt),
        lt(spaceImportedBusy.startAt, bookings.endAt),
        holdsItsRange(now),
      ),
    )
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(spaceImportedBusy.importId, importId));
  if (overlaps.length === 0) return 0;
  const added = await tx
    .insert(calendarConflicts)
    .values(overlaps.map((overlap) => ({ ...overlap, importId })))
    .onConflictDoNothing()
    .returning({ id: calendarConflicts.id, ownerId: calendarConflicts.ownerId });
  if (added.length > 0) {
    const [feed] = await tx
      .select({ name: spaceCalendarImports.name })
      .from(spaceCalendarImports)
      .where(eq(spaceCalendarImports.id, importId));
    const many = added.length > 1;
    await notify(tx, {
      userId: added[0]!.ownerId,
      kind: 'calendar_conflict',
      title: many
        ? `${added.length} bookings clash with your calendar “${feed?.name}”`
        : `A booking clashes with your calendar “${feed?.name}”`,
      body:
        'Your imported calendar shows the space busy during a booking already made. Keep the booking or cancel it ' +
        '(the renter is refunded in full); nothing is cancelled until you decide.',
      link: '/calendar',
      data: { importId, conflictIds: added.map((row) => row.id) },
    });
  }
  return added.length;
}

const conflictColumns = {
  id: calendarConflicts.id,
  status: calendarConflicts.status,
  importId: calendarConflicts.importId,
  importName: spaceCalendarImports.name,
  spaceId: calendarConflicts.spaceId,
  spaceTitle: medicalSpaces.title,
  timeZone: medicalSpaces.timeZone,
  busyStartAt: calendarConflicts.busyStartAt,
  busyEndAt: calendarConflicts.busyEndAt,
  createdAt: calendarConflicts.createdAt,
  bookingId: bookings.id,
  bookingStatus: bookings.status,
  bookingStartAt: bookings.startAt,
  bookingEndAt: bookings.endAt,
  renterFirstName: users.firstName,
};

/** The conflicts `where` selects, with their booking, feed and space, newest first. */
async function readConflicts(db: Database, where: ReturnType<typeof and>): Promise<CalendarConflict[]> {
  const rows = await db
    .select(conflictColumns)
    .from(calendarConflicts)
    .innerJoin(bookings, eq(bookings.id, calendarConflicts.bookingId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .innerJoin(spaceCalendarImports, eq(spaceCalendarImports.id, calendarConflicts.importId))
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, calendarConflicts.spaceId))
    .where(where)
    .orderBy(desc(calendarConflicts.createdAt), desc(calendarConflicts.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    importId: row.importId,
    importName: row.importName,
    spaceId: row.spaceId,
    spaceTitle: row.spaceTitle,
    timeZone: row.timeZone,
    busyStartAt: row.busyStartAt.toISOString(),
    busyEndAt: row.busyEndAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    booking: {
      id: row.bookingId,
      status: row.bookingStatus,
      startAt: row.bookingStartAt.toISOString(),
      endAt: row.bookingEndAt.toISOString(),
      renterFirstName: row.renterFirstName,
    },
  }));
}

/**
 * GET /api/users/{id}/calendar-conflicts: the owner's open conflicts whose booking still holds its
 * range and has not ended at `now`, newest first.
 */
export async function listCalendarConflicts(db: Database, ownerId: string, now = new Date()): Promise<CalendarConflict[]> {
  return readConflicts(
    db,
    and(eq(calendarConflicts.ownerId, ownerId), eq(calendarConflicts.status, 'open'), holdsItsRange(now), gt(bookings.endAt, now)),
  );
}

/**
 * POST /api/calendar-conflicts/{id}: the owner of the conflict's space keeps the booking (the busy time
 * is ignored for it from then on) or cancels it under the owner-cancellation rules (`cancelBookings`:
 * a full refund, the renter told; only a confirmed booking that has not ended can be cancelled so).
 * Every open conflict of a cancelled booking is closed with it.
 * @returns the conflict as it is after
 * @throws HttpError 404 unknown conflict, 403 not the space's owner, 409 already decided, or a booking that cannot be cancelled
 */
export async function resolveCalendarConflict(
  db: Database,
  payments: () => PaymentProvider,
  id: string,
  userId: string,
  action: CalendarConflictAction,
  now = new Date(),
): Promise<CalendarConflict> {
  if (!z.uuid().safeParse(id).success) throw notFound('Conflict not found.');
  const [found] = await db
    .select({ ownerId: medicalSpaces.ownerId, status: calendarConflicts.status, bookingId: calendarConflicts.bookingId })
    .from(calendarConflicts)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, calendarConflicts.spaceId))
    .where(eq(calendarConflicts.id, id));
  if (!found) throw notFound('Conflict not found.');
  if (found.ownerId !== userId) throw forbidden('Only the owner of this space can decide this conflict.');
  if (found.status !== 'open') throw conflict('This conflict has already been decided.');
  if (action === 'keep') {
    const [kept] = await db
      .update(calendarConflicts)
      .set({ status: 'kept', resolvedAt: now })
      .where(and(eq(calendarConflicts.id, id), eq(calendarConflicts.status, 'open')))
      .returning({ id: calendarConflicts.id });
    if (!kept) throw conflict('This conflict has already been decided.');
  } else {
    const { booking, space } = await requireBookingWithSpace(db, found.bookingId);
    if (booking.status !== 'confirmed' || booking.endAt <= now) {
      throw conflict(
        booking.status === 'pending'
          ? 'This booking is still a request: decline it instead of cancelling it.'
          : 'Only a confirmed booking that has not ended can be cancelled.',
      );
    }
    await cancelBookings(db, payments(), { rows: [booking], space, cancelledBy: 'owner', rest: false }, now);
    await db
      .update(calendarConflicts)
      .set({ status: 'cancelled', resolvedAt: now })
      .where(and(eq(calendarConflicts.bookingId, booking.id), eq(calendarConflicts.status, 'open')));
  }
  const [after] = await readConflicts(db, and(eq(calendarConflicts.id, id)));
  return after!;
}
