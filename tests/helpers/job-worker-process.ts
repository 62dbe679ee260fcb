/**
 * A worker process for tests/api/jobs.test.ts: opens the PostgreSQL database of argv[2], works the
 * `expire-booking` queue with a handler that prints `started <job id>` and never finishes, so the
 * test can kill the process in the middle of a run.
 */
import { openDatabase } from '../../src/server/db/client';
import { expireBookingJob } from '../../src/server/jobs/catalog';
import { JobWorkers } from '../../src/server/jobs/queue';

const database = await openDatabase({ url: process.argv[2], poolSize: 2 });
const workers = new JobWorkers(database, console, { pollingIntervalSeconds: 0.5 });
workers.work(expireBookingJob, async (job) => {
  console.log(`started ${job.id}`);
  await new Promise(() => {});
});
await workers.start();
console.log('ready');
