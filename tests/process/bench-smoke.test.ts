/**
 * `npm run bench` in its smoke mode: a few hundred spaces on
 * PGlite, 1 s a route, load from a separate process. It checks the
 * benchmark still runs and reports every figure, never how fast anything
 * is (speed is not a test: docs/architecture.md#tests).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/app-process';

function runBench(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/bench.ts')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_DATABASE_URL: '', BENCH_SPACES: '', BENCH_DURATION: '', BENCH_ROUNDS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const pass = { seconds: expect.any(Number), feedsPerSecond: expect.any(Number), dbMsPerFeed: expect.any(Number), dbCpuMsPerFeed: null };
const figure = { requestsPerSecond: expect.any(Number), p50Ms: expect.any(Number), p99Ms: expect.any(Number), non2xx: 0, errors: 0 };

describe('npm run bench (smoke)', () => {
  it(
    "seeds, loads every route from another process beside its ceilings, makes bookings, times the owner's earnings, sends mail, syncs calendar feeds, and prints the JSON report",
    { timeout: 300_000 },
    async () => {
      const { code, stdout, stderr } = await runBench();
      expect(code, stderr).toBe(0);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({
        database: 'pglite',
        spaces: 300,
        connections: 50,
        durationSeconds: 1,
        rounds: 1,
        helloWorld: figure,
        primaryKey: figure,
        bookings: {
          count: 20,
          concurrency: 10,
          hold: { p50Ms: expect.any(Number), p99Ms: expect.any(Number) },
          confirmation: { p50Ms: expect.any(Number), p99Ms: expect.any(Number) },
        },
        earnings: { ownerSpaces: 34, requests: 3, p50Ms: expect.any(Number), maxMs: expect.any(Number) },
        mail: {
          notifications: 100,
          seconds: expect.any(Number),
          mailsPerSecond: expect.any(Number),
          smtpConnections: 8,
          reset: { count: 5, p50Ms: expect.any(Number), p99Ms: expect.any(Number), maxMs: expect.any(Number) },
        },
        feeds: {
          count: 50,
          hosts: 4,
          first: pass,
          mixed: { ...pass, changed: 5, notModified: 45 },
          unchanged: { ...pass, msPerFeed: expect.any(Number) },
          eventsImported: 150,
        },
      });
      const routes = Object.keys(report.routes);
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /api/spaces',
          'GET /api/spaces?location=TX&amenities=Parking',
          'GET /api/spaces?spaceType=Dental Suite&minPrice=100&maxPrice=400',
          'GET /api/spaces?location=Austin',
          'GET /api/spaces/map-points (world, zoom 4)',
          'GET /api/spaces/map-points?location=Austin (zoom 11)',
          'GET /api/spaces/{id}',
          'GET /api/spaces/{id} with a session cookie',
        ]),
      );
      expect(routes.some((name) => name.includes('offset='))).toBe(true);
      expect(routes.some((name) => name.includes('after='))).toBe(true);
      for (const name of routes) {
        expect(report.routes[name], name).toMatchObject({ ...figure, ratio: expect.any(Number) });
        expect(report.routes[name].requestsPerSecond, name).toBeGreaterThan(0);
      }
    },
  );
});
