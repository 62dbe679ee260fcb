/**
 * A listing's imported calendars (docs/decisions/038-calendar-import.md): the owner's feeds and
 * their sync. A sync reads the feed (./fetch-feed.ts), turns it into busy times (./busy-times.ts)
 * and replaces the feed's stored busy times in one transaction; a feed that fails keeps its previous
 * busy times and says why in `last_error`, and never touches another feed. Feeds' addresses are
 * secrets: logs name the import's id only.
 */
import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_CALENDAR_IMPORTS_PER_SPACE, type CalendarImport, type CalendarImportInput } from '../../shared/schemas/calendar-imports';
import type { Database } from '../db/client';
import { medicalSpaces, spaceCalendarImports } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { deleteFeed, lockSpaceRow, replaceBusyTimes } from './busy-store';
import { busyTimesOfFeed, NotICalendarError } from './busy-times';
import { recordConflicts } from './conflicts';
import { fetchFeed, FeedFetchError, type HostLookup } from './fetch-feed';
import { feedHost, nextSyncAt, runPerHost } from './sync-schedule';

/** Days ahead read from a feed when the listing has no booking horizon of its own. */
export const DEFAULT_IMPORT_HORIZON_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How feeds are read and how often: the test-only loopback allowance, the minutes between reads, and a resolver tests may replace. */
export interface FeedReading {
  allowLoopback: boolean;
  syncMinutes: number;
  lookup?: HostLookup;
  timeoutMs?: number;
}

