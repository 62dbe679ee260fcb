/**
 * Throw-away databases on a PostgreSQL server, for the tests and the
 * benchmark: a new database named `<prefix>_<random>` next to the one of
 * `serverUrl`, and a function that drops it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** SQLSTATE object_in_use: a connection of a pool that just ended is still closing. */
const OBJECT_IN_USE = '55006';

/**
 * Creates a fresh database on the server of `serverUrl`.
 * @param options.template copy this database of the server (`CREATE DATABASE ... TEMPLATE`, which
 *   needs nobody connected to it) instead of the empty default
 * @returns its URL and `drop()`, which waits (up to 5 s) for the last connections to close rather
 *   than killing them (WITH (FORCE) would make their clients emit errors)
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
