/**
 * The job queue (docs/decisions/023-durable-jobs.md): pg-boss on the app's own database, on
 * PostgreSQL and on the embedded PGlite alike, through the database handle's `executeSql`.
 *
 * - `prepareDatabase` applies the migrations, installs pg-boss's schema and creates every queue
 *   of the catalog.
 * - `enqueue` adds a job within the caller's transaction: a rolled-back change enqueues nothing,
 *   a committed one is never lost.
 * - `JobWorkers` runs the handlers: each queue up to its `concurrency` jobs at once, taking the next
 *   as soon as a run ends while the queue has work (a drained queue is looked at again each polling
 *   interval). Jobs are taken with `FOR UPDATE SKIP LOCKED`, so with any
 *   number of app instances on one database each job runs once; cron schedules enqueue once a
 *   slot across instances. A failed run is retried with the queue's backoff; after the last
 *   retry the job stays `failed` in `pgboss.job` with its error (`npm run jobs:failed` lists them).
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
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

/**
 * The key of a job's data under which the trace that enqueued it travels (W3C `traceparent` and
 * `tracestate`), when tracing is on (src/server/observability/tracing.ts); handlers never see it.
 */
export const TRACE_CONTEXT_KEY = '_traceContext';

/** `data` with the active trace's context under {@link TRACE_CONTEXT_KEY}; `data` itself when there is none (tracing off). */
function withTraceContext<Data extends object>(data: Data): Data {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...data, [TRACE_CONTEXT_KEY]: carrier } : data;
}

