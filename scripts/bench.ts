/**
 * `npm run bench`: throughput of the main read paths on a seeded database,
 * measured with autocannon against a local server; prints JSON. Speed is a
 * benchmark, never a timed test (DESIGN: Tests).
 *
 * Uses DATABASE_URL when set, else a throw-away embedded PGlite.
 * BENCH_DURATION (seconds, default 5) and BENCH_CONNECTIONS (default 20) tune it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';
import { loadEnvironment } from '../src/server/environment';

const environment = loadEnvironment({ LOG_LEVEL: 'silent' }); // reads .env first, so BENCH_* may come from it too
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bench-'));
const config = { ...environment, dataDir };
const database = await openDatabase({ url: config.databaseUrl });
await database.migrate();
await seedDemoData(database.db);
const app = await buildApp({ config, db: database.db, notifications: database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const firstSpace = (await (await fetch(`${address}/api/spaces?limit=1`)).json())[0].id as string;

const routes = {
  'GET /api/spaces': '/api/spaces',
  'GET /api/spaces?location=TX&amenities=Parking': '/api/spaces?location=TX&amenities=Parking',
  'GET /api/spaces/:id': `/api/spaces/${firstSpace}`,
};
const results: Record<string, { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number }> = {};
for (const [name, url] of Object.entries(routes)) {
  const result = await autocannon({ url: `${address}${url}`, connections, duration });
  results[name] = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ database: database.kind, connections, durationSeconds: duration, results }, null, 2));
