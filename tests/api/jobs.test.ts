/**
 * The job queue (docs/decisions/023-durable-jobs.md) on the test database: enqueued with the
 * transaction, run once across instances, retried after a stop or a crash, failed for good visibly.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { bookings, notifications } from '../../src/server/db/schema';
import { bookingReminderJob, expireBookingJob, reconcileBookingsJob } from '../../src/server/jobs/catalog';
import { enqueue, JobWorkers, listFailedJobs, type JobLog } from '../../src/server/jobs/queue';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { PROJECT_ROOT } from '../helpers/app-process';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const quiet: JobLog = { warn: () => {}, error: () => {} };
const onPostgres = process.env.TEST_DB === 'postgres';

/** Rows of pgboss.job for the job `id`. */
async function jobRow(id: string) {
  const { rows } = await t.handle.executeSql('select state, retry_count, output from pgboss.job where id = $1', [id]);
  return rows[0] as { state: string; retry_count: number; output: unknown } | undefined;
}

/** Workers on `handle` counting each run of an expire-booking job by job id into `runs`. */
function countingWorkers(handle: Pick<DatabaseHandle, 'executeSql'>, runs: Map<string, number>, options = {}) {
  const workers = new JobWorkers(handle, quiet, { pollingIntervalSeconds: 0.5, ...options });
  workers.work(expireBookingJob, async (job) => {
    runs.set(job.data.bookingId, (runs.get(job.data.bookingId) ?? 0) + 1);
  });
  return workers;
}

describe('enqueueing within the transaction', () => {
  it('runs a committed job once and never one whose transaction rolled back', async () => {
    const runs = new Map<string, number>();
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, expireBookingJob, { bookingId: 'rolled-back' });
        tx.rollback();
      })
      .catch(() => undefined);
    const id = await t.db.transaction((tx) => enqueue(tx, expireBookingJob, { bookingId: 'committed' }));
    expect(id).toEqual(expect.any(String));
    const workers = countingWorkers(t.handle, runs);
    await workers.start();
    try {
      await vi.waitFor(async () => expect((await jobRow(id!))?.state).toBe('completed'), { timeout: 15_000, interval: 200 });
      expect(Object.fromEntries(runs)).toEqual({ committed: 1 });
    } finally {
      await workers.stop();
    }
  });

  it('starts a job no earlier than its startAfter', async () => {
    const runs = new Map<string, number>();
    const id = await t.db.transaction((tx) =>
      enqueue(tx, expireBookingJob, { bookingId: 'later' }, { startAfter: new Date(Date.now() + 60 * 60 * 1000) }),
    );
    const workers = countingWorkers(t.handle, runs);
    await workers.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(runs.get('later')).toBeUndefined();
      expect((await jobRow(id!))?.state).toBe('created');
    } finally {
      await workers.stop();
    }
  });
});

describe('a job that keeps failing', () => {
  it('ends failed, with its error, listed by listFailedJobs', async () => {
    const errors: unknown[] = [];
    const workers = new JobWorkers(t.handle, { warn: () => {}, error: (details) => errors.push(details) }, { pollingIntervalSeconds: 0.5 });
    // The reconciliation queue retries nothing (its next run is a minute away), so its failure is final at once.
    workers.work(reconcileBookingsJob, async () => {
      throw new Error('the provider is down');
    });
    const id = await t.db.transaction((tx) => enqueue(tx, reconcileBookingsJob, {}));
    await workers.start();
    try {
      await vi.waitFor(async () => expect((await jobRow(id!))?.state).toBe('failed'), { timeout: 15_000, interval: 200 });
    } finally {
      await workers.stop();
    }
    const failed = await listFailedJobs(t.handle);
    expect(failed.find((job) => job.id === id)).toMatchObject({ queue: 'reconcile-bookings', error: 'the provider is down' });
    expect(errors).toContainEqual(expect.objectContaining({ queue: 'reconcile-bookings', jobId: id }));
  });
});

