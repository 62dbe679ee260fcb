/**
 * The demo seed (issues 2 and 9) through the API: the two documented accounts
 * find every profile tab with content on a first visit, and what the seed made
 * behaves like real bookings (the owner can decline the request; the renter can
 * cancel the upcoming booking with its refund).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users';
import { BROWSER_TEST_DAYS } from '../../src/server/seed/demo-activity';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { createPrivateFileStorage } from '../../src/server/storage/private-files';
import type { Booking } from '../../src/shared/schemas/bookings';
import type { Message } from '../../src/shared/schemas/messages';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemoData>>;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoData(t.db, { privateFiles: createPrivateFileStorage(t.config) });
});
afterAll(async () => {
  await t.close();
});

async function logIn(email: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return { user: response.json() as User, cookie: sessionCookie(response) };
}

const get = async <T>(url: string, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo seed', () => {
  it('gives the demo owner spaces with past and upcoming bookings, one pending request and a conversation, all read', async () => {
    expect(seeded).toMatchObject({ users: expect.any(Number), spaces: expect.any(Number) });
    const { user, cookie } = await logIn('owner@demo.clinicshare.test');
    const spaces = await t.app.inject({ method: 'GET', url: `/api/spaces?ownerId=${user.id}&limit=100` });
    expect(Number(spaces.headers['x-total-count'])).toBeGreaterThan(2);

    const requests = await get<Booking[]>(`/api/users/${user.id}/booking-requests`, cookie);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'pending', renter: { firstName: 'Taylor', lastName: 'Brooks' } });
    expect(new Date(requests[0]!.requestExpiresAt!).getTime()).toBeGreaterThan(Date.now());

    const own = await get<Booking[]>(`/api/users/${user.id}/bookings`, cookie);
    expect(own.length).toBeGreaterThan(0);

    const messages = await get<Message[]>(`/api/users/${user.id}/messages`, cookie);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    // Nothing waits unread for the owner: the messaging browser test counts the owner's unread messages from zero.
    expect(await get<{ count: number }>(`/api/users/${user.id}/unread-count`, cookie)).toEqual({ count: 0 });
  });

  it('gives the demo renter past, upcoming, pending and cancelled bookings, favourites and unread messages', async () => {
    const { user, cookie } = await logIn('renter@demo.clinicshare.test');
    const bookings = await get<Booking[]>(`/api/users/${user.id}/bookings`, cookie);
    const now = Date.now();
    expect(bookings.some((b) => b.status === 'confirmed' && new Date(b.endDate).getTime() < now)).toBe(true);
    expect(bookings.some((b) => b.status === 'confirmed' && new Date(b.startDate).getTime() > now)).toBe(true);
    expect(bookings.map((b) => b.status)).toEqual(expect.arrayContaining(['pending', 'cancelled']));
    for (const booking of bookings) {
      expect(booking.totalPrice).toMatch(/^\d+\.\d\d$/);
      expect(booking.units).toBeGreaterThan(0);
    }

    const favorites = await get<Space[]>(`/api/users/${user.id}/favorites`, cookie);
    expect(favorites.length).toBeGreaterThanOrEqual(2);

    const messages = await get<Message[]>(`/api/users/${user.id}/messages`, cookie);
    expect(messages.some((m) => m.receiverId === user.id && m.readAt === null)).toBe(true);
    expect((await get<{ count: number }>(`/api/users/${user.id}/unread-count`, cookie)).count).toBeGreaterThan(0);
  });

  it("the demo accounts' notifications show the seeded activity, each with its email queued for the outbox", async () => {
    const owner = await logIn('owner@demo.clinicshare.test');
    const renter = await logIn('renter@demo.clinicshare.test');
    const kinds = async (userId: string) =>
      (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((row) => row.kind);
    const ownerKinds = await kinds(owner.user.id);
    const renterKinds = await kinds(renter.user.id);
    expect(ownerKinds.filter((kind) => kind === 'booking_requested')).toHaveLength(1);
    expect(ownerKinds).toContain('booking_confirmed');
    expect(renterKinds).toEqual(expect.arrayContaining(['booking_confirmed', 'booking_cancelled']));
    const queued = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'send-notification-email'`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[];
    const count = Array.isArray(queued) ? queued[0]!.n : queued.rows[0]!.n;
    expect(count).toBe((await t.db.select({ id: notifications.id }).from(notifications)).length);
  });

  it('books no demo space on the days the browser tests book', async () => {
    const bookings = (await t.db.query.bookings.findMany()) as { startAt: Date; endAt: Date }[];
    expect(bookings.length).toBeGreaterThan(0);
    const from = Date.now() + (BROWSER_TEST_DAYS.from - 1) * DAY_MS;
    const to = Date.now() + (BROWSER_TEST_DAYS.to + 1) * DAY_MS;
    for (const booking of bookings)
      expect(booking.endAt.getTime() <= from || booking.startAt.getTime() >= to, String(booking.startAt)).toBe(true);
  });

  it('lets the owner decline the seeded request and the renter cancel the seeded upcoming booking', async () => {
    const owner = await logIn('owner@demo.clinicshare.test');
    const [request] = await get<Booking[]>(`/api/users/${owner.user.id}/booking-requests`, owner.cookie);
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${request!.id}/decline`,
      headers: { cookie: owner.cookie },
      payload: { userId: owner.user.id },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('declined');

    const renter = await logIn('renter@demo.clinicshare.test');
    const upcoming = (await get<Booking[]>(`/api/users/${renter.user.id}/bookings`, renter.cookie)).find(
      // A booking of its own, not an occurrence of the renter's weekly series (tests/api/demo-series.test.ts).
      (b) => b.status === 'confirmed' && !b.seriesId && new Date(b.startDate).getTime() > Date.now(),
    );
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${upcoming!.id}/cancel`,
      headers: { cookie: renter.cookie },
      payload: { userId: renter.user.id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'renter' });
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoData(t.db)).toBeNull();
  });
});

describe('the demo insurance (issue 20)', () => {
  it('gives the demo renter a certificate valid for months, a PDF, and one listing of the owner requires insurance', async () => {
    const renter = await logIn('renter@demo.clinicshare.test');
    const certificate = await get<{ expiresOn: string; contentType: string; fileUrl: string; insurer: string }>(
      `/api/users/${renter.user.id}/insurance-certificate`,
      renter.cookie,
    );
    expect(certificate.contentType).toBe('application/pdf');
    expect(certificate.expiresOn > new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: certificate.fileUrl, headers: { cookie: renter.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renter.user.licenseStates).toEqual(['OR']);

    const owner = await logIn('owner@demo.clinicshare.test');
    const spaces = await get<Space[]>(`/api/spaces?ownerId=${owner.user.id}&limit=100`, owner.cookie);
    const insured = [];
    for (const space of spaces) if ((await get<Space>(`/api/spaces/${space.id}`, owner.cookie)).requiresInsurance) insured.push(space);
    expect(insured).toHaveLength(1);
  });
});
