/**
 * Starts the app the way a user does (`npm start`: build, migrate, seed the
 * embedded database, serve) on a free port with a fresh DATA_DIR, and hands
 * its URL to the browser tests.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNpm, waitForHealth } from '../helpers/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install chromium (the browser tests must run).`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-e2e-'));
  const app = startNpm(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    await waitForHealth(app, 240_000);
  } catch (error) {
    app.killGroup();
    throw error;
  }
  project.provide('baseUrl', app.baseUrl);

  return async () => {
    if (app.child.exitCode === null) {
      app.child.kill('SIGTERM'); // npm passes it on; the server drains and exits within 10 s
      const timer = setTimeout(() => app.killGroup(), 10_000);
      await app.exited;
      clearTimeout(timer);
    }
    app.killGroup(); // anything npm left behind
    rmSync(dataDir, { recursive: true, force: true });
  };
}
