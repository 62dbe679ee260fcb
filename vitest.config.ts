import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test projects:
 * - unit: pure functions in src/shared (and other pure modules);
 * - api-pglite: the API on a fresh embedded PGlite per test file;
 * - api-postgres: the same files on the real server, when TEST_DATABASE_URL is set (CI);
 * - process: the app as a process, started as `npm start` starts it (signals, builds, .env); runs once;
 * - e2e: Playwright driving the system Chromium against the app started as `npm start` starts it.
 */
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const setupFiles = ['./tests/setup.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          setupFiles,
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
          name: 'process',
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
