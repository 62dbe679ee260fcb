/**
 * A scratch database migrated only up to an earlier migration, for the tests that write data the
 * old way and then check what the later migrations make of it: PGlite in memory, or a scratch
 * database on the `TEST_DATABASE_URL` server when `TEST_DB` is `postgres`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createScratchDatabase } from '../../src/server/db/scratch-database';

/** An open database at an earlier migration; `migrateToLatest` applies the rest, `close` drops it. */
export interface OldDatabase {
  handle: DatabaseHandle;
  migrateToLatest(): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations folder whose journal ends at `lastIndex` (the files after it are ignored). */
function migrationsUpTo(lastIndex: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-old-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Opens a fresh database migrated up to and including migration `lastIndex`. */
export async function openOldDatabase(lastIndex: number): Promise<OldDatabase> {
  let drop: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  if (process.env.TEST_DB === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clinicshare_migration');
    drop = scratch.drop;
    handle = await openDatabase({ url: scratch.url, poolSize: 2 });
  } else {
    handle = await openDatabase({});
  }
  const migrateWith = async (folder: string) => {
    if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  };
  const oldFolder = migrationsUpTo(lastIndex);
  try {
    await migrateWith(oldFolder);
  } finally {
    rmSync(oldFolder, { recursive: true, force: true });
  }
  return {
    handle,
    migrateToLatest: () => migrateWith(MIGRATIONS_FOLDER),
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}
