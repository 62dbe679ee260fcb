/**
 * Database connection: PostgreSQL over `DATABASE_URL` (node-postgres pool),
 * or the embedded PGlite (real Postgres in WASM) under `DATA_DIR/pglite`
 * when it is unset. Both speak the same SQL and share one migrations folder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** A Drizzle database on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Postgres `LISTEN/NOTIFY` on the open database
 * (docs/decisions/004-live-events-through-the-database-or-redis.md): every
 * app process on one database hears every notification. Channel names are
 * plain identifiers (`[a-z_][a-z0-9_]*`); payloads are at most 8000 bytes.
 */
export interface DatabaseNotifications {
  /** Calls `onPayload` for each notification on `channel`; resolves (once listening) to a function that stops. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends `payload` on `channel` (delivered when the statement's transaction commits). */
  notify(channel: string, payload: string): Promise<void>;
}

/** A PostgreSQL pool's connections now (node-postgres `totalCount`, `idleCount`, `waitingCount`). */
export interface PoolStats {
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Requests waiting for a connection: the pool is saturated. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/** What the metrics read of a database (src/server/observability/metrics.ts). */
export interface DatabaseStats {
  pool(): PoolStats;
  /**
   * Calls `listener` with the duration in seconds of each query on the pool's connections
   * (from sending it to its answer; waiting for a connection is not counted).
   * @returns a function that stops
   */
  onQuery(listener: (seconds: number) => void): () => void;
}

/** An open database with its driver's lifecycle. */
export interface DatabaseHandle extends DatabaseNotifications {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from `src/server/db/migrations`. */
  migrate(): Promise<void>;
  /**
   * node-postgres-style execution for libraries that bring their own SQL (the job queue, pg-boss):
   * with `values`, one parameterised statement; without, any number of statements (the last one's rows).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** A bare parameterised query on the same pool or client, without Drizzle (the benchmark's ceiling). */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * PGlite: a copy of the whole data directory (an uncompressed tar), for `openDatabase`'s
   * `loadDataDir`. Not on PostgreSQL (copy a database with `CREATE DATABASE ... TEMPLATE`).
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: its pool and query durations. PGlite is one in-process connection, with no pool to watch. */
  stats?: DatabaseStats;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database.
 * @param options.url a postgres:// URL; without it PGlite is used
 * @param options.dataDir where PGlite keeps its files (`<dataDir>/pglite`); `undefined` with no url means in memory
 * @param options.loadDataDir PGlite only: start from this copy of a data directory (PGlite's
 *   `dumpDataDir()`, an uncompressed tar) rather than an empty cluster; the tests start each file's
 *   database from one already migrated
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // No JIT compilation: the app's statements are short, and PostgreSQL compiles any plan whose
    // estimate passes jit_above_cost; a search by availability with a location is estimated high
    // (per-space subplans), so it would spend longer compiling than running
    // (docs/decisions/014-search-in-the-database.md).
    const max = options.poolSize ?? 10;
    const queryListeners = new Set<(seconds: number) => void>();
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      options: '-c jit=off',
      Client: timedClient(queryListeners),
    });
    // An idle connection that dies (server restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    const listener = new PgListener(options.url);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      query: async <Row>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // Several statements give one result each.
        return { rows: (Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result)?.rows ?? [] };
      },
      listen: (channel, onPayload) => listener.listen(checkChannel(channel), onPayload),
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
      },
      stats: {
        pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
        onQuery(onQuery) {
          queryListeners.add(onQuery);
          return () => void queryListeners.delete(onQuery);
        },
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // Extension order matters: pg_trgm last (docs/architecture.md#toolchain-notes).
  const client = await PGlite.create(dataPath, { extensions: { btree_gist, pg_trgm }, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      // PGlite's query() takes one statement; exec() takes several (without parameters).
      return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    },
    // PGlite is one in-process connection: LISTEN/NOTIFY works within this process.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(checkChannel(channel), onPayload);
      return () => stop();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * The pool's connection class: node-postgres's own, whose queries also tell `listeners` their
 * duration while any listen (the pool's `Client` option). Promise and callback queries are timed;
 * streamed ones (a submittable, such as a cursor) pass through untimed.
 */
function timedClient(listeners: ReadonlySet<(seconds: number) => void>): typeof pg.Client {
  const query = pg.Client.prototype.query;
  class TimedClient extends pg.Client {}
  TimedClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const run = query as (this: pg.Client, ...args: unknown[]) => unknown;
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    const ownCallback = typeof (config as { callback?: unknown } | null)?.callback === 'function';
    if (listeners.size === 0 || submittable || ownCallback) return run.call(this, config, values, callback);
    const start = performance.now();
    const observe = () => {
      const seconds = (performance.now() - start) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    const timed =
      (done: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        observe();
        done(...args);
      };
    if (typeof values === 'function') return run.call(this, config, timed(values as (...args: unknown[]) => void));
    if (typeof callback === 'function') return run.call(this, config, values, timed(callback as (...args: unknown[]) => void));
    const result = run.call(this, config, values) as Promise<unknown>;
    result.then(observe, observe);
    return result;
  } as typeof query;
  return TimedClient;
}

function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Bad notification channel name: ${channel}`);
  return channel;
}

/**
 * The dedicated connection a node-postgres process LISTENs on (a pooled
 * connection cannot hold a LISTEN). Opened on first use; when it is lost it
 * reconnects (1 s, 2 s, ... up to 30 s) and listens again on every channel.
 * Notifications sent while it was away are lost: clients refresh on reconnect.
 */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onPayload);
    const client = await this.connect();
    if (set.size === 1) await client.query(`LISTEN ${channel}`);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        if (this.client && !this.closed) await this.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
      } catch (error) {
        this.connecting = null;
        throw error;
      }
      this.client = client;
      this.connecting = null;
      this.failures = 0;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    console.warn(`PostgreSQL LISTEN connection lost${error ? `: ${error.message}` : ''}; reconnecting.`);
    this.client = null;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(30_000, 1000 * 2 ** this.failures++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect()
        .then(async (client) => {
          for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
        })
        .catch(() => this.scheduleReconnect());
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client ?? (this.connecting ? await this.connecting.catch(() => null) : null);
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint (or unique index) a database error names, looking through Drizzle's wrapper. */
export function sqlConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATEs we turn into 409s. */
export const SQLSTATE = { uniqueViolation: '23505', exclusionViolation: '23P01' } as const;
