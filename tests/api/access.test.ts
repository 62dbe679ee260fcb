/**
 * A booking's way in (src/server/access, src/shared/access.ts; docs/product.md#the-day-of-the-stay):
 * a `door_code` listing's booking gets a code from the lock provider when it is confirmed, shown
 * to the renter only inside the reveal window and to the owner always, to nobody else; the code is
 * deleted when the booking is cancelled and after its end; every reveal is logged. With the HTTP
 * provider (a fake access-code API), the calls are made, and a failing provider leaves the booking
 * confirmed, tells the owner and is retried. Bad `access` input is refused and changes nothing.
 */
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLockProvider } from '../../src/server/access/create-lock-provider';
import { performBookingStep } from '../../src/server/bookings/notices';
import { revealAccess } from '../../src/server/access/service';
import { rescheduleAccessCode, syncAccessCode } from '../../src/server/access/sync';
import { accessCodes, accessReveals, bookings, medicalSpaces, notifications } from '../../src/server/db/schema';
import { CODE_VALID_AFTER_MINUTES, CODE_VALID_BEFORE_MINUTES } from '../../src/shared/access';
import { insertBooking, insertSpace } from '../factories/db';
import { paidIntent, createBooking } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeLockServer, type FakeLockServer } from '../helpers/fake-lock-server';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The ids of bookings with a `sync-access-code` job waiting (the jobs these tests run themselves). */
async function queuedSyncs(t: TestApp): Promise<string[]> {
  const result = await t.db.execute(
    sql`select data->>'bookingId' as id from pgboss.job where name = 'sync-access-code' and state in ('created', 'retry')`,
  );
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as { id: string }[];
  return rows.map((row) => row.id);
}

const liveCode = async (t: TestApp, bookingId: string) =>
  (await t.db.select().from(accessCodes).where(eq(accessCodes.bookingId, bookingId))).find((row) => row.deletedAt === null) ?? null;