const tracer = trace.getTracer('clinicshare-jobs');

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
  return sender.send(definition.name, withTraceContext(data), {
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

type FetchedJob = PgBoss.JobWithMetadata<object> & { expireInSeconds?: number };

/** How a run ended: done, failed with a retry to come, or failed for good (its last attempt). */
export type JobRunOutcome = 'completed' | 'retry' | 'failed';

/** Told of each run's end (the metrics' counts, src/server/observability/metrics.ts). */
export type JobRunListener = (queue: string, outcome: JobRunOutcome) => void;

/**
 * One queue's runs in this process: up to `definition.concurrency` at once. While the queue has
 * work it takes the next job as soon as a run ends (never a polling interval between jobs); when
 * a look finds fewer jobs than free slots, the queue is drained and the next look is one polling
 * interval later. Jobs are fetched with pg-boss (`FOR UPDATE SKIP LOCKED`), so each runs once
 * across instances, and each run is completed or failed on its own.
 */
class QueueRunner {
  private readonly runs = new Map<string, Promise<void>>();
  /** Runs given up by a stop: their end is not recorded (the job was failed into a retry). */
  private readonly abandoned = new Set<string>();
  private stopping = false;
  /** A run ended (or a stop came) since the loop last looked: look again at once. */
  private signalled = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly registered: Registered,
    private readonly pollingIntervalMs: number,
    private readonly log: JobLog,
    private readonly track: <T>(work: Promise<T>) => Promise<T>,
    private readonly onRunEnd: JobRunListener | undefined,
  ) {}

  /** The queue's name. */
  get name(): string {
    return this.registered.definition.name;
  }

  start(): void {
    this.loop = this.run();
  }

  /** Stops taking jobs; resolves once the loop has stopped looking (runs may still be going). */
  async stopTaking(): Promise<void> {
    this.stopping = true;
    this.signal();
    await this.loop;
  }

  /** Waits for the runs in progress until `deadline` (epoch ms). */
  async drain(deadline: number): Promise<void> {
    while (this.runs.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([...this.runs.values(), new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
      clearTimeout(timer);
    }
  }

  /**
   * Gives up the runs still going: they are failed (retried later, here or elsewhere), and whatever
   * they end with is no longer recorded.
   */
  async abandon(): Promise<void> {
    const ids = [...this.runs.keys()].filter((id) => !this.abandoned.has(id));
    if (ids.length === 0) return;
    for (const id of ids) this.abandoned.add(id);
    for (const id of ids) {
      await this.boss.fail(this.name, id, { message: 'the workers stopped while the job was running' }).catch((error: unknown) => {
        this.log.error({ err: error, queue: this.name, jobId: id }, 'job queue error: could not fail a run cut off by a stop');
      });
    }
  }

  private signal(): void {
    this.signalled = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    const concurrency = this.registered.definition.concurrency ?? 1;
    while (!this.stopping) {
      this.signalled = false;
      const free = concurrency - this.runs.size;
      let more = free === 0;
      if (free > 0) {
        let jobs: FetchedJob[] = [];
        try {
          jobs = (await this.boss.fetch<object>(this.name, { batchSize: free, includeMetadata: true, priority: true })) as FetchedJob[];
        } catch (error) {
          this.log.error({ err: error, queue: this.name }, 'job queue error: could not fetch jobs');
        }
        for (const job of jobs ?? []) this.launch(job);
        // Every free slot found a job: there may be more waiting for the next slot to free.
        more = (jobs?.length ?? 0) === free;
      }
      if (this.stopping) break;
      await this.pause(more ? null : this.pollingIntervalMs);
    }
  }

  /** Waits for a signal (a run ended, a stop), or `ms` milliseconds when given. */
  private async pause(ms: number | null): Promise<void> {
    if (this.signalled) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      if (ms !== null) timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.wake = null;
  }

  private launch(job: FetchedJob): void {
    const { definition, handler } = this.registered;
    const { [TRACE_CONTEXT_KEY]: carrier, ...data } = job.data as Record<string, unknown>;
    const running: RunningJob<object> = {
      id: job.id,
      data,
      retryCount: job.retryCount,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const limitMs = (job.expireInSeconds ?? definition.expireInSeconds) * 1000;
    // The run is a span of the trace that enqueued the job (a new trace for a cron job); its queries are its children.
    const parent = carrier && typeof carrier === 'object' ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
    const span = tracer.startSpan(
      `job ${this.name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': this.name, 'messaging.message.id': job.id },
      },
      parent,
    );
    const run = context.with(trace.setSpan(parent, span), async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        // A run past its time limit counts as failed here too (pg-boss fails it by timeout as well).
        const limit = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`job timed out after ${limitMs / 1000} s`)), limitMs);
        });
        await Promise.race([this.track(handler(running)), limit]);
        clearTimeout(timer);
        if (!this.abandoned.has(job.id)) {
          await this.boss.complete(this.name, job.id);
          this.onRunEnd?.(this.name, 'completed');
        }
      } catch (error) {
        clearTimeout(timer);
        if (this.abandoned.has(job.id)) return;
        this.onRunEnd?.(this.name, running.lastAttempt ? 'failed' : 'retry');
        const details = { err: error, queue: this.name, jobId: job.id, retryCount: job.retryCount };
        if (running.lastAttempt) this.log.error(details, 'job failed for good: it stays failed in the queue');
        else this.log.warn(details, 'job failed: it will be retried');
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        await this.boss.fail(this.name, job.id, error as object).catch((failError: unknown) => {
          this.log.error({ err: failError, queue: this.name, jobId: job.id }, 'job queue error: could not record a failed run');
        });
      } finally {
        span.end();
      }
    });
    this.runs.set(job.id, run);
    void run.finally(() => {
      this.runs.delete(job.id);
      this.abandoned.delete(job.id);
      this.signal();
    });
  }
}

/**
 * The workers of this process: a {@link QueueRunner} per queue with a handler (each running up to
 * its queue's `concurrency` jobs at once), plus the cron schedules.
 */
export class JobWorkers {
  private readonly registered: Registered[] = [];
  private boss: PgBoss | null = null;
  private runners: QueueRunner[] = [];
  /**
   * Statements pg-boss has under way plus handlers running: `stop()` waits for this to reach zero
   * so the database is never closed under them.
   */
  private inFlight = 0;

  /**
   * @param options.pollingIntervalSeconds how often a worker whose queue is drained looks for jobs
   *   again (default 2 s; at least 0.5); while a queue has work, the next job is taken at once
   * @param options.maintenanceIntervalSeconds how often (once across instances) runs that outlived their
   *   queue's `expireInSeconds` (their process died) are failed into a retry, and old jobs archived (default 120 s)
   * @param options.onRunEnd told of the end of each run in this process (the metrics)
   */
  constructor(
    private readonly handle: Pick<DatabaseHandle, 'executeSql'>,
    private readonly log: JobLog,
    private readonly options: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number; onRunEnd?: JobRunListener } = {},
  ) {}

  /**
   * Runs `handler` for each job of `definition` once started, up to `definition.concurrency` at
   * once. A handler that throws fails the run (retried by the queue's policy). Register before `start()`.
   */
  work<Data extends object>(definition: JobDefinition<Data>, handler: (job: RunningJob<Data>) => Promise<void>): void {
    if (this.boss) throw new Error('Register job handlers before starting the workers');
    this.registered.push({ definition, handler: handler as (job: RunningJob<object>) => Promise<void> });
  }

  /** Starts working every registered queue and the cron schedules. */
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
    const pollingIntervalMs = Math.max(0.5, this.options.pollingIntervalSeconds ?? 2) * 1000;
    for (const registered of this.registered) {
      if (registered.definition.cron) await boss.schedule(registered.definition.name, registered.definition.cron, {}, { tz: 'UTC' });
      const queueIntervalMs = (registered.definition.pollingIntervalSeconds ?? Infinity) * 1000;
      const runner = new QueueRunner(
        boss,
        registered,
        Math.min(pollingIntervalMs, queueIntervalMs),
        this.log,
        (work) => this.track(work),
        this.options.onRunEnd,
      );
      this.runners.push(runner);
      runner.start();
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
    const runners = this.runners;
    this.runners = [];
    await Promise.all(runners.map((runner) => runner.stopTaking()));
    await Promise.all(runners.map((runner) => runner.drain(deadline)));
    await boss.stop({ graceful: false, close: false });
    // A run that ends just after the wait, each run's completion statement and pg-boss's own
    // statements under way: let them settle before the database may be closed.
    while (this.inFlight > 0 && Date.now() < deadline + 1_000) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(runners.map((runner) => runner.abandon()));
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

/**
 * Marks every job of `definition` still waiting to run (`created` or `retry`) as completed without
 * running it, within `tx`, with `output` as its recorded result.
 * @returns how many jobs were marked
 */
export async function completeWaitingJobs(
  tx: Database,
  definition: JobDefinition<object>,
  output: Record<string, unknown>,
): Promise<number> {
  const result = await tx.execute(
    sql`update ${sql.raw(JOB_SCHEMA)}.job set state = 'completed', completed_on = now(), output = ${JSON.stringify(output)}::jsonb
        where name = ${definition.name} and state in ('created', 'retry') returning id`,
  );
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).length;
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