/** Where a sync's outcome is told (by import id, never by address). */
export interface SyncLog {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

const recordColumns = {
  id: spaceCalendarImports.id,
  name: spaceCalendarImports.name,
  url: spaceCalendarImports.url,
  lastSyncedAt: spaceCalendarImports.lastSyncedAt,
  eventsImported: spaceCalendarImports.eventsImported,
  eventsSkipped: spaceCalendarImports.eventsSkipped,
  lastError: spaceCalendarImports.lastError,
};

function toRecord(row: { lastSyncedAt: Date | null } & Omit<CalendarImport, 'lastSyncedAt'>): CalendarImport {
  return { ...row, lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null };
}

/**
 * The listed space `spaceId` when `ownerId` owns it, locked for the transaction when `lock`.
 * @throws HttpError 404 unknown space, 403 someone else's (as the blocked dates' routes answer)
 */
async function ownedSpace(db: Database, spaceId: string, ownerId: string, lock = false) {
  if (!z.uuid().safeParse(spaceId).success) throw notFound('Space not found.');
  const query = db
    .select({ id: medicalSpaces.id, ownerId: medicalSpaces.ownerId })
    .from(medicalSpaces)
    .where(and(eq(medicalSpaces.id, spaceId), eq(medicalSpaces.active, true)));
  const [space] = lock ? await query.for('update') : await query;
  if (!space) throw notFound('Space not found.');
  if (space.ownerId !== ownerId) throw forbidden('Only the owner of this space can do that.');
  return space;
}

/** GET /api/spaces/{id}/calendar-imports: the owner's feeds of the space, oldest first. */
export async function listCalendarImports(db: Database, spaceId: string, ownerId: string): Promise<CalendarImport[]> {
  await ownedSpace(db, spaceId, ownerId);
  const rows = await db
    .select(recordColumns)
    .from(spaceCalendarImports)
    .where(eq(spaceCalendarImports.spaceId, spaceId))
    .orderBy(asc(spaceCalendarImports.createdAt), asc(spaceCalendarImports.id));
  return rows.map(toRecord);
}

/**
 * POST /api/spaces/{id}/calendar-imports: adds a feed, read by the sync job within a minute (or
 * at once by "Sync now").
 * @throws HttpError 404 not the owner's space, 409 the space has {@link MAX_CALENDAR_IMPORTS_PER_SPACE} feeds already
 */
export async function addCalendarImport(
  db: Database,
  spaceId: string,
  ownerId: string,
  input: CalendarImportInput,
): Promise<CalendarImport> {
  return db.transaction(async (tx) => {
    await ownedSpace(tx, spaceId, ownerId, true);
    const [existing] = await tx.select({ n: count() }).from(spaceCalendarImports).where(eq(spaceCalendarImports.spaceId, spaceId));
    if ((existing?.n ?? 0) >= MAX_CALENDAR_IMPORTS_PER_SPACE) {
      throw conflict(`A listing can import at most ${MAX_CALENDAR_IMPORTS_PER_SPACE} calendars: remove one before adding another.`);
    }
    const [row] = await tx
      .insert(spaceCalendarImports)
      .values({ spaceId, ownerId, name: input.name, url: input.url })
      .returning(recordColumns);
    return toRecord(row!);
  });
}

/** The feed `importId` of the owner's space `spaceId`. @throws HttpError 404 */
async function ownedImport(db: Database, spaceId: string, ownerId: string, importId: string) {
  await ownedSpace(db, spaceId, ownerId);
  if (!z.uuid().safeParse(importId).success) throw notFound('Calendar not found.');
  const [row] = await db
    .select({ id: spaceCalendarImports.id })
    .from(spaceCalendarImports)
    .where(and(eq(spaceCalendarImports.id, importId), eq(spaceCalendarImports.spaceId, spaceId)));
  if (!row) throw notFound('Calendar not found.');
  return row;
}

/** DELETE /api/spaces/{id}/calendar-imports/{importId}: the feed and its busy times, which free their dates at once. @throws HttpError 404 */
export async function removeCalendarImport(db: Database, spaceId: string, ownerId: string, importId: string): Promise<void> {
  await ownedImport(db, spaceId, ownerId, importId);
  await deleteFeed(db, importId, spaceId);
}

/** POST /api/spaces/{id}/calendar-imports/{importId}/sync: reads the feed now; the record after. @throws HttpError 404 */
export async function syncOwnedCalendarImport(
  db: Database,
  spaceId: string,
  ownerId: string,
  importId: string,
  reading: FeedReading,
  log: SyncLog,
): Promise<CalendarImport> {
  await ownedImport(db, spaceId, ownerId, importId);
  await syncCalendarImport(db, importId, reading, log);
  const [row] = await db.select(recordColumns).from(spaceCalendarImports).where(eq(spaceCalendarImports.id, importId));
  if (!row) throw notFound('Calendar not found.');
  return toRecord(row);
}

/**
 * Reads feed `importId` and stores what it says: on success its busy times over the listing's
 * booking horizon (else {@link DEFAULT_IMPORT_HORIZON_DAYS} days) replace the previous ones, with the
 * stored days they change and the conflicts with bookings they raise (./conflicts.ts), in one
 * transaction under the space's lock; on a
 * 304 they are kept; on a failure they are kept and `last_error` says why. Never throws for the
 * feed's own faults.
 * @returns whether the feed was read (a 304 included)
 */
export async function syncCalendarImport(
  db: Database,
  importId: string,
  reading: FeedReading,
  log: SyncLog,
  now = new Date(),
): Promise<boolean> {
  const [feed] = await db
    .select({
      id: spaceCalendarImports.id,
      spaceId: spaceCalendarImports.spaceId,
      url: spaceCalendarImports.url,
      etag: spaceCalendarImports.etag,
      lastModified: spaceCalendarImports.lastModified,
      eventsImported: spaceCalendarImports.eventsImported,
      failures: spaceCalendarImports.failures,
      timeZone: medicalSpaces.timeZone,
      schedule: medicalSpaces.schedule,
    })
    .from(spaceCalendarImports)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, spaceCalendarImports.spaceId))
    .where(eq(spaceCalendarImports.id, importId));
  if (!feed) return false;
  // Counted as failed until it succeeds, so a sync that dies midway is retried later, not at once.
  const failed = { failures: feed.failures + 1, nextSyncAt: nextSyncAt(now, reading.syncMinutes, feed.failures + 1) };
  const succeeded = { failures: 0, nextSyncAt: nextSyncAt(now, reading.syncMinutes, 0) };
  await db
    .update(spaceCalendarImports)
    .set({ lastAttemptAt: now, ...failed })
    .where(eq(spaceCalendarImports.id, importId));
  const fail = async (message: string) => {
    log.warn({ importId, reason: message }, 'calendar import: the feed could not be read');
    await db.update(spaceCalendarImports).set({ lastError: message }).where(eq(spaceCalendarImports.id, importId));
    return false;
  };
  try {
    const answer = await fetchFeed({ url: feed.url, etag: feed.etag, lastModified: feed.lastModified, ...reading });
    if (answer.unchanged) {
      await db
        .update(spaceCalendarImports)
        .set({ lastSyncedAt: new Date(), lastError: null, ...succeeded })
        .where(eq(spaceCalendarImports.id, importId));
      return true;
    }
    const horizonDays = feed.schedule?.maxAdvanceDays ?? DEFAULT_IMPORT_HORIZON_DAYS;
    const { busy, skipped } = busyTimesOfFeed(answer.text, {
      from: now,
      to: new Date(now.getTime() + horizonDays * DAY_MS),
      timeZone: feed.timeZone,
    });
    await db.transaction(async (tx) => {
      await lockSpaceRow(tx, feed.spaceId);
      // A feed removed meanwhile stays removed: the update finds nothing and nothing is inserted.
      const [still] = await tx
        .update(spaceCalendarImports)
        .set({
          etag: answer.etag,
          lastModified: answer.lastModified,
          lastSyncedAt: new Date(),
          eventsImported: busy.length,
          eventsSkipped: skipped,
          lastError: null,
          ...succeeded,
        })
        .where(eq(spaceCalendarImports.id, importId))
        .returning({ id: spaceCalendarImports.id });
      if (!still) return;
      await replaceBusyTimes(tx, importId, feed.spaceId, busy, now);
      await recordConflicts(tx, importId, now);
    });
    log.info({ importId, busyTimes: busy.length, skipped }, 'calendar import: the feed was read');
    return true;
  } catch (error) {
    if (error instanceof FeedFetchError || error instanceof NotICalendarError) return fail(error.message);
    log.warn({ importId, reason: error instanceof Error ? error.name : 'unknown' }, 'calendar import: the sync failed');
    return fail('The calendar could not be read; it will be read again later.');
  }
}