describe('door codes with the demo lock provider', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let spaceId: string;
  const locks = createLockProvider({ locks: { provider: 'demo' } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { userType: 'lister' });
    spaceId = (
      await insertSpace(t.db, owner.user.id, {
        accessMethod: 'door_code',
        accessRevealHours: 24,
        accessInstructions: 'Side door, keypad on the left.',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const access = (bookingId: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/access`, headers: cookie ? { cookie } : {} });

  it('makes the code on confirmation, hides it from the renter before the window, shows it to the owner and nobody else, deletes it on cancellation', async () => {
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(5), endDate: futureDate(6) };
    const paid = await paidIntent(t, renter.cookie, spaceId, dates);
    const made = await createBooking(t, renter.cookie, { ...paid.booking, renterId: renter.user.id });
    expect(made.statusCode, made.body).toBe(201);
    const bookingId = paid.bookingId;
    expect(await queuedSyncs(t)).toContain(bookingId);
    expect(await syncAccessCode(t.db, locks, bookingId)).toBe('created');
    const code = await liveCode(t, bookingId);
    expect(code?.code).toMatch(/^\d{6}$/);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(code!.validFrom.getTime()).toBe(booking!.startAt.getTime() - CODE_VALID_BEFORE_MINUTES * MINUTE);
    expect(code!.validUntil.getTime()).toBe(booking!.endAt.getTime() + CODE_VALID_AFTER_MINUTES * MINUTE);
    // Run again: nothing more.
    expect(await syncAccessCode(t.db, locks, bookingId)).toBe('unchanged');

    const byRenter = await access(bookingId, renter.cookie);
    expect(byRenter.statusCode, byRenter.body).toBe(200);
    expect(byRenter.headers['cache-control']).toBe('no-store');
    expect(byRenter.json()).toEqual({
      method: 'door_code',
      revealAt: new Date(booking!.startAt.getTime() - 24 * HOUR).toISOString(),
      validFrom: code!.validFrom.toISOString(),
      validUntil: code!.validUntil.toISOString(),
    });
    expect(byRenter.body).not.toContain(code!.code);
    // Nothing told the renter the code before the window (the confirmation's notices, which their emails are made of).
    expect(await revealAccess(t.db, bookingId)).toBe(false);
    await performBookingStep(t.db, { bookingId, step: 'confirmed', at: new Date().toISOString() });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, renter.user.id));
    expect(told.length).toBeGreaterThan(0);
    expect(JSON.stringify(told)).not.toContain(code!.code);

    const byOwner = await access(bookingId, owner.cookie);
    expect(byOwner.json()).toMatchObject({ method: 'door_code', code: code!.code, instructions: 'Side door, keypad on the left.' });

    const stranger = await signedInUser(t);
    expect((await access(bookingId, stranger.cookie)).statusCode).toBe(403);
    expect((await access(bookingId)).statusCode).toBe(401);
    expect((await access('6f1c1c1e-0000-4000-8000-000000000000', owner.cookie)).statusCode).toBe(404);
    expect((await access('not-a-booking', owner.cookie)).statusCode).toBe(404);

    // One reveal logged: the owner's.
    const reveals = await t.db.select().from(accessReveals).where(eq(accessReveals.bookingId, bookingId));
    expect(reveals.map((row) => [row.userId, row.role, row.revealed])).toEqual([[owner.user.id, 'owner', 'code,instructions']]);

    // The cancellation enqueues one more sync (beside the one waiting for the code's end).
    const syncsOf = async (id: string) => (await queuedSyncs(t)).filter((queued) => queued === id).length;
    const waiting = await syncsOf(bookingId);
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/cancel`, headers: { cookie: renter.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await syncsOf(bookingId)).toBe(waiting + 1);
    expect(await syncAccessCode(t.db, locks, bookingId)).toBe('deleted');
    expect(await liveCode(t, bookingId)).toBeNull();
    expect((await access(bookingId, owner.cookie)).json().code).toBeUndefined();
  });

  it('shows the renter the code and instructions inside the window, tells them once, logs each reveal, and deletes the code after the end', async () => {
    const renter = await signedInUser(t);
    const start = new Date(Date.now() + 2 * HOUR);
    const booking = await insertBooking(t.db, {
      spaceId,
      renterId: renter.user.id,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * HOUR),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect(await syncAccessCode(t.db, locks, booking.id)).toBe('created');
    const code = (await liveCode(t, booking.id))!;

    const shown = await access(booking.id, renter.cookie);
    expect(shown.json()).toMatchObject({ method: 'door_code', code: code.code, instructions: 'Side door, keypad on the left.' });
    await access(booking.id, renter.cookie);
    const reveals = await t.db
      .select()
      .from(accessReveals)
      .where(and(eq(accessReveals.bookingId, booking.id), eq(accessReveals.userId, renter.user.id)));
    expect(reveals).toHaveLength(2);
    expect(reveals.every((row) => row.role === 'renter' && row.accessCodeId === code.id)).toBe(true);

    // The reveal's notification carries the code, once.
    expect(await revealAccess(t.db, booking.id)).toBe(true);
    expect(await revealAccess(t.db, booking.id)).toBe(false);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, renter.user.id), eq(notifications.kind, 'access_ready')));
    expect(told?.body).toContain(code.code);

    // Moved an hour later (rescheduling): the old code goes, a new one opens for the new times.
    const moved = { startAt: new Date(booking.startAt.getTime() + HOUR), endAt: new Date(booking.endAt.getTime() + HOUR) };
    await t.db.transaction(async (tx) => {
      await tx.update(bookings).set(moved).where(eq(bookings.id, booking.id));
      await rescheduleAccessCode(tx, booking.id);
    });
    expect(await queuedSyncs(t)).toContain(booking.id);
    expect(await syncAccessCode(t.db, locks, booking.id)).toBe('replaced');
    const replaced = (await liveCode(t, booking.id))!;
    expect(replaced.id).not.toBe(code.id);
    expect(replaced.validFrom.getTime()).toBe(moved.startAt.getTime() - CODE_VALID_BEFORE_MINUTES * MINUTE);
    expect(replaced.validUntil.getTime()).toBe(moved.endAt.getTime() + CODE_VALID_AFTER_MINUTES * MINUTE);
    Object.assign(booking, moved);

    // 15 minutes after the end the code is deleted, and the renter no longer sees it.
    const afterEnd = new Date(booking.endAt.getTime() + (CODE_VALID_AFTER_MINUTES + 1) * MINUTE);
    expect(await syncAccessCode(t.db, locks, booking.id, afterEnd)).toBe('deleted');
    expect(await liveCode(t, booking.id)).toBeNull();
    expect((await access(booking.id, owner.cookie)).json().code).toBeUndefined();
  });

  it('reveals instructions of an instructions listing only inside the window, and none of it in the public listing', async () => {
    const space = await insertSpace(t.db, owner.user.id, { accessRevealHours: 3, accessInstructions: 'Ask at the front desk.' });
    const renter = await signedInUser(t);
    const soon = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: new Date(Date.now() + 2 * HOUR),
      endAt: new Date(Date.now() + 4 * HOUR),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    const later = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: new Date(Date.now() + 30 * HOUR),
      endAt: new Date(Date.now() + 32 * HOUR),
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    expect(await syncAccessCode(t.db, locks, soon.id)).toBe('unchanged');
    expect(await liveCode(t, soon.id)).toBeNull();
    expect((await access(soon.id, renter.cookie)).json()).toEqual({
      method: 'instructions',
      revealAt: new Date(soon.startAt.getTime() - 3 * HOUR).toISOString(),
      instructions: 'Ask at the front desk.',
    });
    expect((await access(later.id, renter.cookie)).json().instructions).toBeUndefined();

    const publicView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` });
    expect(publicView.json().access).toEqual({ method: 'instructions', revealHoursBefore: 3 });
    expect(publicView.body).not.toContain('front desk');
    const renterView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}`, headers: { cookie: renter.cookie } });
    expect(renterView.body).not.toContain('front desk');
    const ownerView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie } });
    expect(ownerView.json().access).toEqual({ method: 'instructions', revealHoursBefore: 3, instructions: 'Ask at the front desk.' });
  });
});

