/**
 * Reports, the console's queue and inbox, and its Overview
 * (docs/decisions/032-reports-and-the-overview.md): a signed-in user reports what they can see (404
 * otherwise), at most 10 a day (429), bad input is a 400 naming the field and saves nothing; the
 * queue shows the reported content; resolving records what was done with its audit record; the
 * inbox lists the contact form's messages newest first; the Overview's figures are the stored
 * bookings, series and refunds'. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../src/shared/schemas/overview';
import type { AdminReport, InboxPage, ReportQueuePage } from '../../src/shared/schemas/reports';
import { REPORTS_PER_DAY } from '../../src/shared/schemas/reports';
import {
  auditLog,
  conversations,
  medicalSpaces,
  messages,
  notifications,
  reports,
  reviews,
  sessions,
  users,
} from '../../src/server/db/schema';
import { FACTORY_PASSWORD, insertBooking, insertSeries, insertSpace, insertUser } from '../factories/db';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: { user: { id: string }; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin', firstName: 'Robin', lastName: 'Okafor' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
const report = (cookie: string | undefined, payload: object) => call('POST', '/api/reports', cookie, payload);
const noticesOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const resolve = (id: string, payload: object) => call('POST', `/api/admin/reports/${id}/resolve`, admin.cookie, payload);
const reportsBy = (userId: string) => t.db.select().from(reports).where(eq(reports.reporterId, userId));
const queue = async (status = 'open') => {
  const response = await call('GET', `/api/admin/reports?status=${status}`, admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportQueuePage>().reports;
};

/** A conversation between `a` and `b` with one message from `a`; returns the message's id. */
async function messageBetween(a: string, b: string, content = 'Pay me outside the platform') {
  const id = `${a}-${b}`;
  await t.db.insert(conversations).values({ id, participantA: a, participantB: b });
  const [row] = await t.db.insert(messages).values({ conversationId: id, senderId: a, receiverId: b, content }).returning();
  return row!.id;
}

/** A renter's review of `spaceId`, published (`published`) or still sealed. */
async function reviewOf(spaceId: string, ownerId: string, published: boolean, comment = 'The room was filthy') {
  const renter = await insertUser(t.db);
  const start = new Date(Date.now() - 3 * 86_400_000);
  const booking = await insertBooking(t.db, { spaceId, renterId: renter.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) });
  const [row] = await t.db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      spaceId,
      authorId: renter.id,
      authorSide: 'renter',
      subjectId: ownerId,
      rating: 1,
      comment,
      publishedAt: new Date(Date.now() + (published ? -60_000 : 7 * 86_400_000)),
    })
    .returning();
  return row!;
}

