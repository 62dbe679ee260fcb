/**
 * Demo data (issue 2): demo users and 150+ spaces across 30+ US cities,
 * from the deterministic generator in `seed/demo-data.ts`. Seeds only an
 * empty database, so a restart never duplicates or overwrites real data.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/service';
import { buildDemoSpaces, DEMO_PASSWORD, demoUsers } from '../seed/demo-data';
import type { Database } from './client';
import { insertUser, spaceValues } from './factories';
import { medicalSpaces, users } from './schema';

/** Whether the database has no users yet. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/** Rows per multi-row INSERT: about 22 parameters a row stays well under PostgreSQL's 65,535. */
const INSERT_BATCH = 1000;

/**
 * Inserts the demo users and spaces into an empty database, in multi-row
 * batches (the benchmark's 100,000 spaces take seconds, not minutes).
 * @param options.spaces how many spaces (default: the demo seed's; the benchmark passes BENCH_SPACES)
 * @returns what was inserted, or null when the database already had users
 */
export async function seedDemoData(db: Database, options: { spaces?: number } = {}): Promise<{ users: number; spaces: number } | null> {
  if (!(await isEmpty(db))) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  for (const user of demoUsers) {
    const { key, password: _password, ...fields } = user;
    const row = await insertUser(db, { ...fields, passwordHash });
    userIds.set(key, row.id);
  }
  const spaces = buildDemoSpaces(options.spaces);
  // Newest first in listings: give the first demo spaces the latest creation times.
  const now = Date.now();
  const values = spaces.map((space, index) => {
    const { ownerKey, latitude, longitude, ...fields } = space;
    const ownerId = userIds.get(ownerKey);
    if (!ownerId) throw new Error(`Demo space "${space.title}" has an unknown owner ${ownerKey}`);
    return spaceValues(ownerId, {
      ...fields,
      latitude: latitude.toFixed(7),
      longitude: longitude.toFixed(7),
      createdAt: new Date(now - index * 60_000),
    });
  });
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    await db.insert(medicalSpaces).values(values.slice(i, i + INSERT_BATCH));
  }
  return { users: demoUsers.length, spaces: values.length };
}