describe("a listing's access input", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { userType: 'lister' });
  });
  afterAll(async () => {
    await t.close();
  });

  const listing = (access?: unknown) => ({
    title: 'Quiet consult room',
    description: 'A consult room with a desk and two chairs.',
    spaceType: 'Consultation Room',
    address: '1 Main St',
    city: 'Boston',
    state: 'MA',
    zipCode: '02116',
    pricePerDay: '100',
    ...(access === undefined ? {} : { access }),
  });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload: payload as Record<string, unknown> });
  const count = async () => (await t.db.select({ id: medicalSpaces.id }).from(medicalSpaces)).length;

  it('saves the method, hours and instructions, defaults them, and keeps them when left out of an edit', async () => {
    const plain = await send('POST', '/api/spaces', listing());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().access).toEqual({ method: 'instructions', revealHoursBefore: 24, instructions: null });

    const made = await send('POST', '/api/spaces', listing({ method: 'door_code', revealHoursBefore: '48', instructions: '  Suite 4  ' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().access).toEqual({ method: 'door_code', revealHoursBefore: 48, instructions: 'Suite 4' });
    const id = made.json().id as string;
    const kept = await send('PUT', `/api/spaces/${id}`, listing());
    expect(kept.json().access).toEqual({ method: 'door_code', revealHoursBefore: 48, instructions: 'Suite 4' });
    const cleared = await send('PUT', `/api/spaces/${id}`, listing({ method: 'instructions', revealHoursBefore: 1, instructions: '' }));
    expect(cleared.json().access).toEqual({ method: 'instructions', revealHoursBefore: 1, instructions: null });
  });

  it('refuses a bad method, reveal hours out of 1-72 or not whole, and instructions too long, changing nothing', async () => {
    const made = await send('POST', '/api/spaces', listing({ method: 'door_code', revealHoursBefore: 12 }));
    const id = made.json().id as string;
    const before = await count();
    const bad = [
      { method: 'keypad', revealHoursBefore: 12 },
      { method: 'door_code', revealHoursBefore: 0 },
      { method: 'door_code', revealHoursBefore: 73 },
      { method: 'door_code', revealHoursBefore: 1.5 },
      { method: 'door_code' },
      { method: 'instructions', revealHoursBefore: 24, instructions: 'x'.repeat(2001) },
      'door_code',
    ];
    for (const access of bad) {
      const created = await send('POST', '/api/spaces', listing(access));
      expect(created.statusCode, JSON.stringify(access)).toBe(400);
      expect(created.body).toMatch(/access/);
      const edited = await send('PUT', `/api/spaces/${id}`, listing(access));
      expect(edited.statusCode, JSON.stringify(access)).toBe(400);
    }
    expect(await count()).toBe(before);
    const [row] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, id));
    expect([row!.accessMethod, row!.accessRevealHours]).toEqual(['door_code', 12]);
  });
});

