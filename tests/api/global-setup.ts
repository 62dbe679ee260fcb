/**
 * One migrated database for a whole API test project, copied by each test file: opening and
 * migrating a new database (and installing the job queue's schema) costs seconds, a copy well
 * under one. Each file still gets a database of its own (tests/helpers/test-app.ts).
 *
 * - PGlite: a dump of a prepared in-memory database, written to a temporary file (`pgliteTemplate`).
 * - PostgreSQL (TEST_DB=postgres): a prepared database on the TEST_DATABASE_URL server, used as
 *   the template of `CREATE DATABASE` (`postgresTemplate`), dropped at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { prepareDatabase } from '../../src/server/jobs/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the prepared PGlite data directory (an uncompressed tar), or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The name of the prepared PostgreSQL template database, or '' on PGlite. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await createScratchDatabase(serverUrl, 'clinicshare_template');
    const handle = await openDatabase({ url: template.url, poolSize: 2 });
    try {
      await prepareDatabase(handle);
    } finally {
      await handle.close();
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-template-'));
  const file = path.join(dir, 'pglite.tar');
  const handle = await openDatabase({});
  try {
    await prepareDatabase(handle);
    writeFileSync(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
