/**
 * Safe production defaults (docs/operations.md, "Deploy to production"): the built server,
 * started with NODE_ENV=production and an unsafe environment, exits with
 * status 1 and one line naming each bad variable, before it opens a database;
 * a public demo that says so with ALLOW_DEMO_IN_PRODUCTION=true starts.
 * The server is built once (only if stale) and run directly, from an empty
 * directory so no `.env` is read.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the build script is plain JavaScript
import { build } from '../../scripts/build.mjs';
import { freePort, PROJECT_ROOT, waitForHealth, type AppProcess } from '../helpers/app-process';

/** The compiled server (scripts/build.mjs SERVER_ENTRY). */
const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist/server/main.js');

const dirs: string[] = [];
const children: AppProcess[] = [];

beforeAll(async () => {
  await (build as (names: string[], options: { onlyIfStale: boolean }) => Promise<void>)(['server'], { onlyIfStale: true });
});
afterAll(() => {
  for (const child of children) child.killGroup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every variable the refusals read, removed from the inherited environment so each case sets its own. */
const CLEARED = [
  'NODE_ENV',
  'PAYMENTS',
  'SEED_DEMO_DATA',
  'PUBLIC_URL',
  'ALLOW_DEMO_IN_PRODUCTION',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
];

/** The environment of one start: the inherited one minus {@link CLEARED}, an empty data directory, then `env`. */
function environment(env: NodeJS.ProcessEnv): { cwd: string; env: NodeJS.ProcessEnv } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-production-'));
  dirs.push(cwd);
  const fullEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete fullEnv[name];
  return { cwd, env: { ...fullEnv, DATA_DIR: path.join(cwd, 'data'), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env } };
}

/** Runs the built server to its exit; returns its status and what it printed. */
function runBuilt(env: NodeJS.ProcessEnv) {
  const options = environment(env);
  const result = spawnSync(process.execPath, [SERVER_ENTRY], { ...options, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, dataDir: options.env.DATA_DIR! };
}

/** The names of the variables the refusal lists, one per `  NAME: ...` line. */
const namedVariables = (output: string) => [...output.matchAll(/^ {2}([A-Z_]+): /gm)].map((match) => match[1]).sort();

describe('production refusals', () => {
  it('refuses the defaults: PAYMENTS unset, demo data asked for, no PUBLIC_URL, naming each once', () => {
    const { status, output, dataDir } = runBuilt({ SEED_DEMO_DATA: 'true' });
    expect(status, output).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(namedVariables(output)).toEqual(['PAYMENTS', 'PUBLIC_URL', 'SEED_DEMO_DATA']);
    expect(output).toMatch(/^ {2}PAYMENTS: must be set in production/m);
    expect(output).toMatch(/^ {2}SEED_DEMO_DATA: .*ALLOW_DEMO_IN_PRODUCTION=true/m);
    expect(output).toMatch(/^ {2}PUBLIC_URL: must be set in production/m);
    // Refused before anything was opened or written.
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });

  it('refuses demo payments and an http:// PUBLIC_URL', () => {
    const { status, output } = runBuilt({ PAYMENTS: 'demo', PUBLIC_URL: 'http://clinicshare.example' });
    expect(status, output).toBe(1);
    expect(namedVariables(output)).toEqual(['PAYMENTS', 'PUBLIC_URL']);
    expect(output).toMatch(/^ {2}PAYMENTS: demo payments take no money/m);
    expect(output).toMatch(/^ {2}PUBLIC_URL: must be an https:\/\/ URL in production/m);
  });

  it('starts a public demo that says so with ALLOW_DEMO_IN_PRODUCTION=true', async () => {
    const port = await freePort();
    const options = environment({
      ALLOW_DEMO_IN_PRODUCTION: 'true',
      PAYMENTS: 'demo',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: 'https://demo.clinicshare.example',
      PORT: String(port),
    });
    const child = spawn(process.execPath, [SERVER_ENTRY], { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const app: AppProcess = {
      child,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      output: () => log,
      exited,
      killGroup: () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      },
    };
    children.push(app);
    await waitForHealth(app, 60_000);
    expect(log).toContain('ALLOW_DEMO_IN_PRODUCTION=true: a public demo with demo payments');
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});
