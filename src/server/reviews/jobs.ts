/**
 * The reviews' job (src/server/jobs/catalog.ts), registered on this instance's workers by app.ts:
 * the sweep that invites both sides of ended stays to review them and reminds them once.
 */
import type { Database } from '../db/client';
import { reviewSweepJob } from '../jobs/catalog';
import type { JobLog, JobWorkers } from '../jobs/queue';
import { sweepReviewInvitations } from './invitations';

/** Registers the reviews' job handlers on `workers`. */
export function registerReviewJobs(
  workers: JobWorkers,
  { db, log }: { db: Database; log: JobLog & { info(object: unknown, message: string): void } },
): void {
  workers.work(reviewSweepJob, async () => {
    const summary = await sweepReviewInvitations(db);
    if (Object.values(summary).some((count) => count > 0)) log.info(summary, 'review invitations');
  });
}
