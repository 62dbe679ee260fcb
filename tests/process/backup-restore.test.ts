/**
 * The restore drill of docs/operations.md ("Backups and restore"): a database seeded with the demo
 * data and a booking paid through the API is dumped with `pg_dump --format=custom`, restored with
 * `pg_restore` into a fresh database, and an app started on the copy reads the booking and its
 * receipt (the same receipt number), and the renter's login still works.
 *
 * pg_dump and pg_restore must be of the server's major version (or newer): CI installs them with
 * the server. Needs PostgreSQL: in CI (CI or TEST_DATABASE_URL set) it fails without it; elsewhere
 * it is skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { prepareDatabase } from '../../src/server/jobs/queue';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { FACTORY_PASSWORD, insertSpace, insertUser } from '../factories/db';
import { paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import type { TestApp } from '../helpers/test-app';

const inCi = Boolean(process.env.CI || process.env.TEST_DATABASE_URL);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What is missing to run the drill here, or null. */
function missing(): string | null {
  const host = new URL(serverUrl);
  if (spawnSync('pg_isready', ['-q', '-h', host.hostname, '-p', host.port || '5432'], { stdio: 'ignore' }).status !== 0)
    return `PostgreSQL at ${host.host} (set TEST_DATABASE_URL)`;
  if (spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status !== 0) return 'pg_dump (apt-get install postgresql-client)';
  return null;
}
const absent = missing();
if (absent && !inCi) console.warn(`Skipping the restore drill: it needs ${absent}.`);

/** The text of a PDF, every run of spaces made one. */
async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) text += `${item.str} `;
  }
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

/** Runs a PostgreSQL client program; throws with its output when it fails. */
function run(program: string, args: string[]): void {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
}

describe.skipIf(absent !== null && !inCi)('backup and restore with pg_dump', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** An app on the database of `url` (its own data directory), as a TestApp for the booking helpers. */
  async function appOn(url: string): Promise<TestApp> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-restore-'));
    const handle: DatabaseHandle = await openDatabase({ url, poolSize: 3 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENTS: 'demo', DATABASE_URL: url });
    const app = await buildApp({ config, db: handle.db });
    await app.ready();
    const close = async () => {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    cleanups.push(close);
    return { app, db: handle.db, handle, config, kind: 'postgres', databaseUrl: url, notifications: handle, close };
  }

  it('restores a dump into a fresh database that serves the same booking and receipt', async () => {
    if (absent) throw new Error(`The restore drill needs ${absent}`);
    const source = await createScratchDatabase(serverUrl, 'clinicshare_backup');
    cleanups.push(source.drop);
    const sourceHandle = await openDatabase({ url: source.url, poolSize: 2 });
    await prepareDatabase(sourceHandle);
    expect(await seedDemoData(sourceHandle.db)).not.toBeNull();
    await sourceHandle.close();

    const before = await appOn(source.url);
    const owner = await insertUser(before.db);
    const space = await insertSpace(before.db, owner.id);
    const renter = await insertUser(before.db);
    const login = async (t: TestApp) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: renter.email, password: FACTORY_PASSWORD },
      });
      expect(answer.statusCode).toBe(200);
      return answer.headers['set-cookie']!.toString().split(';')[0]!;
    };
    const cookie = await login(before);
    const paid = await paidIntent(before, cookie, space.id, { startDate: futureDate(14), endDate: futureDate(16) });
    const booked = await before.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload: paid.booking });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = (booked.json() as { id: string }).id;
    const receiptBefore = await before.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/receipt.pdf`, headers: { cookie } });
    expect(receiptBefore.statusCode).toBe(200);
    const receiptNumber = /CS-\d{4}-\d{6}/.exec(await pdfText(receiptBefore.rawPayload))?.[0];
    expect(receiptNumber).toBeDefined();

    // The backup: one file in pg_dump's custom format (compressed; pg_restore picks what to restore).
    const dumpDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-dump-'));
    cleanups.push(() => rmSync(dumpDir, { recursive: true, force: true }));
    const dumpFile = path.join(dumpDir, 'clinicshare.dump');
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${source.url}`]);
    expect(statSync(dumpFile).size).toBeGreaterThan(10_000);

    // The restore: a fresh, empty database, and the app started on it without migrating anything.
    const target = await createScratchDatabase(serverUrl, 'clinicshare_restored');
    cleanups.push(target.drop);
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dumpFile]);
    const after = await appOn(target.url);
    expect((await after.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });

    const restoredCookie = await login(after);
    const booking = await after.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: { cookie: restoredCookie } });
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.json()).toMatchObject({ id: bookingId, status: 'confirmed', totalPrice: paid.amount });
    const receipt = await after.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/receipt.pdf`,
      headers: { cookie: restoredCookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toMatch(/^application\/pdf/);
    expect(await pdfText(receipt.rawPayload)).toContain(receiptNumber);
    // The session of before the backup is in the copy too.
    expect((await after.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  }, 180_000);
});
