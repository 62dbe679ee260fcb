/**
 * `npm run jobs:failed`: lists the jobs that ran out of retries (newest first) with their error, on
 * DATABASE_URL or the embedded PGlite under DATA_DIR (docs/decisions/023-durable-jobs.md).
 */
import { openDatabase } from '../src/server/db/client';
import { listFailedJobs, prepareDatabase } from '../src/server/jobs/queue';
import { loadEnvironment } from '../src/server/environment';

const config = loadEnvironment();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database);
const failed = await listFailedJobs(database);
await database.close();
if (failed.length === 0) console.log('No failed jobs.');
for (const job of failed) {
  console.log(
    `${job.completedOn?.toISOString() ?? '-'}  ${job.queue}  ${job.id}  after ${job.retryCount} retries: ${job.error}  ${JSON.stringify(job.data)}`,
  );
}
