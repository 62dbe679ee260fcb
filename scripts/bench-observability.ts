/**
 * `npm run bench:observability`: what the metrics and the traces cost on the plain search route,
 * `GET /api/spaces` (docs/performance.md). Five servers of the built app run side by side on one
 * seeded PostgreSQL database (the demo data): `plain` (neither), `metrics` (`METRICS_TOKEN`: every
 * request counted and timed, scraped every 5 s as Prometheus would) and `metrics+traces` (the same,
 * and `OTEL_EXPORTER_OTLP_ENDPOINT` pointing at a local collector that accepts and drops the spans:
 * every request traced, with its queries), and `metrics+traces 10%` (the same, a tenth of the
 * requests sampled: `OTEL_TRACES_SAMPLER=parentbased_traceidratio`, `OTEL_TRACES_SAMPLER_ARG=0.1`), and
 * `context only` (no tracing, but every request run in an AsyncLocalStorage context, as tracing
 * does: `scripts/bench-context-only.mjs`, the floor of tracing's cost on the Node that runs it).
 * autocannon, in a process of its own, loads one server at
 * a time, in turn, for BENCH_ROUNDS rounds (default 3) of BENCH_DURATION seconds (default 10) at
 * BENCH_CONNECTIONS connections (default 50); each figure is the median of its rounds, and each
 * cost is relative to `plain` in the same run. Beside req/s, each server process's CPU time per
 * request (Linux /proc): on a shared machine req/s swing with the neighbours' load, CPU per request
 * much less. Compare the figures of one run, never of two. The servers run on the Node that runs
 * this script (`process.execPath`): put another first on `PATH` to measure it.
 *
 * BENCH_COUNT=instructions: each server under valgrind's callgrind instead, its instructions per request counted
 * (docs/performance.md), BENCH_WARM_REQUESTS, BENCH_COUNTED_REQUESTS and BENCH_WINDOWS saying how many.
 *
 * Environment: BENCH_DATABASE_URL (the PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres),
 * where a scratch database is made and dropped. Output (stdout): `{ route, connections,
 * durationSeconds, rounds, servers: { [name]: { requestsPerSecond, cpuMicrosPerRequest, p50Ms, p99Ms,
 * non2xx, errors, rounds: number[] } }, cost: { metrics, contextOnly, metricsAndTraces, metricsAndTraces10 }, cpuCost: {...} }`
 * (`cost`: the req/s lost, as a fraction of plain's; `cpuCost`: the CPU per request added; each the median over
 * the rounds of the server's figure against plain's in the same round);
 * progress on stderr.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { prepareDatabase } from '../src/server/jobs/queue';
import { seedDemoData } from '../src/server/seed/seed-demo-data';
// @ts-expect-error: the build script is plain JavaScript
import { build, SERVER_ENTRY } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const ROUTE = '/api/spaces';
/** Instructions instead of time: each server runs under callgrind, and its instructions per request are counted. */
const counting = process.env.BENCH_COUNT === 'instructions';
const warmRequests = Number(process.env.BENCH_WARM_REQUESTS || 3_000);
const countedRequests = Number(process.env.BENCH_COUNTED_REQUESTS || 1_000);
/** Counted windows a server: its figure is their median. */
const windows = Number(process.env.BENCH_WINDOWS || 3);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const log = (message: string) => process.stderr.write(`[bench:observability] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU time the process `pid` has used so far (user and system), in µs (Linux: /proc/<pid>/stat). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the line (the 12th and 13th after the name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

interface Run {
  total?: number;
  /** The server process's CPU per request answered, µs. */
  cpuMicrosPerRequest?: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run in its own process against `url` (on 127.0.0.1): for `duration` seconds at
 * `connections`, or `amount` requests at 4 connections.
 */
function load(url: string, amount?: number): Promise<Run> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`Only 127.0.0.1 is loaded, not ${url}`);
  const size = amount ? ['-c', '4', '-a', String(amount), '-t', '60'] : ['-c', String(connections), '-d', String(duration)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '--json', ...size, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        total: result.requests.total,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/**
 * Sends callgrind's `option` (`--zero` or `--dump`) to the server `pid` that runs under it, and waits
 * for it to be taken. Callgrind reads its commands only while the program runs, so the server is
 * asked for its health meanwhile.
 */
async function callgrindControl(pid: number, url: string, option: string): Promise<void> {
  // Valgrind names its control pipes by the program's HOST variable, which the server's is set to.
  const child = spawn('callgrind_control', [option, String(pid)], {
    env: { ...process.env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk));
  child.stderr.on('data', (chunk: Buffer) => (said += chunk));
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exited = false;
  void done.then(() => (exited = true));
  while (!exited) {
    await fetch(`${url}/livez`).then(
      (r) => r.text(),
      () => undefined,
    );
    await sleep(100);
  }
  if ((await done) !== 0 || !said.includes('OK') || said.includes('error'))
    throw new Error(`callgrind_control ${option} ${pid} failed: ${said}`);
}

/**
 * Instructions the server `pid` (under callgrind, writing to `directory`) runs for `countedRequests`
 * requests of `url` after `warmRequests` that are not counted (the JIT, the pool, the plans), per
 * request. The same code on the same input runs the same instructions whatever the machine's load.
 */
async function instructionsPerRequest(pid: number, url: string, directory: string): Promise<{ instructions: number; run: Run }> {
  // Warmed up without callgrind's instrumentation, which slows the program tenfold more.
  await load(url, warmRequests);
  await callgrindControl(pid, new URL(url).origin, '--instr=on');
  const counts: number[] = [];
  const runs: Run[] = [];
  for (let window = 1; window <= windows; window++) {
    await callgrindControl(pid, new URL(url).origin, '--zero');
    const run = await load(url, countedRequests);
    await callgrindControl(pid, new URL(url).origin, '--dump');
    const dump = path.join(directory, `${pid}.out.${window}`);
    for (let tries = 0; !existsSync(dump) && tries < 100; tries++) await sleep(100);
    const summary = /^summary: (\d+)/m.exec(readFileSync(dump, 'utf8'));
    if (!summary) throw new Error(`No summary in ${dump}`);
    counts.push(Number(summary[1]) / Math.max(1, run.total ?? countedRequests));
    runs.push(run);
  }
  log(`${pid}: ${counts.map(Math.round).join(', ')} instructions a request`);
  return {
    instructions: median(counts),
    run: { ...runs[0]!, non2xx: runs.reduce((n, r) => n + r.non2xx, 0), errors: runs.reduce((n, r) => n + r.errors, 0) },
  };
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function main(): Promise<void> {
  // The build says what it does on standard output, which is the report's.
  const print = console.log;
  console.log = (...args: unknown[]) => console.error(...args);
  await build(['server'], { onlyIfStale: true });
  console.log = print;
  const scratch = await createScratchDatabase(serverUrl, 'clinicshare_bench_obs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bench-obs-'));
  if (counting) mkdirSync(path.join(dataDir, 'callgrind'));
  const children: ChildProcess[] = [];
  // The collector: accepts OTLP/HTTP trace exports and drops them (an empty ExportTraceServiceResponse).
  let exportedBytes = 0;
  const collector = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (exportedBytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  try {
    const handle = await openDatabase({ url: scratch.url, poolSize: 2 });
    await prepareDatabase(handle);
    const seeded = await seedDemoData(handle.db);
    await handle.close();
    log(`seeded ${seeded?.spaces} spaces`);

    const variants: Array<{ name: string; env: NodeJS.ProcessEnv }> = [
      { name: 'plain', env: {} },
      { name: 'metrics', env: { METRICS_TOKEN } },
      { name: 'context only', env: { NODE_OPTIONS: `--import ${path.join(ROOT, 'scripts/bench-context-only.mjs')}` } },
      { name: 'metrics+traces', env: { METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl } },
      {
        name: 'metrics+traces 10%',
        env: {
          METRICS_TOKEN,
          OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.1',
        },
      },
    ];
    const servers: Array<{ name: string; url: string; metrics: boolean; pid: number }> = [];
    for (const variant of variants) {
      const port = await freePort();
      const command = counting
        ? [
            'valgrind',
            '--tool=callgrind',
            '--instr-atstart=no',
            `--callgrind-out-file=${path.join(dataDir, 'callgrind', '%p.out')}`,
            process.execPath,
          ]
        : [process.execPath];
      // Under callgrind, V8's seeds fixed: its hash tables and random numbers alike in every server.
      const nodeFlags = counting ? ['--hash-seed=1', '--random-seed=1'] : [];
      const child = spawn(command[0]!, [...command.slice(1), ...nodeFlags, SERVER_ENTRY as string], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          PAYMENTS: 'demo',
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          METRICS_TOKEN: '',
          METRICS_PORT: '',
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
          OTEL_TRACES_SAMPLER: '',
          OTEL_TRACES_SAMPLER_ARG: '',
          // Counted, a server runs no job workers: their polling is work by the second, not by the request.
          ...(counting ? { JOB_WORKERS: 'false' } : {}),
          ...variant.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      for (let tries = 0; ; tries++) {
        try {
          if ((await fetch(`${url}/readyz`)).ok) break;
        } catch {
          // starting
        }
        if (tries > (counting ? 3_000 : 300)) throw new Error(`${variant.name} did not start`);
        await sleep(200);
      }
      servers.push({ name: variant.name, url, metrics: Boolean(variant.env.METRICS_TOKEN), pid: child.pid! });
    }

    if (counting) {
      const counts: Record<string, number> = {};
      for (const server of servers) {
        const { instructions, run } = await instructionsPerRequest(server.pid, `${server.url}${ROUTE}`, path.join(dataDir, 'callgrind'));
        if (run.non2xx || run.errors) throw new Error(`${server.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
        counts[server.name] = Math.round(instructions);
        log(`${server.name}: ${Math.round(instructions)} instructions a request`);
      }
      const added = (name: string) => Number((counts[name]! / counts.plain! - 1).toFixed(3));
      console.log(
        JSON.stringify(
          {
            route: ROUTE,
            warmRequests,
            countedRequests,
            instructionsPerRequest: counts,
            instructionCost: {
              metrics: added('metrics'),
              contextOnly: added('context only'),
              metricsAndTraces: added('metrics+traces'),
              metricsAndTraces10: added('metrics+traces 10%'),
            },
          },
          null,
          2,
        ),
      );
      return;
    }

    // Warm each one up (JIT, the pool, prepared plans) before measuring.
    for (const server of servers) await fetch(`${server.url}${ROUTE}`).then((r) => r.text());
    const runs = new Map<string, Run[]>(servers.map((server) => [server.name, []]));
    for (let round = 0; round < rounds; round++) {
      // Each round in another order, so that a drift of the machine's load falls on each in turn.
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
      for (const server of order) {
        // Prometheus scrapes the metrics meanwhile, every 5 s.
        const scrape = server.metrics
          ? setInterval(() => {
              void fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
                .then((r) => r.text())
                .catch(() => undefined);
            }, 5_000)
          : undefined;
        const cpuBefore = cpuMicros(server.pid);
        const run = await load(`${server.url}${ROUTE}`);
        run.cpuMicrosPerRequest = (cpuMicros(server.pid) - cpuBefore) / Math.max(1, run.total ?? 0);
        clearInterval(scrape);
        runs.get(server.name)!.push(run);
        log(
          `round ${round + 1}, ${server.name}: ${Math.round(run.requestsPerSecond)} req/s, p99 ${run.p99Ms} ms, ` +
            `${Math.round(run.cpuMicrosPerRequest)} µs CPU a request`,
        );
      }
    }

    const report = Object.fromEntries(
      [...runs].map(([name, list]) => [
        name,
        {
          requestsPerSecond: Math.round(median(list.map((r) => r.requestsPerSecond))),
          cpuMicrosPerRequest: Math.round(median(list.map((r) => r.cpuMicrosPerRequest ?? 0))),
          p50Ms: median(list.map((r) => r.p50Ms)),
          p99Ms: median(list.map((r) => r.p99Ms)),
          non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
          errors: list.reduce((sum, r) => sum + r.errors, 0),
          rounds: list.map((r) => Math.round(r.requestsPerSecond)),
        },
      ]),
    );
    // Each cost is paired: the median, over the rounds, of the server's figure against plain's in the same round
    // (a drift of the machine between rounds moves both).
    const plainRuns = runs.get('plain')!;
    const paired = (name: string, ratio: (run: Run, plain: Run) => number) =>
      median(runs.get(name)!.map((run, round) => ratio(run, plainRuns[round]!)));
    const cost = (name: string) => Number(paired(name, (run, plain) => 1 - run.requestsPerSecond / plain.requestsPerSecond).toFixed(3));
    const cpuCost = (name: string) =>
      Number(paired(name, (run, plain) => (run.cpuMicrosPerRequest ?? 0) / (plain.cpuMicrosPerRequest || 1) - 1).toFixed(3));
    console.log(
      JSON.stringify(
        {
          route: ROUTE,
          connections,
          durationSeconds: duration,
          rounds,
          servers: report,
          cost: {
            metrics: cost('metrics'),
            contextOnly: cost('context only'),
            metricsAndTraces: cost('metrics+traces'),
            metricsAndTraces10: cost('metrics+traces 10%'),
          },
          cpuCost: {
            metrics: cpuCost('metrics'),
            contextOnly: cpuCost('context only'),
            metricsAndTraces: cpuCost('metrics+traces'),
            metricsAndTraces10: cpuCost('metrics+traces 10%'),
          },
          exportedTraceBytes: exportedBytes,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
    collector.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