describe('POST /api/reports', () => {
  it('files a report of a listing, a published review, a message of ones own conversation and a user, each shown in the queue with its content', async () => {
    const { user: reporter, cookie } = await signedInUser(t, { firstName: 'Rae', lastName: 'Porter' });
    const owner = await insertUser(t.db, { firstName: 'Olive', lastName: 'Owens' });
    const space = await insertSpace(t.db, owner.id, { title: `Shady suite ${randomUUID().slice(0, 6)}` });
    const review = await reviewOf(space.id, owner.id, true);
    const message = await messageBetween(owner.id, reporter.id);

    const filed: Record<string, string> = {};
    for (const [targetType, targetId] of [
      ['space', space.id],
      ['review', review.id],
      ['message', message],
      ['user', owner.id],
    ] as const) {
      const response = await report(cookie, { targetType, targetId, reason: 'fraud', comment: `  About this ${targetType}  ` });
      expect(response.statusCode, response.body).toBe(201);
      filed[targetType] = response.json<{ id: string }>().id;
    }
    const stored = await reportsBy(reporter.id);
    expect(stored).toHaveLength(4);
    expect(stored.find((row) => row.targetType === 'space')?.comment).toBe('About this space');

    const open = await queue();
    const byId = (id: string) => open.find((row) => row.id === id)!;
    expect(byId(filed.space!)).toMatchObject({
      targetType: 'space',
      reason: 'fraud',
      reporter: { id: reporter.id, name: 'Rae Porter', email: reporter.email },
      target: { label: space.title, spaceId: space.id, userId: owner.id },
      resolvedAt: null,
    });
    expect(byId(filed.review!).target).toMatchObject({ text: 'The room was filthy', spaceId: space.id, label: `Review of ${space.title}` });
    expect(byId(filed.message!).target).toMatchObject({ text: 'Pay me outside the platform', userId: owner.id });
    expect(byId(filed.user!).target).toMatchObject({ label: 'Olive Owens', userId: owner.id });
  });

  it('answers 404 for what the reporter cannot see: another pair’s message, a sealed review, a hidden listing, an unknown id; and saves nothing', async () => {
    const { user: reporter, cookie } = await signedInUser(t);
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const othersMessage = await messageBetween(a.id, b.id);
    const hidden = await insertSpace(t.db, a.id, { active: false });
    const listed = await insertSpace(t.db, a.id);
    const sealed = await reviewOf(listed.id, a.id, false);
    for (const [targetType, targetId] of [
      ['message', othersMessage],
      ['review', sealed.id],
      ['space', hidden.id],
      ['space', randomUUID()],
      ['user', randomUUID()],
    ] as const) {
      const response = await report(cookie, { targetType, targetId, reason: 'spam', comment: '' });
      expect(response.statusCode, `${targetType} ${response.body}`).toBe(404);
    }
    // Reporting oneself is bad input.
    expect((await report(cookie, { targetType: 'user', targetId: reporter.id, reason: 'spam' })).statusCode).toBe(400);
    expect(await reportsBy(reporter.id)).toHaveLength(0);
    // A participant of the conversation may report its message.
    expect(
      (await report((await signedInUserFor(b.id)).cookie, { targetType: 'message', targetId: othersMessage, reason: 'spam' })).statusCode,
    ).toBe(201);
  });

  it('needs a session, and answers 400 naming the field for bad input, saving nothing', async () => {
    const { user: reporter, cookie } = await signedInUser(t);
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    expect((await report(undefined, { targetType: 'space', targetId: space.id, reason: 'spam' })).statusCode).toBe(401);
    const bad: [object, string][] = [
      [{ targetType: 'booking', targetId: space.id, reason: 'spam' }, 'targetType'],
      [{ targetType: 'space', targetId: 'not-an-id', reason: 'spam' }, 'targetId'],
      [{ targetType: 'space', targetId: space.id, reason: 'rude' }, 'reason'],
      [{ targetType: 'space', targetId: space.id, reason: 'other', comment: 'x'.repeat(2001) }, 'comment'],
      [{ targetType: 'space', targetId: space.id, reason: 'other', comment: 42 }, 'comment'],
    ];
    for (const [payload, field] of bad) {
      const response = await report(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await reportsBy(reporter.id)).toHaveLength(0);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per user, then 429 with Retry-After; older ones do not count`, async () => {
    const { user: reporter, cookie } = await signedInUser(t);
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    // One from two days ago does not count.
    await t.db.insert(reports).values({
      reporterId: reporter.id,
      targetType: 'space',
      targetId: space.id,
      reason: 'spam',
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const results = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 2 }, () => report(cookie, { targetType: 'space', targetId: space.id, reason: 'spam' })),
    );
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(REPORTS_PER_DAY);
    expect(codes.filter((code) => code === 429)).toHaveLength(2);
    const refused = results.find((response) => response.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportsBy(reporter.id)).toHaveLength(REPORTS_PER_DAY + 1);
    // Another user is not limited by it.
    const other = await signedInUser(t);
    expect((await report(other.cookie, { targetType: 'space', targetId: space.id, reason: 'spam' })).statusCode).toBe(201);
  });
});

/** Logs in an existing factory user by id (the factory's password). */
async function signedInUserFor(userId: string) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const response = await call('POST', '/api/login', undefined, { email: row!.email, password: FACTORY_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { cookie: sessionCookie(response) };
}

describe('POST /api/admin/reports/:id/resolve', () => {
  it('records what was done, by whom, with its audit record; a second resolve is 409 and changes nothing', async () => {
    const { cookie } = await signedInUser(t);
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const filed = (await report(cookie, { targetType: 'space', targetId: space.id, reason: 'unsafe', comment: 'No fire exit' })).json<{
      id: string;
    }>();

    const response = await call('POST', `/api/admin/reports/${filed.id}/resolve`, admin.cookie, {
      action: 'listing_taken_down',
      note: 'Took it down until the exit is fixed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminReport>()).toMatchObject({
      id: filed.id,
      resolution: 'listing_taken_down',
      resolutionNote: 'Took it down until the exit is fixed',
      resolvedBy: 'Robin Okafor',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, filed.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'report.resolve',
      targetType: 'report',
      reason: 'Took it down until the exit is fixed',
      before: expect.objectContaining({ resolvedAt: null, targetType: 'space', targetId: space.id }),
      after: expect.objectContaining({ resolution: 'listing_taken_down', carriedOut: { spaceId: space.id, alreadyDone: false } }),
    });
    // The listing is down, by the console's own takedown: its audit record, its page 410, its owner told.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, space.id))).toEqual([
      expect.objectContaining({ action: 'space.take_down', actorId: admin.user.id, reason: 'Took it down until the exit is fixed' }),
    ]);
    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(410);
    expect(await noticesOf(owner.id, 'listing_taken_down')).toHaveLength(1);
    expect((await queue()).some((row) => row.id === filed.id)).toBe(false);
    expect((await queue('resolved')).some((row) => row.id === filed.id)).toBe(true);

    const again = await call('POST', `/api/admin/reports/${filed.id}/resolve`, admin.cookie, { action: 'no_action' });
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, filed.id))).toHaveLength(1);
    expect((await call('POST', `/api/admin/reports/${randomUUID()}/resolve`, admin.cookie, { action: 'no_action' })).statusCode).toBe(404);
    const bad = await call('POST', `/api/admin/reports/${filed.id}/resolve`, admin.cookie, { action: 'burn_it' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('action');
  });
});

describe('resolving with an outcome that is an action', () => {
  /** A report of `targetType`/`targetId` by a new user; returns its id. */
  const fileReport = async (targetType: string, targetId: string) => {
    const { cookie } = await signedInUser(t);
    const response = await report(cookie, { targetType, targetId, reason: 'fraud' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const reportRow = async (id: string) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;
  const spaceRow = async (id: string) => (await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, id)))[0]!;
  const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, id));

  it('needs an outcome: none given is a 400 naming the field, and the report stays open', async () => {
    const owner = await insertUser(t.db);
    const id = await fileReport('space', (await insertSpace(t.db, owner.id)).id);
    const response = await resolve(id, { note: 'Looked fine' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('action');
    expect((await reportRow(id)).resolvedAt).toBeNull();
  });

  it('suspends the user a report is about, with the console’s own audit record, ending their sessions', async () => {
    const { user: target } = await signedInUser(t);
    const space = await insertSpace(t.db, target.id);
    const id = await fileReport('user', target.id);

    const response = await resolve(id, { action: 'user_suspended', note: 'Asked renters to pay in cash' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminReport>()).toMatchObject({ resolution: 'user_suspended' });
    const [user] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(user).toMatchObject({ suspensionReason: 'Asked renters to pay in cash' });
    expect(user!.suspendedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    expect(await auditOf(target.id)).toEqual([
      expect.objectContaining({
        action: 'user.suspend',
        actorId: admin.user.id,
        reason: 'Asked renters to pay in cash',
        after: expect.objectContaining({ sessionsEnded: 1, hiddenListings: [space.id] }),
      }),
    ]);
    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(410);
    expect(await noticesOf(target.id, 'account_suspended')).toHaveLength(1);
  });

  it('suspends the sender of a reported message', async () => {
    const { user: reporter, cookie } = await signedInUser(t);
    const sender = await insertUser(t.db);
    const message = await messageBetween(sender.id, reporter.id);
    const filed = await report(cookie, { targetType: 'message', targetId: message, reason: 'spam' });
    const response = await resolve(filed.json<{ id: string }>().id, { action: 'user_suspended', note: 'Spam' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, sender.id)))[0]!.suspendedAt).not.toBeNull();
  });

  it('accepts an outcome already done without a reason and does it not twice; refuses one not done without a reason', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const id = await fileReport('space', space.id);

    // Not done yet: a reason is needed (it is sent to the owner), and nothing changes without one.
    const refused = await resolve(id, { action: 'listing_taken_down' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'note' })] });
    expect((await reportRow(id)).resolvedAt).toBeNull();
    expect(await spaceRow(space.id)).toMatchObject({ active: true, takenDownAt: null });

    const takenDown = await call('POST', `/api/admin/spaces/${space.id}/take-down`, admin.cookie, { reason: 'Fake photos' });
    expect(takenDown.statusCode, takenDown.body).toBe(200);
    const response = await resolve(id, { action: 'listing_taken_down' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditOf(space.id)).toHaveLength(1);
    expect((await auditOf(id))[0]).toMatchObject({
      after: expect.objectContaining({ carriedOut: { spaceId: space.id, alreadyDone: true } }),
    });
    expect(await spaceRow(space.id)).toMatchObject({ takedownReason: 'Fake photos' });
  });

  it('refuses an outcome that cannot be done, changing nothing: no listing in a user report, a listing its owner removed, oneself', async () => {
    const someone = await insertUser(t.db);
    const aboutUser = await fileReport('user', someone.id);
    const noListing = await resolve(aboutUser, { action: 'listing_taken_down', note: 'Down' });
    expect(noListing.statusCode).toBe(400);
    expect(noListing.json()).toEqual({ message: 'This report concerns no listing to take down.', requestId: expect.any(String) });
    expect((await reportRow(aboutUser)).resolvedAt).toBeNull();

    // A listing archived after it was reported: the takedown's own 409, and the report stays open.
    const space = await insertSpace(t.db, someone.id);
    const aboutSpace = await fileReport('space', space.id);
    await t.db.update(medicalSpaces).set({ active: false }).where(eq(medicalSpaces.id, space.id));
    const archived = await resolve(aboutSpace, { action: 'listing_taken_down', note: 'Down' });
    expect(archived.statusCode).toBe(409);
    expect((await reportRow(aboutSpace)).resolvedAt).toBeNull();
    expect(await auditOf(space.id)).toEqual([]);
    expect(await auditOf(aboutSpace)).toEqual([]);

    const aboutAdmin = await fileReport('user', admin.user.id);
    const self = await resolve(aboutAdmin, { action: 'user_suspended', note: 'Me' });
    expect(self.statusCode).toBe(400);
    expect((await reportRow(aboutAdmin)).resolvedAt).toBeNull();
    expect((await t.db.select().from(users).where(eq(users.id, admin.user.id)))[0]!.suspendedAt).toBeNull();
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('lists the contact form’s messages, newest first', async () => {
    const send = (name: string) =>
      call('POST', '/api/contact', undefined, {
        name,
        email: 'sam@example.com',
        topic: 'payments',
        message: `A question from ${name} about refunds`,
      });
    const tag = randomUUID().slice(0, 6);
    expect((await send(`First ${tag}`)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await send(`Second ${tag}`)).statusCode).toBe(201);
    const response = await call('GET', '/api/admin/contact-messages', admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<InboxPage>();
    const mine = page.messages.filter((row) => row.name.endsWith(tag));
    expect(mine.map((row) => row.name)).toEqual([`Second ${tag}`, `First ${tag}`]);
    expect(mine[0]).toMatchObject({ email: 'sam@example.com', topic: 'payments', userId: null });
    expect(page).toMatchObject({ page: 1, hasMore: false });
    expect((await call('GET', '/api/admin/contact-messages?page=0', admin.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/overview', () => {
  const overview = async (query = '') => {
    const response = await call('GET', `/api/admin/overview${query}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Overview>();
  };
  const today = () => new Date().toISOString().slice(0, 10);

  it('counts paid single bookings and a series once, their value, fees and refunds, new users and listings, per day and month', async () => {
    const before = await overview();
    expect(before.daily).toHaveLength(30);
    expect(before.to).toBe(today());
    expect(before.monthly.length).toBeGreaterThanOrEqual(12);

    const owner = await insertUser(t.db);
    const renter = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const start = new Date(Date.now() + 10 * 86_400_000);
    const at = (days: number) => ({
      startAt: new Date(start.getTime() + days * 86_400_000),
      endAt: new Date(start.getTime() + days * 86_400_000 + 3_600_000),
    });
    // Paid: $150 with a $15 fee; $200 with a $20 fee, $50 of it refunded.
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      ...at(0),
      totalPrice: '150.00',
      platformFeeAmount: '15.00',
      paymentStatus: 'paid',
    });
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      ...at(1),
      totalPrice: '200.00',
      platformFeeAmount: '20.00',
      paymentStatus: 'partially_refunded',
      amountRefunded: '50.00',
    });
    // Not paid: a hold, and a declined request. Neither counts.
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      ...at(2),
      status: 'awaiting_payment',
      paymentStatus: 'requires_payment',
    });
    await insertBooking(t.db, { spaceId: space.id, renterId: renter.id, ...at(3), status: 'declined', paymentStatus: 'canceled' });
    // A series of two occurrences paid once ($300, $30 fee): one booking, its occurrences not again.
    const series = await insertSeries(
      t.db,
      {
        spaceId: space.id,
        renterId: renter.id,
        recurrence: { weekdays: ['mon'], count: 2 },
        totalPrice: '300.00',
        platformFeeAmount: '30.00',
        instantBook: true,
      },
      { status: 'paid', paidAt: new Date() },
    );
    for (const days of [7, 14])
      await insertBooking(t.db, {
        spaceId: space.id,
        renterId: renter.id,
        ...at(days),
        totalPrice: '150.00',
        seriesId: series!.id,
        paymentStatus: 'paid',
      });

    const after = await overview();
    const delta = (a: string, b: string) => (Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100;
    expect(after.totals.bookings - before.totals.bookings).toBe(3);
    expect(delta(after.totals.grossBookingValue, before.totals.grossBookingValue)).toBe(650);
    expect(delta(after.totals.platformFees, before.totals.platformFees)).toBe(65);
    expect(delta(after.totals.refunds, before.totals.refunds)).toBe(50);
    expect(after.totals.newUsers - before.totals.newUsers).toBe(2);
    expect(after.totals.newListings - before.totals.newListings).toBe(1);
    expect(after.totals.grossBookingValue).toMatch(/^\d+\.\d{2}$/);
    // Today's entry and this month's hold the same change.
    const day = (o: Overview) => o.daily.find((row) => row.period === today())!;
    const month = (o: Overview) => o.monthly.find((row) => row.period === today().slice(0, 7))!;
    expect(day(after).bookings - day(before).bookings).toBe(3);
    expect(month(after).bookings - month(before).bookings).toBe(3);
    expect(delta(month(after).refunds, month(before).refunds)).toBe(50);
    // The totals are the sum of the days.
    expect(after.daily.reduce((sum, row) => sum + row.bookings, 0)).toBe(after.totals.bookings);
  });

  it('takes a from/to range, and refuses a reversed or too long one or a bad date with 400', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ranged = await overview(`?from=${yesterday}&to=${yesterday}`);
    expect(ranged.daily.map((row) => row.period)).toEqual([yesterday]);
    expect(ranged.totals.bookings).toBe(ranged.daily[0]!.bookings);
    for (const query of [`?from=${today()}&to=${yesterday}`, '?from=2020-01-01&to=2026-01-01', '?from=yesterday', '?to=2026-13-01']) {
      const response = await call('GET', `/api/admin/overview${query}`, admin.cookie);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
