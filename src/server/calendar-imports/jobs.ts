/** The imported calendars' sync job (./service.ts `syncDueCalendarImports`), every minute, once across instances. */
import { calendarImportsSyncJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import type { Database } from '../db/client';
import { syncDueCalendarImports, type FeedReading, type SyncLog } from './service';

/** Registers the sync of imported calendars on `workers`. */
export function registerCalendarImportJobs(
  workers: JobWorkers,
  { db, log, reading }: { db: Database; log: SyncLog; reading: FeedReading },
) {
  workers.work(calendarImportsSyncJob, async () => {
    await syncDueCalendarImports(db, { reading, log });
  });
}
