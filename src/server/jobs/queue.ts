/**
 * The job queue (docs/decisions/023-durable-jobs.md): pg-boss on the app's own database, on
 * PostgreSQL and on the embedded PGlite alike, through the database handle's `executeSql`.
 *
 * - `prepareDatabase` applies the migrations, installs pg-boss's schema and creates every queue
 *   of the catalog.
 * - `enqueue` adds a job within the caller's transaction: a rolled-back change enqueues nothing,
 *   a committed one is never lost.
 * - `JobWorkers` runs the handlers: workers take jobs with `FOR UPDATE SKIP LOCKED`, so with any
 *   number of app instances on one database each job runs once; cron schedules enqueue once a
 *   slot across instances. A failed run is retried with the queue's backoff; after the last
 *   retry the job stays `failed` in `pgboss.job` with its error (`npm run jobs:failed` lists them).
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import { JOB_CATALOG, type JobDefinition } from './catalog';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

type Executor = PgBoss.Db;

/** The queue's options as pg-boss takes them. */
function queueOptions(definition: JobDefinition<object>): PgBoss.Queue {
  return {
    name: definition.name,
    policy: definition.policy,
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelay,
    retryBackoff: definition.retryBackoff,
    expireInSeconds: definition.expireInSeconds,
  };
}

/**
 * Applies the migrations, then installs (or upgrades) pg-boss's schema and creates the queues
 * of the catalog, updating the retry policy of existing ones. Safe to run from several
 * instances at once (pg-boss takes an advisory lock; queues are created `ON CONFLICT DO NOTHING`).
 */
export async function prepareDatabase(handle: Pick<DatabaseHandle, 'migrate' | 'executeSql'>): Promise<void> {
  await handle.migrate();
  const boss = new PgBoss({ db: handle, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  try {
    for (const definition of JOB_CATALOG) {
      const existing = await boss.getQueue(definition.name);
      if (!existing) await boss.createQueue(definition.name, queueOptions(definition));
      else await boss.updateQueue(definition.name, queueOptions(definition));
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * A pg-boss `Db` that runs its statements through a Drizzle database or transaction: `$n`
 * placeholders become Drizzle parameters (each occurrence its own), so the insert joins the
 * caller's transaction on either driver.
 */
function drizzleExecutor(tx: Database): Executor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
      const result = await tx.execute(sql.join(chunks));
      return { rows: (result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]) };
    },
  };
}

/**
 * Builds jobs' insert statements; never connects by itself (every send passes the caller's
 * transaction as its `db`).
 */
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('A job is enqueued within a transaction: pass it to enqueue()')),
  },
  schema: JOB_SCHEMA,
});

/** When and how a job is enqueued. */
export interface EnqueueOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /**
   * At most one queued job with this key (`stately` queues), or, with `singletonSeconds`, one per
   * key per time slot of that many seconds: a second enqueue in the slot adds nothing.
   */
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * Enqueues a job of `definition` within `tx` (a transaction or the database).
 * @returns the job's id, or null when a singleton rule kept it out (one is queued already)
 */
export async function enqueue<Data extends object>(
  tx: Database,
  definition: JobDefinition<Data>,
  data: Data,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return sender.send(definition.name, data, {
    db: drizzleExecutor(tx),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
  });
}

/** A job as its handler sees it. */
export interface RunningJob<Data> {
  id: string;
  data: Data;
  /** 0 on the first run. */
  retryCount: number;
  /** Whether this is the last run the queue allows (a failure now leaves the job `failed`). */
  lastAttempt: boolean;
}

/** Where job failures are told. */
export interface JobLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

interface Registered {
  definition: JobDefinition<object>;
  handler: (job: RunningJob<object>) => Promise<void>;
}

