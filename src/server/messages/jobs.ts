/** The messages' jobs (src/server/jobs/catalog.ts), registered on this instance's workers by app.ts. */
import type { Database } from '../db/client';
import { messageEmailJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import { runMessageEmail } from './message-emails';

/** Registers the new-message email job (see ./message-emails.ts) on `workers`. */
export function registerMessageJobs(workers: JobWorkers, { db }: { db: Database }): void {
  workers.work(messageEmailJob, async ({ data }) => {
    await runMessageEmail(db, data);
  });
}
