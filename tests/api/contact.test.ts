/**
 * POST /api/contact (docs/product.md#contact-us): a visitor or a member sends a message, which is
 * stored in `contact_messages` (201); bad input is a 400 naming the field and stores nothing; more than
 * `CONTACT_RATE_LIMIT.max` messages an hour from one address is a 429; a cross-site POST is refused.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../src/server/contact/routes';
import { contactMessages } from '../../src/server/db/schema';
import { CONTACT_MESSAGE_MAX } from '../../src/shared/schemas/contact';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let nextAddress = 0;
/** A client address no other test has used, so each test has its own rate-limit count. */
const freshAddress = () => `198.51.100.${++nextAddress}`;

const VALID = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  topic: 'booking',
  message: 'I booked an exam room for Tuesday and would like to know how to get the key.',
};

const send = (payload: unknown, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as object,
    headers: options.headers ?? {},
    remoteAddress: options.remoteAddress ?? freshAddress(),
  });

const stored = () => t.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));

describe('POST /api/contact', () => {
  it("takes a visitor's message without a session: 201 with its id, stored trimmed and without an account", async () => {
    const response = await send({ ...VALID, name: '  Dana Whitfield  ', message: `  ${VALID.message}\n` });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; receivedAt: string }>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(body.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect(response.headers['set-cookie']).toBeUndefined();

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ ...VALID, userId: null });
  });

  it("records a signed-in sender's account beside what they typed", async () => {
    const member = await signedInUser(t);
    const response = await send({ ...VALID, topic: 'account', email: 'another@example.com' }, { headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, response.json<{ id: string }>().id));
    expect(row).toMatchObject({ topic: 'account', email: 'another@example.com', userId: member.user.id });
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const before = (await stored()).length;
    const cases: Array<[string, unknown]> = [
      ['body.name', { ...VALID, name: '   ' }],
      ['body.name', { ...VALID, name: 'x'.repeat(101) }],
      ['body.email', { ...VALID, email: 'not-an-email' }],
      ['body.email', { ...VALID, email: undefined }],
      ['body.topic', { ...VALID, topic: 'refunds' }],
      ['body.topic', { ...VALID, topic: '' }],
      ['body.message', { ...VALID, message: 'Hi' }],
      ['body.message', { ...VALID, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }],
      ['body.message', { ...VALID, message: 'Hello there\u0000, how do I book?' }],
      ['body.message', { ...VALID, message: 42 }],
    ];
    for (const [field, payload] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = response.json<{ message: string; issues: { path: string; message: string }[] }>();
      expect(
        body.issues.map((issue) => issue.path),
        JSON.stringify(payload).slice(0, 80),
      ).toContain(field);
    }
    expect((await send('not json', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.max} messages an hour: then 429 with Retry-After, nothing stored; another address still sends`, async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) statuses.push((await send(VALID, { remoteAddress: address })).statusCode);
    expect(statuses).toEqual(Array(CONTACT_RATE_LIMIT.max).fill(201));
    const before = (await stored()).length;
    const refused = await send(VALID, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/too many requests/i);
    expect((await stored()).length).toBe(before);
    expect((await send(VALID)).statusCode).toBe(201);
  });

  it('refuses a cross-site POST (403) and stores nothing', async () => {
    const before = (await stored()).length;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      expect((await send(VALID, { headers })).statusCode).toBe(403);
    }
    expect((await stored()).length).toBe(before);
  });
});
