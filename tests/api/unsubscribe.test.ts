/**
 * One-click unsubscribe (RFC 8058, docs/decisions/022-notifications-and-email.md): the
 * signed token of an email's `List-Unsubscribe` turns off that kind of email for that user only,
 * without logging in and from the mail provider's site; reading it changes nothing; a forged,
 * altered or expired token is a 400 that changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/shared/schemas/notifications';
import { mailMessages, users } from '../../src/server/db/schema';
import { notify } from '../../src/server/notifications/notify';
import { createUnsubscribeToken } from '../../src/server/notifications/unsubscribe-tokens';
import { insertUser } from '../factories/db';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 24 * 60 * 60 * 1000;

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

let t: TestApp;

beforeAll(async () => {
  // Offline (no SMTP_URL): the email is kept in the outbox, headers and all.
  t = await createTestApp({ PUBLIC_URL: 'https://clinicshare.test' }, { jobs: true });
});
afterAll(async () => {
  await t.close();
});

/** Emails `userId` a notification of `kind` and returns the token of its List-Unsubscribe header. */
async function emailedToken(userId: string, kind: NotificationKind): Promise<string> {
  const id = await t.db.transaction((tx) => notify(tx, { userId, kind, title: 'Something happened', body: 'Details.' }));
  if (!id) throw new Error('notify() wrote nothing');
  let header = '';
  await waitFor('the kept email', async () => {
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id));
    header = (row?.headers as Record<string, string> | undefined)?.['List-Unsubscribe'] ?? '';
    return row?.status === 'kept';
  });
  const match = /^<https:\/\/clinicshare\.test\/api\/notifications\/unsubscribe\?token=([^>]+)>$/.exec(header);
  if (!match?.[1]) throw new Error(`No one-click URL in ${header}`);
  return decodeURIComponent(match[1]);
}

async function preferences(userId: string) {
  const [row] = await t.db
    .select({ bookingUpdates: users.emailBookingUpdates, reminders: users.emailReminders, messages: users.emailMessages })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The one-click POST as a mail provider sends it: form-encoded, from its own site, no cookie. */
function oneClick(token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.provider.example',
      'sec-fetch-site': 'cross-site',
    },
    payload: 'List-Unsubscribe=One-Click',
  });
}

const ALL_ON = { bookingUpdates: true, reminders: true, messages: true };

describe('one-click unsubscribe', () => {
  it('turns off only that kind of email, for that user only, without logging in', async () => {
    const ada = await insertUser(t.db, { email: 'ada@example.com' });
    const bob = await insertUser(t.db);
    const token = await emailedToken(ada.id, 'booking_reminder');
    await emailedToken(bob.id, 'booking_reminder');

    const response = await oneClick(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      preference: 'reminders',
      description: 'booking reminders the day before, review reminders, and reminders that your certificate of insurance expires soon',
      enabled: false,
      email: 'a***@example.com',
    });
    expect(await preferences(ada.id)).toEqual({ ...ALL_ON, reminders: false });
    expect(await preferences(bob.id)).toEqual(ALL_ON);
    // Again: the same answer, nothing else changes.
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(await preferences(ada.id)).toEqual({ ...ALL_ON, reminders: false });
  });

  it('still refuses other cross-site posts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@example.com', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('reading a link changes nothing; a browser is sent to the page that asks first', async () => {
    const user = await insertUser(t.db);
    const token = await emailedToken(user.id, 'new_message');
    const read = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ preference: 'messages', enabled: true });
    const browser = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await preferences(user.id)).toEqual(ALL_ON);
  });

  it("cannot change another user's settings with a token: altered tokens are refused", async () => {
    const mallory = await insertUser(t.db);
    const victim = await insertUser(t.db);
    const token = await emailedToken(mallory.id, 'booking_confirmed');
    const [, preference, expires, signature] = token.split('.');
    const forged = [
      [victim.id, preference, expires, signature].join('.'),
      [mallory.id, 'messages', expires, signature].join('.'),
      [mallory.id, preference, String(Number(expires) + 86_400), signature].join('.'),
      `${token.slice(0, -2)}AA`,
    ];
    for (const bad of forged) {
      const response = await oneClick(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(
        'This unsubscribe link is not valid or has expired. You can choose which emails you get on your profile.',
      );
    }
    expect(await preferences(victim.id)).toEqual(ALL_ON);
    expect(await preferences(mallory.id)).toEqual(ALL_ON);
  });

  it('refuses an expired, malformed or missing token with a clear 400 and changes nothing', async () => {
    const user = await insertUser(t.db);
    const expired = await createUnsubscribeToken(t.db, user.id, 'booking_updates', new Date(Date.now() - 61 * DAY_MS));
    const stillValid = await createUnsubscribeToken(t.db, user.id, 'booking_updates', new Date(Date.now() - 59 * DAY_MS));
    expect((await oneClick(expired)).statusCode).toBe(400);
    expect((await oneClick('not-a-token')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(await preferences(user.id)).toEqual(ALL_ON);
    expect((await oneClick(stillValid)).statusCode).toBe(200);
    expect(await preferences(user.id)).toEqual({ ...ALL_ON, bookingUpdates: false });
  });

  it('carries no unsubscribe link in account and security email', async () => {
    const user = await insertUser(t.db);
    const id = await t.db.transaction((tx) =>
      notify(tx, { userId: user.id, kind: 'password_reset', title: 'Reset your password', body: 'Use the link within an hour.' }),
    );
    await waitFor('the kept email', async () => {
      const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id!));
      return row?.status === 'kept';
    });
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.notificationId, id!));
    expect(row?.headers).toEqual({});
  });
});
