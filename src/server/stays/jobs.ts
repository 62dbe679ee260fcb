/**
 * The day of the stay's job (src/server/jobs/catalog.ts), registered on this instance's workers by
 * app.ts: the sweep that tells renters of the next clinician waiting.
 */
import type { Database } from '../db/client';
import { nextClinicianSweepJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import { sweepNextClinician } from './next-clinician';

/** Registers the day of the stay's job handlers on `workers`. */
export function registerStayJobs(workers: JobWorkers, { db }: { db: Database }): void {
  workers.work(nextClinicianSweepJob, async () => {
    await sweepNextClinician(db);
  });
}
