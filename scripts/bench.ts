/**
 * `npm run bench`: throughput of the search and space routes on a large
 * generated database (issue 10), printed as JSON. Speed is a benchmark, never
 * a timed test (docs/architecture.md#tests).
 *
 * - Data: the demo seed's deterministic generator (`buildDemoSpaces(n)`), n =
 *   BENCH_SPACES: 100,000 on PostgreSQL (a fresh database created on the
 *   server of BENCH_DATABASE_URL and dropped afterwards), 10,000 on the
 *   embedded PGlite (the default). Inserted in multi-row batches.
 * - Server: the app, in this process, on 127.0.0.1 only, plus two reference
 *   routes on the same app: `/__bench/hello` (hello-world JSON) and
 *   `/__bench/pk/:id` (a bare primary-key lookup on the same pool, no Drizzle).
 * - Load: autocannon in a separate process (so it does not share the
 *   server's event loop), BENCH_CONNECTIONS (50) connections for
 *   BENCH_DURATION (10) seconds per route. Each app route runs between two
 *   primary-key runs; its ratio is its req/s over their mean. BENCH_ROUNDS
 *   rounds (default 1); with more, each figure is the median of the rounds.
 * - BENCH_ONLY=<regex>: only the routes whose name matches (for profiling one route).
 * - BENCH_SMOKE=1: 300 spaces on PGlite, 1 s a route (CI runs it so the
 *   benchmark cannot rot).
 *
 * Output (stdout): `{ database, spaces, connections, durationSeconds, rounds,
 * helloWorld, primaryKey, routes: { [name]: { requestsPerSecond, p50Ms,
 * p99Ms, ratio, non2xx, errors } } }`; progress goes to stderr.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { seedDemoData } from '../src/server/seed/seed-demo-data';
import { loadEnvironment } from '../src/server/environment';
import { DEMO_PASSWORD, demoUsers } from '../src/server/seed/demo-users';

const environment = loadEnvironment({ LOG_LEVEL: 'silent' }); // reads .env first, so BENCH_* may come from it too
const smoke = ['1', 'true'].includes(process.env.BENCH_SMOKE ?? '');
const serverUrl = smoke ? undefined : process.env.BENCH_DATABASE_URL || undefined;
const spaceCount = Number(process.env.BENCH_SPACES || (smoke ? 300 : serverUrl ? 100_000 : 10_000));
const duration = Number(process.env.BENCH_DURATION || (smoke ? 1 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const rounds = Number(process.env.BENCH_ROUNDS || 1);
const HOST = '127.0.0.1';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run in its own process against `url` (always on 127.0.0.1). */
function load(url: string, headers: Record<string, string> = {}): Promise<Run> {
  if (new URL(url).hostname !== HOST) throw new Error(`The benchmark only loads ${HOST}, not ${url}`);
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bench-'));
  const server = serverUrl ? await createScratchDatabase(serverUrl, 'clinicshare_bench') : null;
  let database: DatabaseHandle | undefined;
  try {
    // The pool matches the app's default (10 connections), for the app and the ceiling alike.
    database = await openDatabase({ url: server?.url, dataDir: server ? undefined : dataDir });
    await prepareDatabase(database);
    const seedStart = Date.now();
    await seedDemoData(database.db, { spaces: spaceCount });
    // As autovacuum leaves a settled table (PGlite has no autovacuum: its visibility map is set here).
    await database.query('VACUUM ANALYZE medical_spaces');
    log(`${database.kind}: ${spaceCount} spaces seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const db = database;
    const app = await buildApp({ config: { ...environment, dataDir }, db: db.db });
    app.get('/__bench/hello', async () => ({ hello: 'world' }));
    app.get<{ Params: { id: string } }>(
      '/__bench/pk/:id',
      async (request) => (await db.query('SELECT * FROM medical_spaces WHERE id = $1', [request.params.id]))[0],
    );
    const address = await app.listen({ host: HOST, port: 0 });

    const [middle] = await db.query<{ id: string }>('SELECT id FROM medical_spaces ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1', [
      Math.floor(spaceCount / 2),
    ]);
    const spaceId = middle!.id;
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: demoUsers.find((user) => user.key === 'renter')?.email ?? demoUsers[0]!.email,
        password: DEMO_PASSWORD,
      }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`Demo login failed: ${login.status}`);
    const deepOffset = Math.min(5000, Math.floor(spaceCount / 2));
    const deepPage = await fetch(`${address}/api/spaces?limit=24&offset=${deepOffset - 24}`);
    const cursor = deepPage.headers.get('x-next-cursor');

    const routes: Array<{ name: string; path: string; headers?: Record<string, string> }> = [
      { name: 'GET /api/spaces', path: '/api/spaces' },
      { name: 'GET /api/spaces?location=TX&amenities=Parking', path: '/api/spaces?location=TX&amenities=Parking' },
      {
        name: 'GET /api/spaces?spaceType=Dental Suite&minPrice=100&maxPrice=400',
        path: '/api/spaces?spaceType=Dental%20Suite&minPrice=100&maxPrice=400',
      },
      { name: 'GET /api/spaces?location=Austin', path: '/api/spaces?location=Austin' },
      { name: `GET /api/spaces?limit=24&offset=${deepOffset}`, path: `/api/spaces?limit=24&offset=${deepOffset}` },
      ...(cursor
        ? [
            {
              name: `GET /api/spaces?limit=24&after=<cursor at ${deepOffset}>`,
              path: `/api/spaces?limit=24&after=${encodeURIComponent(cursor)}`,
            },
          ]
        : []),
      // The first request of /map (WORLD_VIEW), and the map beside a city's results on /search.
      { name: 'GET /api/spaces/map-points (world, zoom 4)', path: '/api/spaces/map-points?bbox=-180,-90,180,90&zoom=4' },
      {
        name: 'GET /api/spaces/map-points?location=Austin (zoom 11)',
        path: '/api/spaces/map-points?location=Austin&bbox=-98.0,30.1,-97.5,30.5&zoom=11',
      },
      { name: 'GET /api/spaces/{id}', path: `/api/spaces/${spaceId}` },
      { name: 'GET /api/spaces/{id} with a session cookie', path: `/api/spaces/${spaceId}`, headers: { cookie } },
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    if (only) routes.splice(0, routes.length, ...routes.filter((route) => only.test(route.name)));
    for (const route of routes) {
      const response = await fetch(`${address}${route.path}`, { headers: route.headers });
      if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
    }

    const hello: Run[] = [];
    const ceiling: Run[] = [];
    const measured = new Map<string, Array<Run & { ratio: number }>>();
    for (let r = 0; r < rounds; r++) {
      log(`round ${r + 1} of ${rounds}`);
      hello.push(await load(`${address}/__bench/hello`));
      let before = await load(`${address}/__bench/pk/${spaceId}`);
      ceiling.push(before);
      for (const route of routes) {
        const run = await load(`${address}${route.path}`, route.headers);
        const after = await load(`${address}/__bench/pk/${spaceId}`);
        ceiling.push(after);
        const ratio = run.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2);
        measured.set(route.name, [...(measured.get(route.name) ?? []), { ...run, ratio }]);
        log(`${route.name}: ${round(run.requestsPerSecond)} req/s, p99 ${run.p99Ms} ms, ${ratio.toFixed(3)}x`);
        before = after;
      }
    }
    await app.close();

    const summary = (runs: Run[]) => ({
      requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond))),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    });
    const primaryKey = summary(ceiling);
    const result = {
      database: db.kind,
      spaces: spaceCount,
      connections,
      durationSeconds: duration,
      rounds,
      cpus: os.cpus().length,
      helloWorld: { ...summary(hello), ratio: round(median(hello.map((run) => run.requestsPerSecond)) / primaryKey.requestsPerSecond, 2) },
      primaryKey,
      routes: Object.fromEntries(
        [...measured].map(([name, runs]) => [name, { ...summary(runs), ratio: round(median(runs.map((run) => run.ratio)), 3) }]),
      ),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await database?.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