describe('a run cut off', () => {
  it('by a stop is retried and completes when workers start again', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const first = new JobWorkers(t.handle, quiet, { pollingIntervalSeconds: 0.5 });
    let started = 0;
    first.work(expireBookingJob, async () => {
      started++;
      await stuck;
    });
    const id = await t.db.transaction((tx) => enqueue(tx, expireBookingJob, { bookingId: 'cut-off' }));
    await first.start();
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 15_000, interval: 100 });
    await first.stop(1000);
    release();
    expect((await jobRow(id!))?.state).toBe('retry');

    const runs = new Map<string, number>();
    const second = countingWorkers(t.handle, runs);
    await second.start();
    try {
      await vi.waitFor(async () => expect((await jobRow(id!))?.state).toBe('completed'), { timeout: 30_000, interval: 250 });
      expect(runs.get('cut-off')).toBe(1);
    } finally {
      await second.stop();
    }
  }, 45_000);

  it('by a stop that outlasts its wait lets the run end and record its end before the stop returns', async () => {
    // pg-boss stops waiting after the timeout and sends a run's completion without awaiting it: a
    // database closed right after the stop then failed that statement as an unhandled rejection.
    const workers = new JobWorkers(t.handle, quiet, { pollingIntervalSeconds: 0.5 });
    let started = 0;
    let finished = 0;
    workers.work(expireBookingJob, async () => {
      started++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      finished++;
      throw new Error('the run ends after the stop gave up waiting');
    });
    const id = await t.db.transaction((tx) => enqueue(tx, expireBookingJob, { bookingId: 'outlasting' }));
    await workers.start();
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 15_000, interval: 50 });
    const executeSql = vi.spyOn(t.handle, 'executeSql');
    try {
      await workers.stop(1000);
      expect(finished).toBe(1);
      const sentAfterStop = executeSql.mock.results.length;
      await Promise.all(executeSql.mock.results.map((result) => result.value));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(executeSql.mock.results.length).toBe(sentAfterStop);
    } finally {
      executeSql.mockRestore();
    }
    expect((await jobRow(id!))?.output).toMatchObject({ message: 'the run ends after the stop gave up waiting' });
  });

  it.runIf(onPostgres)(
    'by a killed process runs again once its time limit has passed',
    async () => {
      const id = await t.db.transaction((tx) => enqueue(tx, expireBookingJob, { bookingId: 'killed' }));
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/job-worker-process.ts', t.databaseUrl!], {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await vi.waitFor(() => expect(output).toContain(`started ${id}`), { timeout: 30_000, interval: 100 });
      } finally {
        child.kill('SIGKILL');
      }
      await new Promise((resolve) => child.once('exit', resolve));
      expect((await jobRow(id!))?.state).toBe('active');
      // As if the queue's time limit (expireInSeconds) had passed since the killed run started.
      await t.handle.executeSql("update pgboss.job set started_on = now() - interval '1 hour' where id = $1", [id]);

      const runs = new Map<string, number>();
      const restarted = countingWorkers(t.handle, runs, { maintenanceIntervalSeconds: 1 });
      await restarted.start();
      try {
        await vi.waitFor(async () => expect((await jobRow(id!))?.state).toBe('completed'), { timeout: 40_000, interval: 250 });
        expect(runs.get('killed')).toBe(1);
      } finally {
        await restarted.stop();
      }
    },
    90_000,
  );
});

/** One renter's one-hour bookings of one space, starting `days` days from now, with `values` (status...). */
async function renterBookings(days: number[], values: Partial<typeof bookings.$inferInsert>) {
  const owner = await insertUser(t.db);
  const renter = await insertUser(t.db);
  const space = await insertSpace(t.db, owner.id);
  const made: (typeof bookings.$inferSelect)[] = [];
  for (const day of days) {
    const startAt = new Date(Date.now() + day * 24 * 60 * 60 * 1000);
    made.push(
      await insertBooking(t.db, {
        spaceId: space.id,
        renterId: renter.id,
        startAt,
        endAt: new Date(startAt.getTime() + 60 * 60 * 1000),
        ...values,
      }),
    );
  }
  return { renter, bookings: made };
}

/**
 * Waits until `count` jobs of `queue` for these bookings have completed (with `firstRun`, each on
 * its first run, no retry).
 */
