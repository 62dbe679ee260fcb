/**
 * The demo seed through the API: the two documented accounts
 * find every profile tab with content on a first visit, and what the seed made
 * behaves like real bookings (the owner can decline the request; the renter can
 * cancel the upcoming booking with its refund).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, medicalSpaces, notifications, payments } from '../../src/server/db/schema';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users';
import { BROWSER_TEST_DAYS } from '../../src/server/seed/demo-activity';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { createPrivateFileStorage } from '../../src/server/storage/private-files';
import type { AuditLogPage } from '../../src/shared/schemas/admin';
import type { AdminUserDetail } from '../../src/shared/schemas/admin-users';
import type { Booking } from '../../src/shared/schemas/bookings';
import type { InboxPage, ReportQueuePage } from '../../src/shared/schemas/reports';
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
  it('has one admin, the demo operator, who opens the console; the other demo accounts do not', async () => {
    const admin = await logIn('admin@demo.clinicshare.test');
    expect(admin.user.role).toBe('admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const owner = await logIn('owner@demo.clinicshare.test');
    expect(owner.user.role).toBe('user');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

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

  it("the demo accounts' notifications show the seeded activity, each with its email recorded as delivered (none is sent)", async () => {
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
      sql`select count(*)::int as n from pgboss.job where name = 'send-notification-email' and state = 'completed'`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[];
    const count = Array.isArray(queued) ? queued[0]!.n : queued.rows[0]!.n;
    expect(count).toBe((await t.db.select({ id: notifications.id }).from(notifications)).length);
  });

  it("gives the demo renter's bookings their papers: the clickwrap recorded with each, and the test card on the receipt", async () => {
    const { user, cookie } = await logIn('renter@demo.clinicshare.test');
    const rows = await t.db.select().from(bookings).where(eq(bookings.renterId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.agreementVersion, row.id).toBe(AGREEMENT_VERSION);
      expect(row.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(row.agreementAcceptedAt).toBeInstanceOf(Date);
    }
    const confirmed = rows.find((row) => row.status === 'confirmed' && !row.seriesId)!;
    const agreement = await t.app.inject({ method: 'GET', url: `/api/bookings/${confirmed.id}/agreement.pdf`, headers: { cookie } });
    expect(agreement.statusCode).toBe(200);
    expect(agreement.headers['content-type']).toBe('application/pdf');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, confirmed.paymentId!));
    expect(payment).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
  });

  it('owes the demo owner the payouts of their paid bookings until they finish payout setup (issue 21)', async () => {
    const { user, cookie } = await logIn('owner@demo.clinicshare.test');
    const owed = await get<{ owedAmount: string; payments: number }>(`/api/users/${user.id}/payouts/owed`, cookie);
    expect(Number(owed.owedAmount)).toBeGreaterThan(0);
    expect(owed.payments).toBeGreaterThan(0);
    const status = await get<{ chargesEnabled: boolean }>(`/api/stripe/account-status/${user.id}`, cookie);
    expect(status.chargesEnabled).toBe(false);
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

  it('has reviewed stays on many spaces, and a booking of the owner that ended 3 days ago, reviewed by neither side', async () => {
    const owner = await logIn('owner@demo.clinicshare.test');
    const renter = await logIn('renter@demo.clinicshare.test');
    const rated = await t.db
      .select({ id: medicalSpaces.id })
      .from(medicalSpaces)
      .where(sql`${medicalSpaces.ratingCount} > 0`);
    expect(rated.length).toBeGreaterThanOrEqual(20);
    const averages = await t.db
      .selectDistinct({ average: medicalSpaces.ratingAverage })
      .from(medicalSpaces)
      .where(sql`${medicalSpaces.ratingCount} > 0`);
    expect(averages.length).toBeGreaterThan(3);
    const firstRated = (
      await get<Array<Space & { rating: { average: number; count: number } | null }>>('/api/spaces?sort=rating&limit=1', owner.cookie)
    )[0]!;
    const page = await get<{ reviews: Array<{ comment: string; reviewerFirstName: string }>; total: number }>(
      `/api/spaces/${firstRated.id}/reviews`,
      owner.cookie,
    );
    expect(page.total).toBe(firstRated.rating!.count);
    expect(page.reviews[0]!.reviewerFirstName).not.toBe('');

    const bookings = await get<Booking[]>(`/api/users/${renter.user.id}/bookings`, renter.cookie);
    const ownSpaces = new Set((await get<Space[]>(`/api/spaces?ownerId=${owner.user.id}&limit=50`, owner.cookie)).map((space) => space.id));
    const ended = bookings.filter(
      (booking) =>
        booking.status === 'confirmed' &&
        ownSpaces.has(booking.spaceId) &&
        Date.now() - new Date(booking.endDate).getTime() < 4 * DAY_MS &&
        new Date(booking.endDate).getTime() < Date.now(),
    );
    expect(ended).toHaveLength(1);
    const days = (Date.now() - new Date(ended[0]!.endDate).getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(2);
    const view = await get<{ canReview: boolean; mine: unknown; theirsWritten: boolean }>(
      `/api/bookings/${ended[0]!.id}/reviews`,
      renter.cookie,
    );
    expect(view).toMatchObject({ canReview: true, mine: null, theirsWritten: false });
    const invited = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'review_invitation'));
    expect(invited.map((row) => row.userId).sort()).toEqual([owner.user.id, renter.user.id].sort());
  });

  it("fills the console's queue and inbox: open reports (one the demo renter's, about a listing), one resolved with its audit record, and contact messages", async () => {
    const admin = await logIn('admin@demo.clinicshare.test');
    const open = await get<ReportQueuePage>('/api/admin/reports?status=open', admin.cookie);
    expect(open.reports.length).toBeGreaterThanOrEqual(3);
    const byRenter = open.reports.find((report) => report.reporter.email === 'renter@demo.clinicshare.test');
    expect(byRenter).toMatchObject({
      targetType: 'space',
      reason: 'fraud',
      target: { label: expect.any(String), spaceId: byRenter?.targetId },
    });
    expect(byRenter!.comment.length).toBeGreaterThan(20);
    expect(open.reports.map((report) => report.targetType)).toContain('user');
    const resolved = await get<ReportQueuePage>('/api/admin/reports?status=resolved', admin.cookie);
    expect(resolved.reports).toHaveLength(1);
    expect(resolved.reports[0]).toMatchObject({ resolution: 'no_action', resolvedBy: 'Robin Okafor' });
    const audit = await get<AuditLogPage>('/api/admin/audit-log', admin.cookie);
    const record = audit.entries.find((entry) => entry.targetId === resolved.reports[0]!.id);
    expect(record).toMatchObject({ action: 'report.resolve', actor: { email: 'admin@demo.clinicshare.test' } });
    expect(Date.parse(record!.createdAt)).toBe(Date.parse(resolved.reports[0]!.resolvedAt!));
    // The demo renter's is older than a day: they still have all of today's reports to send (at most 10 a day).
    expect(Date.now() - Date.parse(byRenter!.createdAt)).toBeGreaterThan(DAY_MS);

    const inbox = await get<InboxPage>('/api/admin/contact-messages', admin.cookie);
    expect(inbox.messages).toHaveLength(3);
    expect(inbox.messages.filter((message) => message.userId !== null)).toHaveLength(1);
    // The renter's listing report shows in the user view too.
    const renter = await logIn('renter@demo.clinicshare.test');
    const view = await get<AdminUserDetail>(`/api/admin/users/${renter.user.id}`, admin.cookie);
    expect(view.reportsMade.items.map((report) => report.id)).toContain(byRenter!.id);
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
