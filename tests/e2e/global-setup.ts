/**
 * Starts the app the way a user does (`npm start`: build, migrate, seed the
 * embedded database, serve) on a free port with a fresh DATA_DIR, and hands
 * its URL to the browser tests. The app asks a local fake NPI registry
 * (outside services are faked at the network level: docs/architecture.md#tests), which knows one
 * provider, handed to the tests as `fakeNpi`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNpm, waitForHealth } from '../helpers/app-process';
import { startFakeNpiRegistry } from '../helpers/fake-npi-registry';

/** The one provider the fake registry knows: an active individual NPI (CMS's check-digit example number). */
export const FAKE_NPI = { number: '1234567893', firstName: 'Morgan', lastName: 'Ellis' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    fakeNpi: { number: string; firstName: string; lastName: string };
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install chromium (the browser tests must run).`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-e2e-'));
  const registry = await startFakeNpiRegistry();
  registry.records.set(FAKE_NPI.number, { firstName: FAKE_NPI.firstName, lastName: FAKE_NPI.lastName });
  // Every browser test signs up from 127.0.0.1 against this one server: the production limit of sign-ups per
  // address (10 an hour) would refuse the later files' sign-ups (tests/api/abuse.test.ts covers the limit itself).
  const app = startNpm(await freePort(), {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NPI_REGISTRY_URL: registry.url,
    REGISTRATIONS_PER_ADDRESS: '1000',
    // Imported calendars may be read from the tests' own local servers (http on 127.0.0.1); never in production.
    CALENDAR_IMPORT_ALLOW_LOOPBACK: 'true',
  });
  try {
    await waitForHealth(app, 240_000);
  } catch (error) {
    app.killGroup();
    await registry.close();
    throw error;
  }
  project.provide('baseUrl', app.baseUrl);
  project.provide('fakeNpi', { ...FAKE_NPI });

  return async () => {
    if (app.child.exitCode === null) {
      app.child.kill('SIGTERM'); // npm passes it on; the server drains and exits within 10 s
      const timer = setTimeout(() => app.killGroup(), 10_000);
      await app.exited;
      clearTimeout(timer);
    }
    app.killGroup(); // anything npm left behind
    await registry.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