async function waitForCompletedJobs(queue: string, bookingIds: string[], count: number, { firstRun = false } = {}) {
  await vi.waitFor(
    async () => {
      const { rows } = await t.handle.executeSql(
        `select count(*)::int as runs from pgboss.job where name = $1 and data->>'bookingId' = any($2::text[]) and state = 'completed'${firstRun ? ' and retry_count = 0' : ''}`,
        [queue, bookingIds],
      );
      expect((rows[0] as { runs: number }).runs).toBe(count);
    },
    { timeout: 30_000, interval: 250 },
  );
}

describe.runIf(onPostgres)('two instances on one database', () => {
  it('run each job exactly once', async () => {
    const runs = new Map<string, number>();
    const other = await openDatabase({ url: t.databaseUrl!, poolSize: 3 });
    const ids = await t.db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < 30; i++) made.push((await enqueue(tx, expireBookingJob, { bookingId: `job-${i}` }))!);
      return made;
    });
    const here = countingWorkers(t.handle, runs);
    const there = countingWorkers(other, runs);
    await Promise.all([here.start(), there.start()]);
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await t.handle.executeSql(
            "select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'",
            [ids],
          );
          expect((rows[0] as { n: number }).n).toBe(30);
        },
        { timeout: 60_000, interval: 250 },
      );
      // Only this test's jobs: a job left by an earlier test (a retry coming due) may run here too.
      const ours = [...runs].filter(([bookingId]) => bookingId.startsWith('job-'));
      expect(ours).toHaveLength(30);
      expect(ours.every(([, count]) => count === 1)).toBe(true);
    } finally {
      await Promise.all([here.stop(), there.stop()]);
      await other.close();
    }
  }, 90_000);

  it('expire each lapsed request once, whichever instance takes the job', async () => {
    const { bookings: lapsed } = await renterBookings([10, 11, 12, 13], {
      status: 'pending',
      requestExpiresAt: new Date(Date.now() - 1000),
    });
    await t.db.transaction(async (tx) => {
      for (const booking of lapsed) await enqueue(tx, expireBookingJob, { bookingId: booking.id });
    });
    const a = await createPeerApp(t, {}, { jobs: true });
    const b = await createPeerApp(t, {}, { jobs: true });
    try {
      // Each booking's job completed on its first run, on one instance or the other.
      await waitForCompletedJobs(
        'expire-booking',
        lapsed.map((booking) => booking.id),
        lapsed.length,
        { firstRun: true },
      );
      for (const booking of lapsed) {
        const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
        expect(row?.status).toBe('expired');
      }
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('remind the renter of each confirmed booking once, even when its reminder is enqueued twice', async () => {
    const { renter, bookings: confirmed } = await renterBookings([2, 3, 4, 5], { status: 'confirmed' });
    // Due now rather than 24 hours before the start; each twice, as a re-sent step would.
    await t.db.transaction(async (tx) => {
      for (const booking of [...confirmed, ...confirmed]) await enqueue(tx, bookingReminderJob, { bookingId: booking.id });
    });
    const a = await createPeerApp(t, {}, { jobs: true });
    const b = await createPeerApp(t, {}, { jobs: true });
    try {
      await waitForCompletedJobs(
        'booking-reminder',
        confirmed.map((booking) => booking.id),
        2 * confirmed.length,
      );
      const reminders = await t.db
        .select({ id: notifications.id, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, renter.id), eq(notifications.kind, 'booking_reminder')));
      expect(reminders).toHaveLength(confirmed.length);
      expect(new Set(reminders.map((reminder) => reminder.link)).size).toBe(confirmed.length);
      // One email each: the second run wrote no notification, so it enqueued no email.
      const emails = await t.handle.executeSql(
        "select data->>'notificationId' as id from pgboss.job where name = 'send-notification-email' and data->>'notificationId' = any($1::text[])",
        [reminders.map((reminder) => reminder.id)],
      );
      expect((emails.rows as { id: string }[]).map((row) => row.id).sort()).toEqual(reminders.map((reminder) => reminder.id).sort());
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
