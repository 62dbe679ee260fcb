/**
 * No secrets in the log: a real run of the app, logging everything (LOG_LEVEL=trace, JSON lines as
 * in production) with its job workers sending the emails, goes through sign-up, logins (one with a
 * wrong password), a password reset by its emailed link, an email verification, an unsubscribe
 * link, the private calendar feed, a booking paid with a card and a metrics scrape with its token;
 * then the captured log is searched for each password, token, cookie and card detail it saw.
 * The emailed links' tokens sit in their URLs' query (`?token=`) and the feed's in its path, which
 * the request lines carry: they must come out redacted.
 */
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailMessages, users } from '../../src/server/db/schema';
import { createUnsubscribeToken } from '../../src/server/notifications/unsubscribe-tokens';
import { insertSpace, insertUser } from '../factories/db';
import { paidIntent, TEST_CARD } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app';

const PASSWORD = 'Velvet-Harbor-Quartz-8812';
const WRONG_PASSWORD = 'Tangerine-Lantern-Wrong-4471';
const NEW_PASSWORD = 'Cobalt-Meadow-Sparrow-9034';
const METRICS_TOKEN = 'metrics-token-never-logged-5521';

const log = new PassThrough();
const chunks: string[] = [];
log.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace', METRICS_TOKEN, PUBLIC_URL: 'https://clinicshare.test' }, { jobs: true, logTo: log });
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The token of the `page?token=` link in the newest email to `userId` whose text has one. */
async function emailedLinkToken(userId: string, page: string): Promise<string> {
  const pattern = new RegExp(`${page.replace(/[/?]/g, '\\$&')}\\?token=([^\\s"<>)\\]]+)`);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const rows = await t.db.select({ text: mailMessages.text }).from(mailMessages).where(eq(mailMessages.userId, userId));
    for (const row of rows) {
      const match = pattern.exec(row.text);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    await sleep(100);
  }
  throw new Error(`No email to ${userId} with a ${page}?token= link`);
}

it('logs no password, token, session cookie or card detail, and redacts the tokens of logged URLs', async () => {
  const secrets: Record<string, string> = { PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, METRICS_TOKEN };
  const app = t.app;

  // Sign-up, a wrong password, a login.
  const email = 'log.secrets@example.com';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { firstName: 'Lena', lastName: 'Okafor', email, password: PASSWORD, acceptedTerms: true, userType: 'both' },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: WRONG_PASSWORD } })).statusCode).toBe(401);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
  expect(login.statusCode).toBe(200);
  const cookie = sessionCookie(login);
  secrets.SESSION = cookie.split('=')[1]!;
  expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

  // The welcome email's verification link, as the browser opens it (the page) and the page posts it.
  const verification = await emailedLinkToken(userId, '/verify-email');
  secrets.VERIFICATION_TOKEN = verification;
  await app.inject({ method: 'GET', url: `/verify-email?token=${encodeURIComponent(verification)}` });
  expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verification } })).statusCode).toBe(204);

  // A password reset by its emailed link.
  expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode).toBe(202);
  const reset = await emailedLinkToken(userId, '/reset-password');
  secrets.RESET_TOKEN = reset;
  await app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(reset)}&from=email` });
  const resetAnswer = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: reset, password: NEW_PASSWORD },
  });
  expect(resetAnswer.statusCode, resetAnswer.body).toBe(204);

  // An unsubscribe link: the one-click URL (GET and POST) and the page.
  const unsubscribe = await createUnsubscribeToken(t.db, userId, 'messages');
  secrets.UNSUBSCRIBE_SIGNATURE = unsubscribe.split('.').at(-1)!;
  const query = `token=${encodeURIComponent(unsubscribe)}`;
  expect((await app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?${query}` })).statusCode).toBe(200);
  await app.inject({ method: 'GET', url: `/unsubscribe?${query}` });
  expect((await app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?${query}`, payload: {} })).statusCode).toBe(200);

  // A card payment of a booking, then the private calendar feed by its secret address.
  const relogin = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: NEW_PASSWORD } });
  const renterCookie = sessionCookie(relogin);
  secrets.SESSION_AFTER_RESET = renterCookie.split('=')[1]!;
  const owner = await insertUser(t.db);
  const space = await insertSpace(t.db, owner.id);
  const paid = await paidIntent(t, renterCookie, space.id, { startDate: futureDate(20), endDate: futureDate(22) });
  secrets.CLIENT_SECRET = paid.clientSecret;
  const booked = await app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: renterCookie }, payload: paid.booking });
  expect(booked.statusCode, booked.body).toBe(201);
  const feed = await app.inject({ method: 'POST', url: `/api/users/${userId}/calendar-feed`, headers: { cookie: renterCookie } });
  const feedUrl = (feed.json() as { url: string }).url;
  const feedToken = /\/calendar\/([^/]+)\.ics$/.exec(feedUrl)![1]!;
  secrets.FEED_TOKEN = feedToken;
  expect((await app.inject({ method: 'GET', url: `/calendar/${feedToken}.ics` })).statusCode).toBe(200);

  // The metrics, with their token; a request that fails on bad JSON carrying a password.
  const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.statusCode).toBe(200);
  await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/json', cookie },
    payload: `{"email":"${email}","password":"${PASSWORD}"`,
  });

  await sleep(200);
  const text = chunks.join('');
  const lines = text.split('\n').filter(Boolean);
  const card = TEST_CARD.cardNumber;
  const found = Object.entries({
    ...secrets,
    CARD: card,
    CARD_DIGITS: card.replace(/\s/g, ''),
    CARD_EXPIRY: TEST_CARD.expiry,
  }).filter(([, secret]) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
  expect(found.map(([name]) => name)).toEqual([]);
  // The run was logged: each request's two lines, with its id, and the redacted URLs.
  expect(lines.length).toBeGreaterThan(30);
  expect(text).toContain('"url":"/api/notifications/unsubscribe?token=[REDACTED]"');
  expect(text).toContain('"url":"/reset-password?token=[REDACTED]&from=email"');
  expect(text).toContain('"url":"/calendar/[REDACTED].ics"');
  expect(lines.filter((line) => line.includes('"msg":"incoming request"')).every((line) => line.includes('"reqId":'))).toBe(true);

  expect(text).not.toMatch(/"(password|cvc|cardNumber|authorization|cookie)"\s*:/i);
});
