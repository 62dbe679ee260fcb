/**
 * Notification email (docs/decisions/022-notifications-and-email.md): the job renders a
 * notification, keeps it in the outbox and sends it over real SMTP (an in-process `smtp-server`),
 * with a stable Message-ID, absolute links and RFC 8058 unsubscribe headers; retried until the
 * SMTP server is back, delivered once; no header injection from user input.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/shared/schemas/notifications';
import { mailMessages, notifications } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { deliverNotificationEmail } from '../../src/server/notifications/email-delivery';
import { notify } from '../../src/server/notifications/notify';
import { insertUser } from '../factories/db';
import { freePort } from '../helpers/app-process';
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from '../helpers/fake-smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it is true; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

const PUBLIC_URL = 'https://clinicshare.test';

/** Notifies `userId` in a transaction, as the features do. */
async function notifyUser(t: TestApp, userId: string, kind: NotificationKind, extra: { title?: string; link?: string } = {}) {
  const id = await t.db.transaction((tx) =>
    notify(tx, {
      userId,
      kind,
      title: extra.title ?? 'Dr. Lee asked to book Exam Room 2',
      body: 'Answer within 48 hours or the request expires.',
      link: extra.link ?? '/profile?tab=bookings',
    }),
  );
  if (!id) throw new Error('notify() wrote nothing');
  return id;
}

/** The mail received for notification `id`, once it has arrived. */
async function receivedFor(smtp: FakeSmtp, id: string): Promise<ReceivedMail> {
  const messageId = `<notification-${id}@clinicshare.test>`;
  await waitFor(`the email of ${id}`, () => smtp.received.some((mail) => mail.parsed.messageId === messageId));
  return smtp.received.find((mail) => mail.parsed.messageId === messageId)!;
}

/** A header's raw value in the raw header block (unfolded). */
function rawHeader(mail: ReceivedMail, name: string): string[] {
  const unfolded = mail.rawHeaders.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .split(/\r?\n/)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim());
}