/** Feeds read at once by one sweep. */
const SWEEP_CONCURRENCY = 8;
/** Feeds of one host read at once by one sweep. */
const SWEEP_PER_HOST = 2;
/** Feeds read per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * The sync job's run: reads every feed due (`next_sync_at` passed, or never read; ./sync-schedule.ts),
 * the longest waiting first, a few at once and fewer per host; one feed's failure never stops the others.
 * @returns how many feeds were attempted
 */
export async function syncDueCalendarImports(
  db: Database,
  { reading, log, now = new Date() }: { reading: FeedReading; log: SyncLog; now?: Date },
): Promise<number> {
  const due = await db
    .select({ id: spaceCalendarImports.id, url: spaceCalendarImports.url })
    .from(spaceCalendarImports)
    .where(or(isNull(spaceCalendarImports.nextSyncAt), lte(spaceCalendarImports.nextSyncAt, now)))
    .orderBy(sql`${spaceCalendarImports.nextSyncAt} asc nulls first`)
    .limit(SWEEP_BATCH);
  await runPerHost(
    due,
    (feed) => feedHost(feed.url),
    (feed) => syncCalendarImport(db, feed.id, reading, log, now),
    { concurrency: SWEEP_CONCURRENCY, perHost: SWEEP_PER_HOST },
  );
  return due.length;
}
