/**
 * A fresh application on a fresh real database for one test file: PGlite in
 * memory by default, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL when the project says TEST_DB=postgres.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/auth/session';
import { loadConfig, type Config } from '../../src/server/config';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { prepareDatabase } from '../../src/server/jobs/queue';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseNotifications } from '../../src/server/db/client';
import { FACTORY_PASSWORD, insertUser, type NewUser } from '../factories/db';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  kind: 'pglite' | 'postgres';
  /** The test database's URL on PostgreSQL (for a second instance); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** LISTEN/NOTIFY on the test database (the app's own handle). */
  notifications: DatabaseNotifications;
  /** The open database's handle (bare SQL: `query`, `executeSql`). */
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A new database for this file: a copy of the project's prepared one (tests/api/global-setup.ts)
 * when there is one, else an empty one (prepareDatabase then migrates it).
 */
async function openTestDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres') {
    const template = inject('pgliteTemplate');
    const handle = await openDatabase(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    return { handle, drop: async () => {} };
  }
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(url, 'clinicshare_t', { template: inject('postgresTemplate') || undefined });
  const handle = await openDatabase({ url: scratch.url, poolSize: 25 });
  return { handle, url: scratch.url, drop: scratch.drop };
}

/** Throttling limits high enough that tests logging in and signing up many times are not refused (tests/api/abuse.test.ts checks them). */
const THROTTLE_LIMITS = {
  LOGIN_FAILURES_PER_ACCOUNT: '1000',
  LOGIN_FAILURES_ACCOUNT_CEILING: '1000',
  LOGIN_FAILURES_PER_ADDRESS: '1000',
  REGISTRATIONS_PER_ADDRESS: '1000',
};

/**
 * What production needs to start on demo payments (docs/operations.md, "Deploy to production"): an app built with
 * NODE_ENV=production runs as a public demo would, unless the test says otherwise.
 */
const productionDemo = (env: Record<string, string>) =>
  env.NODE_ENV === 'production' ? { ALLOW_DEMO_IN_PRODUCTION: 'true', PUBLIC_URL: 'https://clinicshare.test' } : {};

/**
 * Builds the app on a migrated, empty database. `env` overrides configuration variables.
 * @param options.jobs run the job workers (polling every half second), as `npm start` does; off by
 *   default, where tests call the job functions themselves
 * @param options.logTo log as production does (JSON lines at LOG_LEVEL), into this stream; no log by default
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { jobs?: boolean; logTo?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENTS: 'demo', ...THROTTLE_LIMITS, ...productionDemo(env), ...env });
  const { handle, url, drop } = await openTestDatabase();
  await prepareDatabase(handle);
  const app = await buildApp({
    config,
    db: handle.db,
    notifications: handle,
    databaseStats: handle.stats,
    ...(options.logTo ? { logger: { destination: options.logTo } } : {}),
    ...(options.jobs ? { jobs: { handle, pollingIntervalSeconds: 0.5 } } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    config,
    kind: handle.kind,
    databaseUrl: url,
    notifications: handle,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The session cookie header value from a login/register answer, under the name the app
 * gave it (`__Host-clinicshare_session` in production, `clinicshare_session` otherwise).
 */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE || c.name === SECURE_SESSION_COOKIE);
  if (!cookie) throw new Error(`No session cookie in ${response.statusCode} answer: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Inserts a user and logs them in; returns the user row and a cookie header. */
export async function signedInUser(t: TestApp, overrides: NewUser = {}) {
  const user = await insertUser(t.db, overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: overrides.password ?? FACTORY_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { user, cookie: sessionCookie(response) };
}

/**
 * A second app instance on the same PostgreSQL database as `t`, with its own
 * pool and LISTEN connection, as another process would have
 * (docs/decisions/004-live-events-through-the-database-or-redis.md).
 * @throws Error on PGlite, where two instances cannot share one database
 */
export async function createPeerApp(
  t: TestApp,
  env: Record<string, string> = {},
  options: { jobs?: boolean } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!t.databaseUrl) throw new Error('A second instance needs PostgreSQL (TEST_DB=postgres)');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    PAYMENTS: 'demo',
    ...THROTTLE_LIMITS,
    ...productionDemo(env),
    ...env,
  });
  const handle = await openDatabase({ url: t.databaseUrl, poolSize: 5 });
  const app = await buildApp({
    config,
    db: handle.db,
    notifications: handle,
    ...(options.jobs ? { jobs: { handle, pollingIntervalSeconds: 0.5 } } : {}),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
