/**
 * Every booking step tells the people concerned (docs/decisions/022-notifications-and-email.md):
 * the right kinds to the right people, once each however often a step is retried, in the step's
 * transaction (a rolled-back step tells nobody), with the expiry and reminder jobs enqueued for the
 * right instants, the confirmation's calendar file in the space's time zone, and payouts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { render } from '@react-email/render';
import ICAL from 'ical.js';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireBooking } from '../../src/server/bookings/expiry';
import { performBookingStep, remindBooking, type BookingStep } from '../../src/server/bookings/notices';
import { bookingPaymentSteps } from '../../src/server/bookings/payment-events';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { bookings, notifications, users } from '../../src/server/db/schema';
import { bookingEmailTemplates } from '../../src/server/notifications/emails/booking-emails';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { handleStripeEvent } from '../../src/server/payments/webhook';
import { insertSpace } from '../factories/db';
import { createBooking, createIntent, paidIntent } from '../helpers/booking-flow';
import { futureDate, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const HOUR_MS = 60 * 60 * 1000;
let t: TestApp;
let demo: DemoPaymentProvider;

// Preparing a fresh embedded database (migrations and the job schema) can take a while on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  demo = new DemoPaymentProvider(t.db);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const put = (url: string, cookie: string) => t.app.inject({ method: 'PUT', url, headers: { cookie } });
const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
/** A user's notifications, once the queued booking-step jobs have run. */
const noticesOf = async (userId: string) => {
  await performQueuedSteps();
  return t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
};
const kindsOf = async (userId: string) => (await noticesOf(userId)).map((notice) => notice.kind);

/** Rows of a raw query, on either driver. */
async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await t.db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
/**
 * Does what the workers do with the `booking-step` jobs a step enqueued (these tests run none):
 * performs each queued one, then marks it completed.
 */
