/**
 * The sweep of the stored days (./space-days.ts; docs/decisions/014-search-in-the-database.md), a
 * job every ten minutes (src/server/jobs/catalog.ts) and a step of the app's start: spaces whose days
 * were written by an older version of the rules, or never (a database just migrated), are written
 * again; dates whose holds have lapsed are computed again (a row already says what a date offers
 * after its first hold lapses, and the bookings' reconciliation expires lapsed holds every minute, which
 * writes their dates again: this catches what both missed); days every zone has left behind are dropped.
 */
import { and, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { shiftDate } from '../../shared/availability';
import type { Database } from '../db/client';
import { medicalSpaces, spaceDays } from '../db/schema';
import { spaceDaysSweepJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import { rebuildSpaceDays, refreshSpaceDates, SPACE_DAYS_VERSION } from './space-days';

/** Spaces written again per transaction, and stored days computed again per run. */
const BATCH = 500;

/**
 * Writes again the stored days of every space whose `days_version` is not {@link SPACE_DAYS_VERSION},
 * {@link BATCH} spaces a transaction.
 * @returns how many spaces were written
 */
export async function rebuildStaleSpaceDays(db: Database, now = new Date()): Promise<number> {
  let written = 0;
  for (;;) {
    const stale = await db
      .select({ id: medicalSpaces.id })
      .from(medicalSpaces)
      .where(or(isNull(medicalSpaces.daysVersion), ne(medicalSpaces.daysVersion, SPACE_DAYS_VERSION)))
      .orderBy(medicalSpaces.id)
      .limit(BATCH);
    if (stale.length === 0) return written;
    await rebuildSpaceDays(
      db,
      stale.map((space) => space.id),
      now,
    );
    written += stale.length;
  }
}

/** What one sweep did. */
export interface SpaceDaysSweep {
  rebuiltSpaces: number;
  lapsedDays: number;
  droppedDays: number;
}

/** One sweep at `now` (see the module's comment). */
export async function sweepSpaceDays(db: Database, now = new Date()): Promise<SpaceDaysSweep> {
  const rebuiltSpaces = await rebuildStaleSpaceDays(db, now);
  const lapsed = await db
    .select({ spaceId: spaceDays.spaceId, date: spaceDays.date })
    .from(spaceDays)
    .where(and(isNotNull(spaceDays.changesAt), lte(spaceDays.changesAt, now)))
    .limit(BATCH);
  await refreshSpaceDates(db, lapsed, now);
  // Two days before today in UTC is yesterday or before in every zone of the US (and no search's date is past).
  const dropped = await db
    .delete(spaceDays)
    .where(lt(spaceDays.date, shiftDate(now.toISOString().slice(0, 10), -2)))
    .returning({ one: sql`1` });
  return { rebuiltSpaces, lapsedDays: lapsed.length, droppedDays: dropped.length };
}

/** Registers the stored days' sweep on `workers`. */
export function registerSpaceDaysJobs(
  workers: JobWorkers,
  { db, log }: { db: Database; log: { info(object: unknown, message: string): void } },
) {
  workers.work(spaceDaysSweepJob, async () => {
    const summary = await sweepSpaceDays(db);
    if (Object.values(summary).some((count) => count > 0)) log.info(summary, 'stored days of search by availability');
  });
}
