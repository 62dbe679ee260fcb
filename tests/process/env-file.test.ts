/**
 * Every entry point reads `.env` from its working directory, as the README
 * and `.env.example` promise: `db:migrate`, `seed` and `bench`,
 * not only the server. The real environment still wins over the file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/app-process';

const TSX = path.join(PROJECT_ROOT, 'node_modules/.bin/tsx');
let dir: string;

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `scripts/<script>` as its npm script does (tsx), from a directory holding `.env` with `dotenv`. */
function runScript(script: string, dotenv: string, env: NodeJS.ProcessEnv = {}) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-dotenv-'));
  writeFileSync(path.join(dir, '.env'), dotenv);
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'NODE_ENV']) if (!(name in env)) delete fullEnv[name];
  const result = spawnSync(TSX, [path.join(PROJECT_ROOT, 'scripts', script)], {
    cwd: dir,
    env: fullEnv,
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('.env is read by every entry point', () => {
  it.each(['migrate.ts', 'seed.ts', 'bench.ts'])('%s stops on a bad value in .env', (script) => {
    const { status, output } = runScript(script, 'PORT=99999\n');
    expect(status).toBe(1);
    expect(output).toContain('PORT: must be a port number');
  });

  it('db:migrate uses DATA_DIR from .env, and the real environment wins over the file', () => {
    const { status, output } = runScript('migrate.ts', 'DATA_DIR=./from-dotenv\nPORT=99999\n', { PORT: '5000' });
    expect(output).toContain('Migrations applied (pglite)');
    expect(status).toBe(0);
    expect(existsSync(path.join(dir, 'from-dotenv', 'pglite'))).toBe(true);
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
  });
});
