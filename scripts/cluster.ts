/**
 * Several ClinicShare instances on one PostgreSQL database and one Redis, behind HAProxy, as
 * docs/operations.md ("Several instances behind a proxy") describes: `npm run cluster` starts it
 * for a person to try, and tests/process/cluster.test.ts drives load through it while killing
 * instances.
 *
 * HAProxy (Debian's `haproxy`) balances round-robin over the instances and sends work only to
 * those whose `GET /readyz` answers 200 (checked every second), so an instance that begins
 * shutting down (SIGTERM: `/readyz` answers 503, and it serves on for SHUTDOWN_GRACE_SECONDS)
 * leaves the rotation before it stops listening; a request that cannot connect is
 * tried once more on another instance. WebSockets pass through (`timeout tunnel`).
 *
 * `npm run cluster` environment: `DATABASE_URL` (default: a `clinicshare_cluster` database on
 * 127.0.0.1:5432, created if missing), `REDIS_URL` (default `redis://127.0.0.1:6379/0`),
 * `CLUSTER_PORT` (the proxy, default 8080), `CLUSTER_INSTANCES` (default 3, on the ports after
 * `CLUSTER_PORT`). Ctrl-C stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
// @ts-expect-error: the build script is plain JavaScript
import { build, SERVER_ENTRY } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One app instance of the cluster. */
export interface ClusterInstance {
  readonly name: string;
  readonly port: number;
  /** The running process, or null while stopped. */
  child: ChildProcess | null;
  /** What the instance printed (all its runs), for a report. */
  output: string;
  /** Resolves when the current process exits. */
  exited: Promise<void>;
}