describe('notification email over SMTP', () => {
  let smtp: FakeSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'ClinicShare <no-reply@clinicshare.test>' }, { jobs: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the notification with its content, absolute links, a stable Message-ID and one-click unsubscribe headers', async () => {
    const owner = await insertUser(t.db, { firstName: 'Ada', lastName: 'Owner' });
    const id = await notifyUser(t, owner.id, 'booking_requested');
    const mail = await receivedFor(smtp, id);

    expect(mail.envelope.to).toEqual([owner.email]);
    expect(mail.parsed.from?.value[0]).toMatchObject({ address: 'no-reply@clinicshare.test', name: 'ClinicShare' });
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value[0] : null).toMatchObject({
      address: owner.email,
      name: 'Ada Owner',
    });
    expect(mail.parsed.subject).toBe('Dr. Lee asked to book Exam Room 2');
    expect(mail.parsed.text).toContain('Answer within 48 hours or the request expires.');
    expect(mail.parsed.html).toContain('Answer within 48 hours or the request expires.');
    expect(mail.parsed.html).toContain('href="https://clinicshare.test/profile?tab=bookings"');
    // Every link is absolute, and nothing is loaded from anywhere (no tracking pixel).
    const hrefs = [...String(mail.parsed.html).matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/clinicshare\.test\//);
    expect(String(mail.parsed.html)).not.toMatch(/<img/i);

    const oneClick = rawHeader(mail, 'List-Unsubscribe')[0] ?? '';
    expect(oneClick).toMatch(/^<https:\/\/clinicshare\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);

    // The outbox row is marked sent after the SMTP server answers, so a moment after the fake has the email.
    await waitFor('the outbox row marked sent', async () => {
      const [row] = await t.db.select({ status: mailMessages.status }).from(mailMessages).where(eq(mailMessages.notificationId, id));
      return row?.status === 'sent';
    });
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: `<notification-${id}@clinicshare.test>` });
  });

  it('sends account and security email without unsubscribe headers', async () => {
    const user = await insertUser(t.db);
    const id = await notifyUser(t, user.id, 'password_changed', { title: 'Your password was changed', link: '/profile' });
    const mail = await receivedFor(smtp, id);
    expect(rawHeader(mail, 'List-Unsubscribe')).toEqual([]);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toEqual([]);
    expect(rawHeader(mail, 'Message-ID')).toEqual([`<notification-${id}@clinicshare.test>`]);
    expect(mail.parsed.html).not.toContain('/unsubscribe');
  });

  it("keeps a password reset link's token only until the SMTP server has the email", async () => {
    const user = await insertUser(t.db, { email: 'reset.over.smtp@example.com' });
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(asked.statusCode).toBe(202);
    const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const mail = await receivedFor(smtp, notification!.id);
    const token = String(mail.parsed.text).match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();

    // Once sent, neither the notification nor the outbox copy holds it.
    await waitFor('the token to be dropped', async () => {
      const [row] = await t.db.select({ data: notifications.data }).from(notifications).where(eq(notifications.id, notification!.id));
      return !('token' in (row!.data as object));
    });
    const [kept] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, notification!.id));
    expect(kept).toMatchObject({ status: 'sent', subject: mail.parsed.subject });
    expect(kept!.html).not.toContain(token);
    expect(kept!.text).not.toContain(token);
    expect(kept!.text).toContain('single-use link');

    // The emailed link still works.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'copper-violet-harbor-42' },
    });
    expect(reset.statusCode).toBe(204);
  });

  it('skips the email of a kind the user turned off, and keeps the in-app notification', async () => {
    const user = await insertUser(t.db, { emailReminders: false });
    const off = await notifyUser(t, user.id, 'booking_reminder', { title: 'Your booking starts tomorrow' });
    const on = await notifyUser(t, user.id, 'new_message', { title: 'New message from Dr. Lee' });
    await receivedFor(smtp, on);
    // The reminder's job ran before or alongside the message's; give it a moment more all the same.
    await sleep(1500);
    expect(smtp.received.some((mail) => mail.parsed.messageId === `<notification-${off}@clinicshare.test>`)).toBe(false);
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, off))).toEqual([]);
    const [inApp] = await t.db.select().from(notifications).where(eq(notifications.id, off));
    expect(inApp).toMatchObject({ kind: 'booking_reminder', inApp: true });
  });

  it('puts a name or subject with line breaks on one line: no header is injected', async () => {
    const user = await insertUser(t.db, { firstName: 'Eve\r\nBcc: victim@evil.test', lastName: 'X\nX-Injected: yes' });
    const id = await notifyUser(t, user.id, 'booking_requested', { title: 'Hello\r\nBcc: other@evil.test\r\nX-Injected: yes' });
    const mail = await receivedFor(smtp, id);
    expect(mail.envelope.to).toEqual([user.email]);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    expect(rawHeader(mail, 'Bcc')).toEqual([]);
    expect(rawHeader(mail, 'X-Injected')).toEqual([]);
    expect(mail.parsed.subject).toBe('Hello Bcc: other@evil.test X-Injected: yes');
    // The display name reaches the recipient on one line too.
    const to = mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value[0] : null;
    expect(to).toMatchObject({ address: user.email, name: 'Eve Bcc: victim@evil.test X X-Injected: yes' });
    expect(smtp.received.filter((received) => received.envelope.to.some((to) => to.endsWith('@evil.test')))).toEqual([]);
  });

  it('sends one email per Message-ID when the job runs again', async () => {
    const user = await insertUser(t.db);
    const id = await notifyUser(t, user.id, 'booking_cancelled', { title: 'Your booking was cancelled' });
    await receivedFor(smtp, id);
    // The first run has recorded the send (the SMTP server may have the email a moment before that).
    await waitFor('the outbox row marked sent', async () => {
      const [row] = await t.db.select({ status: mailMessages.status }).from(mailMessages).where(eq(mailMessages.notificationId, id));
      return row?.status === 'sent';
    });
    const mailer = createMailer(t.config);
    // A second run of the same job (a crash after sending, before the job was marked done).
    expect(await deliverNotificationEmail(t.db, mailer, t.config, id)).toBe('sent');
    await sleep(300);
    expect(smtp.received.filter((mail) => mail.parsed.messageId === `<notification-${id}@clinicshare.test>`)).toHaveLength(1);
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id))).toHaveLength(1);
  });
});

describe('an SMTP server that is down, then up', () => {
  let t: TestApp;
  let port: number;
  let smtp: FakeSmtp | null = null;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ PUBLIC_URL, SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, SMTP_TIMEOUT_SECONDS: '2' }, { jobs: true });
    // Retry after a second (instead of 15 s) so the test is quick; the policy is otherwise the queue's.
    await t.db.execute(sql`update pgboss.queue set retry_delay = 1, retry_backoff = false where name = 'send-notification-email'`);
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('retries while it is down and delivers the mail exactly once when it is back', async () => {
    const user = await insertUser(t.db);
    const id = await notifyUser(t, user.id, 'booking_confirmed', { title: 'Your booking is confirmed' });
    await waitFor('a failed attempt', async () => {
      const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
      return (row?.attempts ?? 0) >= 1;
    });
    const [failed] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
    expect(failed).toMatchObject({ status: 'pending' });
    expect(failed?.lastError).toBeTruthy();

    smtp = await startFakeSmtp(port);
    const mail = await receivedFor(smtp, id);
    expect(mail.parsed.subject).toBe('Your booking is confirmed');
    await waitFor('the outbox row marked sent', async () => {
      const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
      return row?.status === 'sent';
    });
    await sleep(2500);
    expect(smtp.received.filter((received) => received.parsed.messageId === mail.parsed.messageId)).toHaveLength(1);
    const [sent] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
    expect(sent?.attempts).toBeGreaterThanOrEqual(2);
    expect(sent?.lastError).toBeNull();
  });
});
