import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test projects:
 * - unit: pure functions in src/shared (and other pure modules);
 * - api-pglite: the API on a fresh embedded PGlite per test file;
 * - api-postgres: the same files on the real server, when TEST_DATABASE_URL is set (CI);
 * - tracing: the app traced with OpenTelemetry, in a fresh process per file (the instrumentations
 *   patch pg and ioredis as they first load); on PostgreSQL when TEST_DATABASE_URL is set;
 * - process: the app as a process, started as `npm start` starts it (signals, builds, .env); runs once;
 * - e2e: Playwright driving the system Chromium against the app started as `npm start` starts it.
 *
 * Speed (CI has two cores): unit and API files run two at a time (API tests wait on the database
 * as much as they compute), each API file on a copy of one migrated database
 * (tests/api/global-setup.ts), and API files reuse the modules a worker already loaded
 * (`isolate: false`: every file builds its own app and database, and no API test mocks a module).
 * Then the process tests, then the browser tests, one file at a time and alone (sequence.groupOrder).
 */
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const setupFiles = ['./tests/setup.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          setupFiles,
          globalSetup: ['./tests/api/global-setup.ts'],
          isolate: false,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                setupFiles,
                globalSetup: ['./tests/api/global-setup.ts'],
                isolate: false,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'tracing',
          include: ['tests/tracing/**/*.test.ts'],
          setupFiles,
          env: { TEST_DB: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          sequence: { groupOrder: 1 },
          include: ['tests/process/**/*.test.ts'],
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
