/**
 * Writing a feed's busy times (docs/decisions/038-calendar-import.md): they block the listing as
 * imported busy ranges, so every change to them rewrites, in the same transaction, the stored days
 * search reads (../schedules/space-days.ts, docs/decisions/014-search-in-the-database.md) for the
 * dates the old and the new ones touch.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { medicalSpaces, spaceCalendarImports, spaceImportedBusy } from '../db/schema';
import { refreshBookedDays } from '../schedules/space-days';

/** Rows inserted per statement. */
const INSERT_BATCH = 1000;

/**
 * Locks space `spaceId`'s row for the transaction, as checkout does before it checks a hold: a
 * booking and a change of busy times on one space are then never decided side by side.
 */
export async function lockSpaceRow(tx: Database, spaceId: string): Promise<void> {
  await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, spaceId)).for('no key update');
}

/** The busy times feed `importId` holds now. */
async function busyOf(tx: Database, importId: string) {
  return tx
    .select({ spaceId: spaceImportedBusy.spaceId, startAt: spaceImportedBusy.startAt, endAt: spaceImportedBusy.endAt })
    .from(spaceImportedBusy)
    .where(eq(spaceImportedBusy.importId, importId));
}

/** Rewrites the stored days the busy times `ranges` touch (after they changed, in the same transaction). */
async function refreshBusyDays(tx: Database, ranges: readonly { spaceId: string; startAt: Date; endAt: Date }[], now: Date) {
  await refreshBookedDays(
    tx,
    ranges.map((range) => ({ ...range, bufferMinutes: 0 })),
    now,
  );
}

/**
 * Replaces the busy times of feed `importId` (of space `spaceId`) with `busy`, and the stored days of
 * the dates the removed and the added ones touch. Call it in the sync's transaction, after
 * {@link lockSpaceRow}.
 */
export async function replaceBusyTimes(
  tx: Database,
  importId: string,
  spaceId: string,
  busy: readonly { start: Date; end: Date }[],
  now: Date,
): Promise<void> {
  const before = await tx.delete(spaceImportedBusy).where(eq(spaceImportedBusy.importId, importId)).returning({
    spaceId: spaceImportedBusy.spaceId,
    startAt: spaceImportedBusy.startAt,
    endAt: spaceImportedBusy.endAt,
  });
  const after = busy.map((item) => ({ importId, spaceId, startAt: item.start, endAt: item.end }));
  for (let i = 0; i < after.length; i += INSERT_BATCH) await tx.insert(spaceImportedBusy).values(after.slice(i, i + INSERT_BATCH));
  // Only the ranges that came or went change a date.
  const key = (range: { startAt: Date; endAt: Date }) => `${range.startAt.getTime()}|${range.endAt.getTime()}`;
  const kept = new Set(before.map(key));
  const added = new Set(after.map(key));
  await refreshBusyDays(tx, [...before.filter((range) => !added.has(key(range))), ...after.filter((range) => !kept.has(key(range)))], now);
}

/**
 * Removes feed `importId` (of space `spaceId`) with its busy times, and rewrites the stored days they
 * touched, in one transaction.
 */
export async function deleteFeed(db: Database, importId: string, spaceId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSpaceRow(tx, spaceId);
    const before = await busyOf(tx, importId);
    // Its busy times go with it (foreign key, on delete cascade).
    await tx.delete(spaceCalendarImports).where(eq(spaceCalendarImports.id, importId));
    await refreshBusyDays(tx, before, now);
  });
}
