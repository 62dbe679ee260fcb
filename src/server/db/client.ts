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

/** An open database with its driver's lifecycle. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from `src/server/db/migrations`. */
  migrate(): Promise<void>;
  /** A bare parameterised query on the same pool or client, without Drizzle (the benchmark's ceiling). */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database.
 * @param options.url a postgres:// URL; without it PGlite is used
 * @param options.dataDir where PGlite keeps its files (`<dataDir>/pglite`); `undefined` with no url means in memory
 */
export async function openDatabase(options: { url?: string; dataDir?: string; poolSize?: number }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that dies (server restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      query: async <Row,>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as Row[],
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // Extension order matters: pg_trgm last (STACK-NOTES).
  const client = await PGlite.create(dataPath, { extensions: { btree_gist, pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    query: async <Row,>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    close: () => client.close(),
  };
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

/** SQLSTATEs we turn into 409s. */
export const SQLSTATE = { uniqueViolation: '23505', exclusionViolation: '23P01' } as const;
