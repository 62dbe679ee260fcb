/**
 * The Prometheus metrics (prom-client), collected only when `METRICS_PORT` or `METRICS_TOKEN` is
 * set (docs/operations.md, "Metrics, probes and request ids"):
 *
 * - HTTP: requests by route pattern (`/api/spaces/:id`, never the URL), method and status class,
 *   and their durations;
 * - the database: on PostgreSQL, the pool's connections and each query's duration (PGlite has no
 *   pool to watch);
 * - jobs: per queue, the jobs ready to run, those scheduled for later and how long the oldest
 *   ready one has waited (read from the queue's table at each scrape, so every instance reports
 *   the same figures), and the runs of this process by outcome;
 * - mail: sends by outcome, and the backlog (emails due and not yet sent, read from the email
 *   queues at each scrape); live: the WebSocket connections of this instance;
 * - Node: prom-client's default metrics (event loop lag, heap, GC), once per process.
 *
 * Each app has its own registry, so that tests building several apps in one process count apart.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabaseStats } from '../db/client';
import { JOB_CATALOG, messageEmailJob, sendAccountEmailJob, sendNotificationEmailJob } from '../jobs/catalog';
import { JOB_SCHEMA, type JobRunListener } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';

/** The route label of a request no route matched (404s): URLs are never labels, so that series stay few. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | null = null;

/**
 * The process's own metrics (event loop lag, heap, GC, CPU): one set however many apps the process
 * builds, as prom-client's collectors watch the process and are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The queues whose jobs each send an email: their ready jobs are the mail backlog. */
const EMAIL_QUEUES = [sendNotificationEmailJob.name, sendAccountEmailJob.name, messageEmailJob.name];

/** One row of the jobs query: a queue's waiting jobs. */
interface QueueRow {
  name: string;
  ready: number;
  scheduled: number;
  oldest_ready_seconds: number | null;
}

/** What the job gauges show: each catalog queue's figures, read once per scrape. */
type QueueFigures = Map<string, { ready: number; scheduled: number; oldestReadySeconds: number }>;

/** Where a log line goes when the jobs query fails. */
interface MetricsLog {
  warn(object: unknown, message: string): void;
}

