/**
 * Background mail that keeps up (docs/decisions/023-durable-jobs.md), over real SMTP (an in-process
 * `smtp-server` on a free port): a burst of notification emails is sent several at a time with no
 * polling pause between jobs, account mail (here a password reset) never waits behind it, and a first
 * start on the demo seed sends nothing to the demo addresses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { notifications } from '../../src/server/db/schema';
import { notify } from '../../src/server/notifications/notify';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { insertUser } from '../factories/db';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PUBLIC_URL = 'https://clinicshare.test';

/** Polls `check` every 50 ms until it is true; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Email jobs not finished yet (waiting, retrying or running), in every email queue. */
async function unfinishedEmailJobs(t: TestApp): Promise<number> {
  const { rows } = await t.handle.executeSql(
    `select count(*)::int as n from pgboss.job where name like 'send-%-email' and state in ('created', 'retry', 'active')`,
  );
  return (rows[0] as { n: number }).n;
}

describe('a burst of notification emails, then a password reset', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url }, { jobs: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the reset email within 5 s while 200 notifications are queued, and then all 200', async () => {
    const COUNT = 200;
    // A running server: its mail code loaded and its SMTP connections open (the first email of a
    // process waits for both, seconds on a busy machine).
    const warm = await insertUser(t.db, { email: 'warm.up@example.com' });
    await t.db.transaction((tx) => notify(tx, { userId: warm.id, kind: 'booking_confirmed', title: 'Warm-up', body: 'Warm-up.' }));
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: warm.email } });
    await waitFor('the warm-up emails', () => smtp.received.filter((mail) => mail.envelope.to.includes(warm.email)).length === 2, 30_000);

    const owner = await insertUser(t.db, { email: 'busy.owner@example.com' });
    const forgetful = await insertUser(t.db, { email: 'forgetful@example.com' });
    // 200 booking emails queued at once, as a burst of bookings (or reminders) would queue them.
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= COUNT; i++) {
        await notify(tx, {
          userId: owner.id,
          kind: 'booking_confirmed',
          title: `Booking confirmed: Exam Room ${i}`,
          body: 'See you soon.',
          link: '/profile?tab=bookings',
        });
      }
    });

    const asked = Date.now();
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: forgetful.email } });
    expect(answer.statusCode).toBe(202);
    const isReset = (to: string[]) => to.includes(forgetful.email);
    await waitFor('the reset email', () => smtp.received.some((mail) => isReset(mail.envelope.to)), 30_000);
    const resetAfterMs = Date.now() - asked;
    const before = smtp.received.findIndex((mail) => isReset(mail.envelope.to));
    // Within 5 s, or ahead of the burst queued before it (on a starved machine): never behind all 200.
    const message = `the reset email came after ${resetAfterMs} ms, behind ${before} of the ${COUNT} queued before it`;
    expect(resetAfterMs < 5_000 || before < COUNT / 4, message).toBe(true);

    // The burst itself drains without a polling pause between jobs (one job each 0.5 s would take 100 s).
    await waitFor(
      `all ${COUNT} booking emails`,
      () => smtp.received.filter((mail) => mail.envelope.to.includes(owner.email)).length >= COUNT,
      80_000,
    );
    const burst = smtp.received.filter((mail) => mail.envelope.to.includes(owner.email));
    expect(new Set(burst.map((mail) => mail.parsed.messageId)).size).toBe(COUNT);
  }, 150_000);
});

describe('a first start on the demo seed', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let close: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
  });
  afterEach(async () => {
    await close?.();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends no email to the demo addresses: the history keeps its notifications, and their emails count as delivered', async () => {
    // As `npm start` does on an empty database: seed, then start the app with its job workers.
    await seedDemoData(t.db);
    const seededNotifications = await t.db.select({ id: notifications.id }).from(notifications);
    expect(seededNotifications.length).toBeGreaterThan(0);
    const app = await buildApp({ config: t.config, db: t.db, jobs: { handle: t.handle, pollingIntervalSeconds: 0.5 } });
    await app.ready();
    close = () => app.close();

    // Until nothing is left to send (at once here; one email each polling interval on the old code, which sent them all).
    const deadline = Date.now() + 20_000;
    while ((await unfinishedEmailJobs(t)) > 0 && Date.now() < deadline) await sleep(100);
    // A few polling intervals more: anything the workers were going to send has been sent.
    await sleep(2_000);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([]);
  }, 120_000);
});