describe('door codes with the HTTP lock provider', () => {
  const API_KEY = 'lock_test_key';
  let lockServer: FakeLockServer;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let spaceId: string;
  const log: string[] = [];

  beforeAll(async () => {
    lockServer = await startFakeLockServer(API_KEY);
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(
      { LOCKS: 'http', LOCK_API_URL: lockServer.url, LOCK_API_KEY: API_KEY, LOG_LEVEL: 'info' },
      { jobs: true, logTo },
    );
    owner = await signedInUser(t, { userType: 'lister' });
    spaceId = (await insertSpace(t.db, owner.user.id, { accessMethod: 'door_code', accessRevealHours: 72 })).id;
  });
  afterAll(async () => {
    await t?.close();
    await lockServer?.close();
  });

  const until = async <T>(what: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (value) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('creates the code on the lock when the booking is confirmed and deletes it when cancelled, logging no code', async () => {
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, spaceId, { startDate: futureDate(1), endDate: futureDate(2) });
    const made = await createBooking(t, renter.cookie, { ...paid.booking, renterId: renter.user.id });
    expect(made.statusCode, made.body).toBe(201);
    const code = await until(() => liveCode(t, paid.bookingId));
    expect(code.provider).toBe('http');
    const create = lockServer.calls.find((call) => call.path === '/v1/access_codes/create')!;
    expect(create).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      status: 200,
      body: { device_id: spaceId, starts_at: code.validFrom.toISOString(), ends_at: code.validUntil.toISOString() },
    });
    expect(lockServer.codes.get(code.externalId)?.code).toBe(code.code);

    // Inside the 72-hour window: the renter sees it.
    const shown = await t.app.inject({ method: 'GET', url: `/api/bookings/${paid.bookingId}/access`, headers: { cookie: renter.cookie } });
    expect(shown.json().code).toBe(code.code);

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${paid.bookingId}/cancel`,
      headers: { cookie: renter.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await until(async () => (await liveCode(t, paid.bookingId)) === null);
    expect(lockServer.calls.some((call) => call.path === '/v1/access_codes/delete' && call.body.access_code_id === code.externalId)).toBe(
      true,
    );
    expect(lockServer.codes.has(code.externalId)).toBe(false);
    expect(log.join('')).toContain(`/api/bookings/${paid.bookingId}/access`);
    expect(log.join('')).not.toContain(code.code);
  });

  it('leaves the booking confirmed when the lock fails, tells the owner, and retries until it works', async () => {
    lockServer.status = 503;
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, spaceId, { startDate: futureDate(3), endDate: futureDate(4) });
    const made = await createBooking(t, renter.cookie, { ...paid.booking, renterId: renter.user.id });
    expect(made.statusCode, made.body).toBe(201);
    const told = await until(async () => {
      const [row] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'access_code_failed')));
      return row;
    });
    expect(told.title).toContain('Door code not set up yet');
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(booking?.status).toBe('confirmed');
    expect(lockServer.calls.filter((call) => call.status === 503).length).toBeGreaterThan(0);
    const waiting = await until(async () => {
      const result = await t.db.execute(
        sql`select id from pgboss.job where name = 'sync-access-code' and state = 'retry' and data->>'bookingId' = ${paid.bookingId}`,
      );
      return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).length > 0;
    });
    expect(waiting).toBe(true);

    // The lock is back; the retry (brought forward from its backoff) makes the code.
    lockServer.status = 200;
    await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'sync-access-code' and state = 'retry'`);
    const code = await until(() => liveCode(t, paid.bookingId));
    expect(lockServer.codes.get(code.externalId)?.code).toBe(code.code);
  });
});
