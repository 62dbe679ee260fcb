/**
 * Serves ClinicShare (src/server/main.ts starts it, after tracing when that is on): database
 * (PGlite or PostgreSQL), migrations, demo data into an empty database, then the API and the
 * built client. SIGTERM/SIGINT drain and close within 70 s (docs/operations.md, "How `npm start`
 * works"): long enough for a request waiting on Stripe.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp, CLIENT_DIST } from './app';
import { prepareDatabase } from './jobs/queue';
import { rebuildStaleSpaceDays } from './schedules/space-days-sweep';
import { openDatabase } from './db/client';
import { createPrivateFileStorage } from './storage/private-files';
import { seedDemoData } from './seed/seed-demo-data';
import type { Config } from './config';
import { stopTracing } from './observability/tracing';
import { STRIPE_CALL_LIMIT_MS } from './payments/stripe-provider';

/**
 * How long requests in flight may take to finish after SIGTERM before their
 * connections are cut: one Stripe call with its retries (about 62 s), and a
 * little more for the request's own database work. A server with nothing in
 * flight stops at once.
 */
const DRAIN_MS = STRIPE_CALL_LIMIT_MS + 3_500;
/** The hard limit (70 s): the process exits (status 1) if closing has not finished by then. */
const SHUTDOWN_LIMIT_MS = DRAIN_MS + 5_000;

/**
 * Exits with status 1 unless the process has exited by itself within {@link SHUTDOWN_LIMIT_MS}
 * (and `graceMs` more, the time it keeps serving after the signal).
 */
function startShutdownLimit(graceMs = 0): void {
  const limitMs = SHUTDOWN_LIMIT_MS + graceMs;
  const hardLimit = setTimeout(() => {
    console.error(`Shutdown did not finish within ${limitMs / 1000}s: exiting.`);
    process.exit(1);
  }, limitMs);
  hardLimit.unref();
}

/** Boots the server on `config` and stops it on SIGTERM or SIGINT (the process exits then). */
export async function serve(config: Config): Promise<void> {
  if (config.env === 'production' && config.payments === 'demo') {
    console.warn('ALLOW_DEMO_IN_PRODUCTION=true: a public demo with demo payments, which take no money.');
  }

  // A signal during boot (migrations, seeding) stops the process once the database is consistent.
  let stopRequested = false;
  let onSignal: (signal: NodeJS.Signals) => void = () => {
    if (!stopRequested) startShutdownLimit();
    stopRequested = true;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => onSignal(signal));

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database);
  // The stored days of search by availability that a migration or a new version of the rules left to write.
  const rebuilt = await rebuildStaleSpaceDays(database.db);
  if (rebuilt > 0) console.log(`Wrote the stored days of ${rebuilt} spaces for search by availability.`);
  if (config.seedDemoData && !stopRequested) {
    const seeded = await seedDemoData(database.db, { privateFiles: createPrivateFileStorage(config) });
    if (seeded) console.log(`Seeded demo data: ${seeded.users} users, ${seeded.spaces} spaces.`);
  }
  if (stopRequested) {
    await database.close();
    process.exit(0);
  }

  // `npm start` builds the client first; `npm run dev` serves it from Vite instead.
  const serveClient = existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (!serveClient) console.log('The client is not built (npm run build): serving the API only.');
  const app = await buildApp({
    config,
    db: database.db,
    serveClient,
    logger: true,
    notifications: database,
    jobs: config.jobWorkers ? { handle: database } : undefined,
    databaseStats: database.stats,
  });
  await app.listen({ host: config.host, port: config.port });
  console.log(`ClinicShare is running on http://localhost:${config.port} (database: ${database.kind}, payments: ${config.payments})`);

  let closing = false;
  onSignal = (signal) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // /readyz answers 503 from now on, so that a load balancer stops sending requests here; until
    // it has noticed (SHUTDOWN_GRACE_SECONDS), the server goes on serving what it is sent.
    app.beginShutdown();
    startShutdownLimit(config.shutdownGraceMs);
    let closeIdle: NodeJS.Timeout | undefined;
    let cutAll: NodeJS.Timeout | undefined;
    void (async () => {
      try {
        if (config.shutdownGraceMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
        // app.close() stops listening at once and waits for requests in flight. Their keep-alive
        // connections would stay open until the client or the keep-alive timeout closes them, so close
        // each one as soon as it is idle; after DRAIN_MS, cut whatever is left.
        closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
        cutAll = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
        await app.close();
        await database.close();
        await stopTracing();
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
      clearInterval(closeIdle);
      clearTimeout(cutAll);
      process.exit(0);
    })();
  };
  if (stopRequested) onSignal('SIGTERM');
}