async function performQueuedSteps(): Promise<void> {
  const queued = await rows<{ id: string; data: { bookingId: string; step: BookingStep; at: string } }>(
    sql`select id, data from pgboss.job where name = 'booking-step' and state = 'created' order by created_on`,
  );
  for (const job of queued) {
    await performBookingStep(t.db, job.data);
    await t.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'booking-step' and id = ${job.id}`);
  }
}
/** The queued jobs of `queue` for a booking, with when each may start. */
const jobsFor = (queue: string, bookingId: string) =>
  rows<{ start_after: string | Date }>(
    sql`select start_after from pgboss.job where name = ${queue} and data->>'bookingId' = ${bookingId} order by created_on`,
  );

/** An owner with a space in Chicago (a zone other than the test machine's), and a renter. */
async function people(spaceOverrides: Parameters<typeof insertSpace>[2] = {}) {
  const owner = await signedInUser(t, { firstName: 'Olivia', lastName: 'Owner' });
  const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
  const space = await insertSpace(t.db, owner.user.id, {
    title: 'Lakeview Exam Room',
    address: '1 Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
    rules: 'Front desk has the key; check in with ID.',
    ...spaceOverrides,
  });
  return { owner, renter, space };
}

/** A confirmed instant booking, made through the API. */
async function instantBooking(days = 20) {
  const who = await people();
  const dates = { startDate: futureDate(days), endDate: futureDate(days + 2) };
  const paid = await paidIntent(t, who.renter.cookie, who.space.id, dates);
  const created = await createBooking(t, who.renter.cookie, paid.booking);
  expect(created.statusCode).toBe(201);
  return { ...who, dates, paid, booking: created.json() as { id: string } };
}

/** A pending request (request-to-book), made through the API. */
async function pendingRequest(days = 20) {
  const who = await people({ instantBook: false });
  const dates = { startDate: futureDate(days), endDate: futureDate(days + 1) };
  const paid = await paidIntent(t, who.renter.cookie, who.space.id, dates);
  const created = await createBooking(t, who.renter.cookie, paid.booking);
  expect(created.statusCode).toBe(201);
  return { ...who, dates, paid, booking: created.json() as { id: string; requestExpiresAt: string } };
}

describe('instant booking', () => {
  it('tells the renter and the owner once, enqueues the reminder, and the calendar file is in the space zone', async () => {
    const { owner, renter, dates, paid, booking } = await instantBooking();
    // A retried POST /api/bookings (the same payment) tells nobody again.
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(200);

    expect(await kindsOf(renter.user.id)).toEqual(['booking_confirmed']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_confirmed']);
    const [toRenter] = await noticesOf(renter.user.id);
    expect(toRenter).toMatchObject({
      title: 'Booking confirmed: Lakeview Exam Room',
      link: `/profile?tab=bookings&booking=${booking.id}`,
      dedupeKey: `booking_confirmed:${booking.id}:${renter.user.id}`,
      inApp: true,
    });
    const start = midnightIn(dates.startDate, 'America/Chicago');
    expect(toRenter!.data).toMatchObject({
      bookingId: booking.id,
      spaceTitle: 'Lakeview Exam Room',
      address: '1 Lake Shore Dr, Chicago, IL 60601',
      timeZone: 'America/Chicago',
      startAt: start.toISOString(),
      totalCents: 30000,
      renterName: 'Rita Renter',
      ownerName: 'Olivia Owner',
      houseRules: 'Front desk has the key; check in with ID.',
    });

    // No expiry job for a hold (the per-minute sweep expires lapsed holds); the reminder 24 hours before the start.
    expect(await jobsFor('expire-booking', booking.id)).toHaveLength(0);
    const reminders = await jobsFor('booking-reminder', booking.id);
    expect(reminders.map((job) => new Date(job.start_after).getTime())).toEqual([start.getTime() - 24 * HOUR_MS]);

    // The confirmation email's calendar file, parsed back.
    const [renterUser] = await t.db.select().from(users).where(eq(users.id, renter.user.id));
    const email = bookingEmailTemplates.booking_confirmed!({
      notification: toRenter!,
      recipient: renterUser!,
      url: (path) => `https://clinicshare.test${path}`,
      unsubscribeUrl: 'https://clinicshare.test/unsubscribe?token=x',
    });
    expect(email.subject).toBe('Your booking is confirmed: Lakeview Exam Room');
    const ics = email.attachments?.find((attachment) => attachment.filename.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(ics!.content));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Chicago');
    if (zone) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone?.tzid).toBe('America/Chicago');
    expect([event.startDate.hour, event.startDate.minute]).toEqual([0, 0]);
    expect(event.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(event.endDate.toJSDate().getTime()).toBe(midnightIn(dates.endDate, 'America/Chicago').getTime());
    expect(event.location).toBe('1 Lake Shore Dr, Chicago, IL 60601');
    expect(event.description).toContain('Front desk has the key');
    expect(event.description).toContain(`https://clinicshare.test/profile?tab=bookings&booking=${booking.id}`);
  });

  it("links the booking's papers in the confirmation email: receipt and agreement, and the owner's payout statement", async () => {
    const { owner, renter, booking } = await instantBooking(25);
    const origin = 'https://clinicshare.test';
    for (const [who, papers] of [
      [renter, ['receipt', 'agreement']],
      [owner, ['receipt', 'agreement', 'payout-statement']],
    ] as const) {
      const [notice] = (await noticesOf(who.user.id)).filter((row) => row.kind === 'booking_confirmed');
      const [recipient] = await t.db.select().from(users).where(eq(users.id, who.user.id));
      const email = bookingEmailTemplates.booking_confirmed!({
        notification: notice!,
        recipient: recipient!,
        url: (path) => `${origin}${path}`,
        unsubscribeUrl: null,
      });
      const html = await render(email.element);
      const links = [...html.matchAll(/href="([^"]+\.pdf)"/g)].map((match) => match[1]!);
      expect(links).toEqual(papers.map((paper) => `${origin}/api/bookings/${booking.id}/${paper}.pdf`));
      expect(await render(email.element, { plainText: true })).toContain('Receipt (PDF)');
      // Each link opens the PDF for its recipient.
      for (const link of links) {
        const response = await t.app.inject({ method: 'GET', url: link.slice(origin.length), headers: { cookie: who.cookie } });
        expect(response.statusCode, link).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
      }
    }
  });

  it('the reminder job reminds the renter once, and not of a booking cancelled meanwhile', async () => {
    const { renter, owner, booking } = await instantBooking(21);
    expect(await remindBooking(t.db, booking.id)).toBe(true);
    expect(await remindBooking(t.db, booking.id)).toBe(false);
    expect((await kindsOf(renter.user.id)).filter((kind) => kind === 'booking_reminder')).toHaveLength(1);
    const [reminder] = (await noticesOf(renter.user.id)).filter((notice) => notice.kind === 'booking_reminder');
    expect(reminder!.link).toBe(`/profile?tab=bookings&booking=${booking.id}`);
    expect(reminder!.body).toContain("Check in on your booking's page when you arrive (from 30 minutes before the start).");
    expect(reminder!.body).not.toContain('no-show');
    expect(await kindsOf(owner.user.id)).not.toContain('booking_reminder');

    // A booking of a listing that required check-in: the reminder says what missing it means.
    const strict = await instantBooking(24);
    await t.db.update(bookings).set({ requiresCheckIn: true }).where(eq(bookings.id, strict.booking.id));
    expect(await remindBooking(t.db, strict.booking.id)).toBe(true);
    const [strictReminder] = (await noticesOf(strict.renter.user.id)).filter((notice) => notice.kind === 'booking_reminder');
    expect(strictReminder!.body).toContain(
      'This space requires check-in: without one 30 minutes after the start, the owner may mark a no-show.',
    );
    expect(strictReminder!.body).toContain('No-shows are not refunded.');

    const other = await instantBooking(22);
    expect((await put(`/api/bookings/${other.booking.id}/cancel`, other.renter.cookie)).statusCode).toBe(200);
    expect(await remindBooking(t.db, other.booking.id)).toBe(false);
    expect(await kindsOf(other.renter.user.id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });

  it('cancelling tells both with the refund and when it arrives, once', async () => {
    const { owner, renter, booking } = await instantBooking(23);
    expect((await put(`/api/bookings/${booking.id}/cancel`, owner.cookie)).statusCode).toBe(200);
    expect((await put(`/api/bookings/${booking.id}/cancel`, owner.cookie)).statusCode).toBe(409);
    const [toRenter] = (await noticesOf(renter.user.id)).filter((notice) => notice.kind === 'booking_cancelled');
    const [toOwner] = (await noticesOf(owner.user.id)).filter((notice) => notice.kind === 'booking_cancelled');
    expect(toRenter!.data).toMatchObject({ cancelledBy: 'owner', refundCents: 30000, refundArrival: '5-10 business days' });
    expect(toRenter!.body).toContain('Olivia Owner cancelled');
    expect(toRenter!.body).toContain('$300.00 is refunded to your card and arrives in 5-10 business days');
    expect(toOwner!.body).toContain('You cancelled');
    expect(await kindsOf(renter.user.id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });

  it('a step that rolls back after enqueueing its notifications tells nobody: no job, no notification, no change', async () => {
    const { owner, renter, booking } = await instantBooking(24);
    // Refuses the cancellation at commit, after the step has enqueued its booking-step job in the same transaction.
    await t.db.execute(
      sql.raw(
        `create or replace function test_refuse_cancel() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create constraint trigger test_refuse_cancel after update on bookings deferrable initially deferred for each row when (new.status = 'cancelled') execute function test_refuse_cancel()`,
      ),
    );
    try {
      expect((await put(`/api/bookings/${booking.id}/cancel`, renter.cookie)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger if exists test_refuse_cancel on bookings'));
    }
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed', refundAmount: null });
    const steps = await rows<{ step: string }>(
      sql`select data->>'step' as step from pgboss.job where name = 'booking-step' and data->>'bookingId' = ${booking.id}`,
    );
    expect(steps.map((job) => job.step)).toEqual(['confirmed']);
    expect(await kindsOf(renter.user.id)).toEqual(['booking_confirmed']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_confirmed']);
  });

  it('a step commits with one booking-step job; its notifications are written when the job runs, once however often it runs', async () => {
    const { owner, renter, booking } = await instantBooking(25);
    expect(await kindsOf(renter.user.id)).toEqual(['booking_confirmed']);
    expect((await put(`/api/bookings/${booking.id}/cancel`, renter.cookie)).statusCode).toBe(200);
    const [job] = await rows<{ data: { bookingId: string; step: BookingStep; at: string } }>(
      sql`select data from pgboss.job where name = 'booking-step' and data->>'bookingId' = ${booking.id} and data->>'step' = 'cancelled'`,
    );
    expect(job).toBeDefined();
    // Before the job runs, the cancellation has told nobody yet.
    const cancelledNotices = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'booking_cancelled'), sql`${notifications.data}->>'bookingId' = ${booking.id}`));
    expect(await cancelledNotices()).toHaveLength(0);
    expect(await performBookingStep(t.db, job!.data)).toBe(2);
    expect(await performBookingStep(t.db, job!.data)).toBe(0);
    expect(await kindsOf(renter.user.id)).toEqual(['booking_confirmed', 'booking_cancelled']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_confirmed', 'booking_cancelled']);
  });
});

describe('request-to-book', () => {
  it('tells the owner of the request once, with the time left, and enqueues its expiry at the deadline', async () => {
    const { owner, renter, paid, booking } = await pendingRequest();
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(200);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_requested']);
    expect(await kindsOf(renter.user.id)).toEqual([]);
    const [request] = await noticesOf(owner.user.id);
    expect(request).toMatchObject({
      title: 'Rita Renter asked to book Lakeview Exam Room',
      link: `/profile?tab=bookings&booking=${booking.id}`,
      dedupeKey: `booking_requested:${booking.id}:${owner.user.id}`,
    });
    expect(request!.body).toMatch(/within 4[78] hours/);
    expect(request!.data).toMatchObject({ requestExpiresAt: booking.requestExpiresAt, totalCents: 15000 });
    const expiries = (await jobsFor('expire-booking', booking.id)).map((job) => new Date(job.start_after).getTime());
    expect(expiries).toEqual([new Date(booking.requestExpiresAt).getTime()]);
  });

  it('accepting tells the renter request_accepted and the owner booking_confirmed, once', async () => {
    const { owner, renter, booking } = await pendingRequest(26);
    expect((await put(`/api/bookings/${booking.id}/accept`, owner.cookie)).statusCode).toBe(200);
    expect((await put(`/api/bookings/${booking.id}/accept`, owner.cookie)).statusCode).toBe(409);
    expect(await kindsOf(renter.user.id)).toEqual(['request_accepted']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_requested', 'booking_confirmed']);
    expect(await jobsFor('booking-reminder', booking.id)).toHaveLength(1);
  });

  it('declining tells the renter', async () => {
    const { owner, renter, booking } = await pendingRequest(27);
    expect((await put(`/api/bookings/${booking.id}/decline`, owner.cookie)).statusCode).toBe(200);
    expect((await put(`/api/bookings/${booking.id}/decline`, owner.cookie)).statusCode).toBe(409);
    expect(await kindsOf(renter.user.id)).toEqual(['request_declined']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_requested']);
  });

  it('an unanswered request expiring tells both, once, whether the job or the sweep expires it', async () => {
    const { owner, renter, booking } = await pendingRequest(28);
    await t.db
      .update(bookings)
      .set({ requestExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, booking.id));
    await reconcileBookings(t.db, demo);
    expect(await expireBooking(t.db, demo, booking.id)).toBe('not_due');
    expect(await kindsOf(renter.user.id)).toEqual(['request_expired']);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_requested', 'request_expired']);

    const other = await pendingRequest(29);
    await t.db
      .update(bookings)
      .set({ requestExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, other.booking.id));
    expect(await expireBooking(t.db, demo, other.booking.id)).toBe('request_expired');
    await reconcileBookings(t.db, demo);
    expect(await kindsOf(other.renter.user.id)).toEqual(['request_expired']);
  });
});

describe('holds', () => {
  it('a hold that lapses while paying tells the renter; one the renter released tells nobody', async () => {
    const { renter, space } = await people();
    const held = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    const { bookingId, holdExpiresAt } = held.json() as { bookingId: string; holdExpiresAt: string };
    expect(new Date(holdExpiresAt).getTime()).toBeGreaterThan(Date.now());
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, bookingId));
    expect(await expireBooking(t.db, demo, bookingId)).toBe('hold_expired');
    expect(await expireBooking(t.db, demo, bookingId)).toBe('not_due');
    await reconcileBookings(t.db, demo);
    const notices = await noticesOf(renter.user.id);
    expect(notices.map((notice) => notice.kind)).toEqual(['hold_expired']);
    expect(notices[0]!.link).toBe(`/spaces/${space.id}`);

    const other = await people();
    const released = await createIntent(t, other.renter.cookie, other.space.id, { startDate: futureDate(32), endDate: futureDate(33) });
    const releasedId = (released.json() as { bookingId: string }).bookingId;
    const release = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${releasedId}/hold`,
      headers: { cookie: other.renter.cookie },
    });
    expect(release.statusCode).toBe(204);
    await reconcileBookings(t.db, demo);
    expect(await kindsOf(other.renter.user.id)).toEqual([]);
  });

  it('the sweep expiring a lapsed hold tells its renter once', async () => {
    const { renter, space } = await people();
    const held = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(34), endDate: futureDate(35) });
    const { bookingId } = held.json() as { bookingId: string };
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, bookingId));
    await reconcileBookings(t.db, demo);
    await reconcileBookings(t.db, demo);
    expect(await kindsOf(renter.user.id)).toEqual(['hold_expired']);
  });
});

describe('payouts', () => {
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
  /** A `payout.paid` event on connected account `account`. */
  const payoutEvent = (id: string, account: string | undefined, payoutId: string) =>
    ({
      id,
      object: 'event',
      type: 'payout.paid',
      ...(account ? { account } : {}),
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: payoutId,
          object: 'payout',
          amount: 27000,
          currency: 'usd',
          arrival_date: Math.floor(Date.now() / 1000) + 2 * 24 * 3600,
          status: 'paid',
        },
      },
    }) as unknown as Stripe.Event;

  it('payout.paid on a connected account tells its owner once, even redelivered or sent twice', async () => {
    const owner = await signedInUser(t, { firstName: 'Olivia', lastName: 'Owner' });
    await t.db.update(users).set({ stripeConnectAccountId: 'acct_payout_owner' }).where(eq(users.id, owner.user.id));
    expect(await handleStripeEvent(t.db, demo, bookingPaymentSteps, payoutEvent('evt_payout_1', 'acct_payout_owner', 'po_1'), log)).toBe(
      'handled',
    );
    expect(await handleStripeEvent(t.db, demo, bookingPaymentSteps, payoutEvent('evt_payout_1', 'acct_payout_owner', 'po_1'), log)).toBe(
      'duplicate',
    );
    expect(await handleStripeEvent(t.db, demo, bookingPaymentSteps, payoutEvent('evt_payout_2', 'acct_payout_owner', 'po_1'), log)).toBe(
      'handled',
    );
    // The platform's own payouts (no `account`) and unknown accounts tell nobody.
    expect(await handleStripeEvent(t.db, demo, bookingPaymentSteps, payoutEvent('evt_payout_3', undefined, 'po_2'), log)).toBe('handled');
    expect(await handleStripeEvent(t.db, demo, bookingPaymentSteps, payoutEvent('evt_payout_4', 'acct_nobody', 'po_3'), log)).toBe(
      'handled',
    );
    const notices = await noticesOf(owner.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'payout_sent',
      title: 'Payout of $270.00 sent',
      dedupeKey: `payout_sent:po_1:${owner.user.id}`,
    });
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'payout_sent'), eq(notifications.dedupeKey, 'payout_sent:po_2'))),
    ).toEqual([]);
  });
});

describe('a weekly series (docs/decisions/026-booking-series.md)', () => {
  it('is told once per step, naming its bookings and its total; one occurrence cancelled is told alone', async () => {
    const { owner, renter, space } = await people({ pricePerDay: '100.00' });
    const first = futureDate(10);
    const weekday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[new Date(`${first}T12:00:00Z`).getUTCDay()];
    const dates = { startDate: first, endDate: futureDate(11) };
    const paid = await paidIntent(t, renter.cookie, space.id, dates, { recurrence: { weekdays: [weekday], count: 4 } });
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(201);

    const confirmed = await noticesOf(renter.user.id);
    expect(confirmed.map((notice) => notice.kind)).toEqual(['booking_confirmed']);
    expect(confirmed[0]!.body).toMatch(/weekly: 4 bookings until .* You paid \$400\.00\.$/);
    expect(await kindsOf(owner.user.id)).toEqual(['booking_confirmed']);
    // The confirmation email carries every occurrence as an event of its own, parsed back.
    const [renterUser] = await t.db.select().from(users).where(eq(users.id, renter.user.id));
    const email = bookingEmailTemplates.booking_confirmed!({
      notification: confirmed[0]!,
      recipient: renterUser!,
      url: (path) => `https://clinicshare.test${path}`,
      unsubscribeUrl: 'https://clinicshare.test/unsubscribe?token=x',
    });
    const ics = email.attachments?.find((attachment) => attachment.filename.endsWith('.ics'));
    const events = new ICAL.Component(ICAL.parse(ics!.content)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.startDate.toString().slice(0, 10))).toEqual([0, 7, 14, 21].map((days) => futureDate(10 + days)));
    expect(new Set(events.map((event) => event.uid)).size).toBe(4);
    // Each occurrence gets its own reminder.
    const occurrences = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, (paid as unknown as { seriesId: string }).seriesId));
    expect(occurrences).toHaveLength(4);
    for (const occurrence of occurrences) expect(await jobsFor('booking-reminder', occurrence.id)).toHaveLength(1);

    const last = occurrences.sort((a, b) => a.startAt.getTime() - b.startAt.getTime()).at(-1)!;
    expect((await put(`/api/bookings/${last.id}/cancel`, renter.cookie)).statusCode).toBe(200);
    const afterOne = (await noticesOf(renter.user.id)).filter((notice) => notice.kind === 'booking_cancelled');
    expect(afterOne).toHaveLength(1);
    expect(afterOne[0]!.body).not.toMatch(/weekly/);

    const seriesId = last.seriesId!;
    expect((await put(`/api/booking-series/${seriesId}/cancel`, renter.cookie)).statusCode).toBe(200);
    const cancelled = (await noticesOf(renter.user.id)).filter((notice) => notice.kind === 'booking_cancelled');
    expect(cancelled).toHaveLength(2);
    expect(cancelled[1]!.body).toMatch(/weekly: 3 bookings until .*\$300\.00 is refunded to your card/);
  });
});