/** The workers of this process: one per queue with a handler, plus the cron schedules. */
export class JobWorkers {
  private readonly registered: Registered[] = [];
  private boss: PgBoss | null = null;
  /**
   * Statements pg-boss has under way plus handlers running. pg-boss does not await the statement
   * that completes or fails a run, nor a fetch in flight, before its `stop()` resolves; `stop()`
   * waits for this to reach zero so the database is never closed under them.
   */
  private inFlight = 0;

  /**
   * @param options.pollingIntervalSeconds how often an idle worker looks for jobs (default 2 s; at least 0.5)
   * @param options.maintenanceIntervalSeconds how often (once across instances) runs that outlived their
   *   queue's `expireInSeconds` (their process died) are failed into a retry, and old jobs archived (default 120 s)
   */
  constructor(
    private readonly handle: Pick<DatabaseHandle, 'executeSql'>,
    private readonly log: JobLog,
    private readonly options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number } = {},
  ) {}

  /**
   * Runs `handler` for each job of `definition` once started. A handler that throws fails the
   * run (retried by the queue's policy). Register before `start()`.
   */
  work<Data extends object>(definition: JobDefinition<Data>, handler: (job: RunningJob<Data>) => Promise<void>): void {
    if (this.boss) throw new Error('Register job handlers before starting the workers');
    this.registered.push({ definition, handler: handler as (job: RunningJob<object>) => Promise<void> });
  }

  /** Starts polling every registered queue and the cron schedules. */
  async start(): Promise<void> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.track(this.handle.executeSql(text, values)) },
      schema: JOB_SCHEMA,
      supervise: true,
      schedule: true,
      migrate: false,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 120,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    for (const { definition, handler } of this.registered) {
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      await boss.work(definition.name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        const running: RunningJob<object> = {
          id: job.id,
          data: job.data as object,
          retryCount: job.retryCount,
          lastAttempt: job.retryCount >= job.retryLimit,
        };
        try {
          await this.track(handler(running));
        } catch (error) {
          const details = { err: error, queue: definition.name, jobId: job.id, retryCount: job.retryCount };
          if (running.lastAttempt) this.log.error(details, 'job failed for good: it stays failed in the queue');
          else this.log.warn(details, 'job failed: it will be retried');
          throw error;
        }
      });
    }
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` (default 10 s) for runs in progress; a run still
   * going then is marked failed and retried later (here or on another instance).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (!boss) return;
    const deadline = Date.now() + timeoutMs;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    // A fetch that was in flight may still start a handler, and each finished run's completion
    // statement is sent after pg-boss stopped waiting: let them all settle.
    while (this.inFlight > 0 && Date.now() < deadline + 1_000) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await work;
    } finally {
      this.inFlight -= 1;
    }
  }
}

/** A job that ran out of retries. */
export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  /** The last run's error message. */
  error: string;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

/**
 * The jobs that failed for good, newest first, from the live table and the archive (pg-boss
 * archives finished jobs after a while). `npm run jobs:failed` prints them.
 */
export async function listFailedJobs(handle: Pick<DatabaseHandle, 'executeSql'>, limit = 100): Promise<FailedJob[]> {
  const { rows } = await handle.executeSql(
    `select id, name, data, output, retry_count, created_on, completed_on from (
       select id, name, data, output, retry_count, created_on, completed_on from ${JOB_SCHEMA}.job where state = 'failed'
       union all
       select id, name, data, output, retry_count, created_on, completed_on from ${JOB_SCHEMA}.archive where state = 'failed'
     ) as failed order by completed_on desc nulls last limit $1`,
    [limit],
  );
  return (rows as Record<string, unknown>[]).map((row) => {
    const output = row.output as { message?: unknown; value?: { message?: unknown } } | null;
    return {
      id: String(row.id),
      queue: String(row.name),
      data: row.data,
      error: String(output?.message ?? output?.value?.message ?? 'unknown error'),
      retryCount: Number(row.retry_count),
      createdOn: new Date(row.created_on as string),
      completedOn: row.completed_on ? new Date(row.completed_on as string) : null,
    };
  });
}