/** The metrics of one app (see the module's comment). */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly requestDuration: Histogram<'method' | 'route'>;
  private readonly jobRuns: Counter<'queue' | 'outcome'>;
  private readonly mailSends: Counter<'outcome'>;
  private sockets: { readonly connectionCount: number } | null = null;
  private queueFigures: Promise<QueueFigures | null> | null = null;
  private readonly stopQueryTimer: (() => void) | null = null;

  /**
   * @param options.db the database the job gauges are read from
   * @param options.databaseStats the PostgreSQL pool's figures and query durations; absent on PGlite
   * @param options.log where a failed read of the job gauges is told
   */
  constructor(options: { db: Database; databaseStats?: DatabaseStats; log: MetricsLog }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, 5xx...).',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Job runs of this process that ended, by queue and outcome (completed; retry: failed, to be retried; failed: for good).',
      labelNames: ['queue', 'outcome'],
      registers,
    });
    this.mailSends = new Counter({
      name: 'mail_sends_total',
      help: 'Emails this process handed to the mailer, by outcome (sent over SMTP; kept in the outbox without SMTP; failed).',
      labelNames: ['outcome'],
      registers,
    });
    const openSockets = () => this.sockets?.connectionCount ?? 0;
    new Gauge({
      name: 'live_socket_connections',
      help: 'WebSocket connections open on this instance.',
      registers,
      collect() {
        this.set(openSockets());
      },
    });
    this.registerJobGauges(options.db, options.log);
    if (options.databaseStats) this.stopQueryTimer = this.registerDatabaseMetrics(options.databaseStats);
  }

  /** Counts and times every answer of `app` by its route pattern (an `onResponse` hook). */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const method = request.method;
      this.requests.inc({ method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      this.requestDuration.observe({ method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** Counts the end of each job run (`JobWorkers`' `onRunEnd`). */
  readonly jobRunEnded: JobRunListener = (queue, outcome) => this.jobRuns.inc({ queue, outcome });

  /** `mailer`, with each send counted by outcome. */
  countMail(mailer: Mailer): Mailer {
    const count = this.mailSends;
    return {
      mode: mailer.mode,
      async send(...args) {
        try {
          const outcome = await mailer.send(...args);
          count.inc({ outcome });
          return outcome;
        } catch (error) {
          count.inc({ outcome: 'failed' });
          throw error;
        }
      },
      close: () => mailer.close(),
    };
  }

  /** Reports the open sockets of `hub` as `live_socket_connections`. */
  watchSockets(hub: { readonly connectionCount: number }): void {
    this.sockets = hub;
  }

  /** The exposition text: this app's metrics and the process's. */
  text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  /** The exposition's content type (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Stops timing the database's queries. */
  close(): void {
    this.stopQueryTimer?.();
  }

  private registerDatabaseMetrics(stats: DatabaseStats): () => void {
    const registers = [this.registry];
    const poolGauge = (name: string, help: string, read: (pool: ReturnType<DatabaseStats['pool']>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(stats.pool()));
        },
      });
    poolGauge('db_pool_connections', 'PostgreSQL connections the pool holds open (idle and in use).', (pool) => pool.total);
    poolGauge('db_pool_idle_connections', 'PostgreSQL connections of the pool that are idle.', (pool) => pool.idle);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a free connection of the pool (above 0: it is saturated).',
      (pool) => pool.waiting,
    );
    poolGauge('db_pool_max_connections', 'The most connections the pool opens.', (pool) => pool.max);
    const queries = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Time from sending a query to PostgreSQL to its answer (waiting for a connection not counted).',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    return stats.onQuery((seconds) => queries.observe(seconds));
  }

  private registerJobGauges(db: Database, log: MetricsLog): void {
    const registers = [this.registry];
    // The three gauges are collected at once (prom-client collects every metric in parallel):
    // they share one query per scrape.
    const figures = () => {
      this.queueFigures ??= readQueueFigures(db)
        .catch((error: unknown) => {
          log.warn({ err: error }, 'metrics: could not read the job queues');
          return null;
        })
        .finally(() => {
          this.queueFigures = null;
        });
      return this.queueFigures;
    };
    const queueGauge = (name: string, help: string, read: (queue: NonNullable<ReturnType<QueueFigures['get']>>) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers,
        async collect() {
          const queues = await figures();
          // A failed read shows no figures rather than stale ones.
          this.reset();
          for (const [queue, values] of queues ?? []) this.set({ queue }, read(values));
        },
      });
    queueGauge('job_queue_ready', 'Jobs waiting to run whose time has come, by queue.', (queue) => queue.ready);
    queueGauge('job_queue_scheduled', 'Jobs waiting for a later time (reminders, expiries), by queue.', (queue) => queue.scheduled);
    queueGauge(
      'job_queue_oldest_ready_age_seconds',
      'How long the oldest ready job has waited since its time came, by queue (0 when none waits).',
      (queue) => queue.oldestReadySeconds,
    );
    new Gauge({
      name: 'mail_backlog',
      help: 'Emails due and not yet sent (ready jobs of the email queues, retries included), across instances.',
      registers,
      async collect() {
        const queues = await figures();
        if (!queues) return this.reset();
        this.set(EMAIL_QUEUES.reduce((sum, name) => sum + (queues.get(name)?.ready ?? 0), 0));
      },
    });
  }
}

/**
 * Each catalog queue's waiting jobs: one query on pg-boss's job table, through its index of
 * waiting jobs (`state < 'active'`: created and retry).
 */
async function readQueueFigures(db: Database): Promise<QueueFigures> {
  const result = await db.execute(sql`
    select name,
           count(*) filter (where start_after <= now())::int as ready,
           count(*) filter (where start_after > now())::int as scheduled,
           extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8 as oldest_ready_seconds
      from ${sql.raw(JOB_SCHEMA)}.job
     where state < 'active'
     group by name`);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as QueueRow[];
  const figures: QueueFigures = new Map(JOB_CATALOG.map((job) => [job.name, { ready: 0, scheduled: 0, oldestReadySeconds: 0 }]));
  for (const row of rows)
    figures.set(row.name, {
      ready: Number(row.ready),
      scheduled: Number(row.scheduled),
      oldestReadySeconds: Math.max(0, Number(row.oldest_ready_seconds ?? 0)),
    });
  return figures;
}
