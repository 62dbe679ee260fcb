/**
 * The turnover checklist (src/server/stays/turnovers.ts, `turnoverProblem` in src/shared/stays.ts) and
 * the listing's day-of-stay settings: `requiresCheckIn` and `turnoverChecklist` are saved and shown by
 * the spaces' API; the renter (after checking in) and the owner attest the room's state, each
 * attestation kept and shown to both sides and the console; anything else is refused and keeps nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTurnovers } from '../../src/server/db/schema';
import { DEFAULT_TURNOVER_CHECKLIST } from '../../src/shared/schemas/turnover-checklist';
import { insertBooking, insertSpace } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the turnover checklist', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { userType: 'lister' });
  });
  afterAll(async () => {
    await t.close();
  });

  const listing = {
    title: 'Turnover Exam Room',
    description: 'An exam room whose owner asks renters to check in and to leave it ready.',
    spaceType: 'Examination Room',
    address: '10 S LaSalle St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60603',
    pricePerDay: '150.00',
    latitude: 41.88,
    longitude: -87.63,
  };

  it("saves a listing's check-in requirement and checklist, with their defaults, and refuses a bad checklist", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ requiresCheckIn: false, turnoverChecklist: [...DEFAULT_TURNOVER_CHECKLIST] });
    const id = created.json().id as string;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/spaces/${id}`, headers: { cookie: owner.cookie }, payload });
    const checklist = ['Exam table paper replaced', 'Surfaces disinfected'];
    const edited = await put({ ...listing, requiresCheckIn: true, turnoverChecklist: checklist });
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/spaces/${id}` });
    expect(shown.json()).toMatchObject({ requiresCheckIn: true, turnoverChecklist: checklist });
    // Left out of an edit: kept.
    expect((await put(listing)).json()).toMatchObject({ requiresCheckIn: true, turnoverChecklist: checklist });

    for (const bad of [Array.from({ length: 11 }, (_, i) => `Item ${i}`), ['x'.repeat(121)], ['Same', 'Same'], ['  '], 'Surfaces']) {
      const refused = await put({ ...listing, turnoverChecklist: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const tooLong = await put({ ...listing, turnoverChecklist: ['Fine', 'x'.repeat(121)] });
    expect(tooLong.json().issues).toEqual([expect.objectContaining({ path: 'body.turnoverChecklist.1' })]);
    expect((await put({ ...listing, turnoverChecklist: ['  Padded  '] })).json().turnoverChecklist).toEqual(['Padded']);
    await put({ ...listing, turnoverChecklist: checklist });
    expect((await put({ ...listing, requiresCheckIn: 'yes' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${id}` })).json().turnoverChecklist).toEqual(checklist);
  });

  /** A confirmed booking of a new space of the owner's (check-in required) by a new renter, started `startedAgo` ms ago, lasting 2 hours. */
  const booked = async (startedAgo: number) => {
    const spaceId = (await insertSpace(t.db, owner.user.id, { requiresCheckIn: true, turnoverChecklist: ['Surfaces disinfected'] })).id;
    const renter = await signedInUser(t);
    const start = new Date(Date.now() - startedAgo);
    const booking = await insertBooking(t.db, {
      spaceId,
      renterId: renter.user.id,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * HOUR),
      status: 'confirmed',
      paymentStatus: 'paid',
      requiresCheckIn: true,
    });
    return { renter, booking };
  };
  const attest = (id: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/turnover`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const log = (id: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/bookings/${id}/turnover`, headers: { cookie } });
  const kept = async (id: string) => t.db.select().from(bookingTurnovers).where(eq(bookingTurnovers.bookingId, id));
  const done = { items: [{ label: 'Surfaces disinfected', done: true }], note: 'Left the blinds open.' };

  it('is attested by the renter after checking in and by the owner, and shown to both and the console', async () => {
    const { renter, booking } = await booked(HOUR);
    const beforeCheckIn = await attest(booking.id, renter.cookie, done);
    expect(beforeCheckIn.statusCode).toBe(409);
    expect(beforeCheckIn.json().message).toBe('Check in before filling in the turnover checklist.');
    expect(await kept(booking.id)).toHaveLength(0);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/check-in`, headers: { cookie: renter.cookie } })).statusCode,
    ).toBe(200);
    const byRenter = await attest(booking.id, renter.cookie, done);
    expect(byRenter.statusCode, byRenter.body).toBe(200);
    expect(byRenter.json().entries).toEqual([
      expect.objectContaining({ role: 'renter', userId: renter.user.id, items: done.items, note: 'Left the blinds open.' }),
    ]);
    const byOwner = await attest(booking.id, owner.cookie, { items: [{ label: 'Surfaces disinfected', done: false }] });
    expect(byOwner.statusCode, byOwner.body).toBe(200);

    for (const viewer of [renter, owner]) {
      const seen = await log(booking.id, viewer.cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().checklist).toEqual(['Surfaces disinfected']);
      expect((seen.json().entries as { role: string; note: string | null }[]).map((entry) => [entry.role, entry.note])).toEqual([
        ['renter', 'Left the blinds open.'],
        ['owner', null],
      ]);
    }
    const stranger = await signedInUser(t);
    expect((await log(booking.id, stranger.cookie)).statusCode).toBe(403);
    expect((await attest(booking.id, stranger.cookie, done)).statusCode).toBe(403);
    expect((await attest(booking.id, undefined, done)).statusCode).toBe(401);
    expect((await attest('00000000-0000-4000-8000-000000000000', owner.cookie, done)).statusCode).toBe(404);

    const operator = await signedInUser(t, { role: 'admin' });
    const inConsole = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${booking.id}`, headers: { cookie: operator.cookie } });
    expect((inConsole.json().turnover as { role: string }[]).map((entry) => entry.role)).toEqual(['renter', 'owner']);
    expect(await kept(booking.id)).toHaveLength(2);
  });

  it('refuses bad items and keeps nothing', async () => {
    const { booking } = await booked(HOUR);
    const bad = [
      {},
      { items: [] },
      { items: [{ label: '', done: true }] },
      { items: [{ label: 'x'.repeat(121), done: true }] },
      { items: [{ label: 'Surfaces disinfected', done: 'yes' }] },
      {
        items: [
          { label: 'Surfaces disinfected', done: true },
          { label: 'Surfaces disinfected', done: false },
        ],
      },
      { items: Array.from({ length: 11 }, (_, i) => ({ label: `Item ${i}`, done: true })) },
      { items: done.items, note: 'x'.repeat(1001) },
    ];
    for (const payload of bad) expect((await attest(booking.id, owner.cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect(await kept(booking.id)).toHaveLength(0);

    // The owner only once check-in opens.
    const later = await booked(-2 * HOUR);
    const early = await attest(later.booking.id, owner.cookie, done);
    expect(early.statusCode).toBe(409);
    expect(await kept(later.booking.id)).toHaveLength(0);
  });
});
