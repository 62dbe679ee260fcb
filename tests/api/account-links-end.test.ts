/**
 * What a change of credentials ends: changing or resetting the password, changing the
 * email and an operator's suspension each drop the account's unused reset and verification links
 * in their own transaction; a new password and a suspension also end the calendar feed's URL. A new
 * email and the end of the old address's links are one transaction: when the second half fails,
 * the email is not changed either.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLinkToken } from '../../src/server/notifications/link-tokens';
import { notifications, users } from '../../src/server/db/schema';
import { FACTORY_PASSWORD } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NEW_PASSWORD = 'amber-glacier-trombone-61';

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

let nextAddress = 0;
/** A client address no other request used (reset requests are counted per address). */
const freshAddress = () => `10.201.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: freshAddress(), ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

/** The token of the user's newest notification of `kind` (the link its email carries), unsealed. */
async function newestToken(userId: string, kind: string): Promise<string> {
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const token = (row?.data as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') throw new Error(`no ${kind} token for ${userId}`);
  const opened = openLinkToken(token); // sealed while its email waits (src/server/notifications/link-tokens.ts)
  if (opened === null) throw new Error(`the ${kind} token of ${userId} cannot be opened`);
  return opened;
}

/** A user with a live reset link, a live verification link and a calendar feed URL. */
async function userWithLinks() {
  const signedIn = await signedInUser(t);
  expect((await inject('POST', '/api/auth/forgot-password', undefined, { email: signedIn.user.email })).statusCode).toBe(202);
  expect((await inject('POST', '/api/auth/resend-verification', signedIn.cookie)).statusCode).toBe(202);
  const feed = await inject('GET', `/api/users/${signedIn.user.id}/calendar-feed`, signedIn.cookie);
  const feedUrl = (feed.json() as { url: string }).url;
  const feedPath = new URL(feedUrl).pathname;
  expect((await inject('GET', feedPath)).statusCode).toBe(200);
  return {
    ...signedIn,
    feedPath,
    resetToken: await newestToken(signedIn.user.id, 'password_reset'),
    verifyToken: await newestToken(signedIn.user.id, 'verify_email'),
  };
}

const resetWith = (token: string) => inject('POST', '/api/auth/reset-password', undefined, { token, password: 'cobalt-harbor-lantern-88' });
const verifyWith = (token: string) => inject('POST', '/api/auth/verify-email', undefined, { token });

describe('the emailed links and the calendar feed URL end with a change of credentials', () => {
  it('a password change ends the pending reset and verification links and the feed URL', async () => {
    const user = await userWithLinks();
    const changed = await inject('PUT', `/api/users/${user.user.id}/password`, user.cookie, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
    expect((await resetWith(user.resetToken)).statusCode).toBe(400);
    expect((await verifyWith(user.verifyToken)).statusCode).toBe(400);
    expect((await inject('GET', user.feedPath)).statusCode).toBe(404);
    // The feed gets a new URL on the next look, which works.
    const again = (await inject('GET', `/api/users/${user.user.id}/calendar-feed`, user.cookie)).json() as { url: string };
    expect(new URL(again.url).pathname).not.toBe(user.feedPath);
    expect((await inject('GET', new URL(again.url).pathname)).statusCode).toBe(200);
  });

  it('a password reset ends the pending verification link and the feed URL', async () => {
    const user = await userWithLinks();
    expect((await resetWith(user.resetToken)).statusCode).toBe(204);
    expect((await verifyWith(user.verifyToken)).statusCode).toBe(400);
    expect((await inject('GET', user.feedPath)).statusCode).toBe(404);
  });

  it('a suspension ends the pending reset and verification links and the feed URL', async () => {
    const user = await userWithLinks();
    const suspended = await inject('POST', `/api/admin/users/${user.user.id}/suspend`, admin.cookie, { reason: 'Fake listings reported.' });
    expect(suspended.statusCode).toBe(200);
    expect((await resetWith(user.resetToken)).statusCode).toBe(400);
    expect((await verifyWith(user.verifyToken)).statusCode).toBe(400);
    expect((await inject('GET', user.feedPath)).statusCode).toBe(404);
  });

  it('a new email ends the links sent to the old one, in the same transaction as the new email', async () => {
    const user = await userWithLinks();
    const oldEmail = user.user.email;
    // Refuses the new address's verification link, so the change's second half fails.
    await t.db.execute(
      sql.raw(
        `create or replace function test_refuse_verify() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create trigger test_refuse_verify before insert on notifications for each row when (new.kind = 'verify_email') execute function test_refuse_verify()`,
      ),
    );
    try {
      const refused = await inject('PUT', `/api/users/${user.user.id}`, user.cookie, {
        email: `moved-${user.user.id}@example.test`,
        currentPassword: FACTORY_PASSWORD,
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger if exists test_refuse_verify on notifications'));
    }
    // Nothing changed: the old address is still the account's, so its link may still verify it.
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.user.id));
    expect(row!.email).toBe(oldEmail);

    const moved = await inject('PUT', `/api/users/${user.user.id}`, user.cookie, {
      email: `moved-${user.user.id}@example.test`,
      currentPassword: FACTORY_PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
    expect((await resetWith(user.resetToken)).statusCode).toBe(400);
    expect((await verifyWith(user.verifyToken)).statusCode).toBe(400);
    // The new address's own link verifies it.
    expect((await verifyWith(await newestToken(user.user.id, 'verify_email'))).statusCode).toBe(204);
  });
});
