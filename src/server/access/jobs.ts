/**
 * A booking's way in: its jobs (src/server/jobs/catalog.ts), registered on this instance's workers
 * by app.ts: the door code's sync with the booking, and the reveal to the renter.
 */
import type { Database } from '../db/client';
import { revealAccessJob, syncAccessCodeJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import type { LockProvider } from './provider';
import { revealAccess } from './service';
import { syncAccessCode } from './sync';

/** Registers the access jobs' handlers on `workers`. */
export function registerAccessJobs(workers: JobWorkers, { db, locks }: { db: Database; locks: LockProvider }): void {
  workers.work(syncAccessCodeJob, async ({ data }) => {
    await syncAccessCode(db, locks, data.bookingId);
  });
  workers.work(revealAccessJob, async ({ data }) => {
    await revealAccess(db, data.bookingId);
  });
}