export interface Cluster {
  /** The proxy's address, `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly instances: ClusterInstance[];
  /** Sends `signal` to instance `index`; resolves once it has exited. */
  signal(index: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts instance `index` again (after it exited); resolves when it answers `/readyz` with 200. */
  restart(index: number): Promise<void>;
  /** Stops the instances (SIGTERM, then SIGKILL after 15 s) and HAProxy, and removes the files. */
  stop(): Promise<void>;
  /** HAProxy's output, for a report. */
  proxyOutput(): string;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  proxyPort: number;
  /** One port per instance. */
  ports: number[];
  /** Environment of every instance (over the defaults below and the current environment). */
  env?: NodeJS.ProcessEnv;
  /** Environment of the first instance only (e.g. SEED_DEMO_DATA=true: it starts alone first). */
  firstEnv?: NodeJS.ProcessEnv;
  /** How long an instance may take to become ready, ms (default 60 s). */
  readyTimeoutMs?: number;
}

/** Whether HAProxy is installed (`haproxy -v` runs). */
export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** The HAProxy configuration of the cluster: health checks on /readyz, round robin, WebSockets. */
export function haproxyConfig(proxyPort: number, ports: number[]): string {
  return `global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 75s
    timeout server 75s
    timeout tunnel 1h
    timeout check 5s
    timeout http-keep-alive 5s
    # A request that could not connect is tried again, on another server (never one that was sent).
    retries 2
    option redispatch
    retry-on conn-failure
    option forwardfor

frontend web
    bind 127.0.0.1:${proxyPort}
    default_backend app

backend app
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    # Out of rotation after 2 failed checks a second apart (the instances serve on for SHUTDOWN_GRACE_SECONDS
    # after SIGTERM, longer than that); back after 2 good ones.
    default-server inter 1s fall 2 rise 2
${ports.map((port, i) => `    server app${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
async function waitFor200(url: string, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Creates the database of `url` when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the cluster: migrates the database once (the instances then find it ready), builds the
 * server if it is stale, starts the first instance, then the others, then HAProxy, and waits until
 * the proxy answers `/readyz`.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const handle = await openDatabase({ url: options.databaseUrl, poolSize: 2 });
  try {
    await prepareDatabase(handle);
  } finally {
    await handle.close();
  }
  await build(['server'], { onlyIfStale: true });

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-cluster-'));
  // Uploads are shared by the instances, as a shared volume (or S3) would be.
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir);
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${options.proxyPort}`,
    TRUST_PROXY: 'loopback',
    PAYMENTS: 'demo',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Longer than HAProxy takes to see /readyz fail (2 checks a second apart).
    SHUTDOWN_GRACE_SECONDS: '4',
    ...options.env,
  };

  const instances: ClusterInstance[] = options.ports.map((port, i) => ({
    name: `app${i + 1}`,
    port,
    child: null,
    output: '',
    exited: Promise.resolve(),
  }));
  const launch = (index: number) => {
    const instance = instances[index]!;
    const env = { ...baseEnv, ...(index === 0 ? options.firstEnv : {}), PORT: String(instance.port) };
    const child = spawn(process.execPath, [SERVER_ENTRY as string], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    instance.child = child;
    const append = (chunk: Buffer) => (instance.output += chunk.toString());
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    instance.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        instance.output += `\n[${instance.name} exited: ${signal ?? code}]\n`;
        if (instance.child === child) instance.child = null;
        resolve();
      }),
    );
    return waitFor200(`http://127.0.0.1:${instance.port}/readyz`, readyTimeoutMs, () => instance.child === child);
  };

  let proxy: ChildProcess | null = null;
  let proxyLog = '';
  const stop = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        const child = instance.child;
        if (!child) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await instance.exited;
        clearTimeout(timer);
      }),
    );
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy!.once('exit', resolve));
      proxy.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await launch(0);
    await Promise.all(instances.slice(1).map((_, i) => launch(i + 1)));
    const configFile = path.join(workDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(options.proxyPort, options.ports));
    proxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stdout?.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    proxy.stderr?.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    await waitFor200(`http://127.0.0.1:${options.proxyPort}/readyz`, 20_000, () => proxy!.exitCode === null);
  } catch (error) {
    await stop();
    throw new Error(
      `${(error as Error).message}\n${instances.map((i) => `--- ${i.name}\n${i.output.slice(-3000)}`).join('\n')}\n--- haproxy\n${proxyLog}`,
    );
  }

  return {
    url: `http://127.0.0.1:${options.proxyPort}`,
    instances,
    async signal(index, signal) {
      const instance = instances[index]!;
      instance.child?.kill(signal);
      await instance.exited;
    },
    restart: (index) => launch(index),
    stop,
    proxyOutput: () => proxyLog,
  };
}

/** `npm run cluster`: the cluster for a person, until Ctrl-C. */
async function main(): Promise<void> {
  if (!haproxyAvailable()) {
    console.error('HAProxy is not installed: apt-get install haproxy (Debian, Ubuntu) or brew install haproxy.');
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clinicshare_cluster';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const proxyPort = Number(process.env.CLUSTER_PORT ?? 8080);
  const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
  await ensureDatabase(databaseUrl);
  const ports = Array.from({ length: count }, (_, i) => proxyPort + 1 + i);
  console.log(
    `Starting ${count} instances on ports ${ports.join(', ')} (database ${new URL(databaseUrl).pathname.slice(1)}, ${redisUrl})...`,
  );
  const cluster = await startCluster({
    databaseUrl,
    redisUrl,
    proxyPort,
    ports,
    env: { LOG_LEVEL: 'info' },
    firstEnv: { SEED_DEMO_DATA: 'true' },
  });
  for (const instance of cluster.instances) {
    instance.child?.stdout?.pipe(process.stdout);
    instance.child?.stderr?.pipe(process.stderr);
  }
  console.log(`\nClinicShare runs behind HAProxy at ${cluster.url} (instances: ${ports.map((p) => `http://127.0.0.1:${p}`).join(', ')}).`);
  console.log('Stop or kill an instance (kill -TERM / -KILL <pid>) to watch the proxy route around it. Ctrl-C stops everything.');
  console.log(cluster.instances.map((i) => `${i.name}: pid ${i.child?.pid}`).join(', '));
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster...');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
