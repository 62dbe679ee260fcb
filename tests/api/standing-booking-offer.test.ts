/**
 * A listing's offer of standing bookings (`standingBookings`, src/shared/schemas/standing-bookings.ts):
 * none by default, set on create and edit, kept when an edit leaves it out, withdrawn with null, shown
 * to anyone by `GET /api/spaces/{id}`; bad values are 400 and save nothing; a listing priced per month
 * cannot offer it (standing bookings repeat weekly), whatever the route or the writer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicalSpaces } from '../../src/server/db/schema';
import { STANDING_MONTHLY_MESSAGE, type StandingBookingOffer } from '../../src/shared/schemas/standing-bookings';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInUser(t)).cookie;
});
afterAll(async () => {
  await t.close();
});

const OFFER: StandingBookingOffer = { billing: ['weekly', 'monthly'], noticeDays: 30, minimumTermMonths: 3 };

/** A listing in Bismarck (no other test space is there), with `overrides`. */
const listing = (overrides: object = {}) => ({
  title: 'Tuesday Therapy Room',
  description: 'A quiet therapy room, let by the morning.',
  spaceType: 'Consultation Room',
  capacity: 2,
  address: '200 E Main Ave',
  city: 'Bismarck',
  state: 'ND',
  zipCode: '58501',
  latitude: 46.8083,
  longitude: -100.7837,
  amenities: ['Wi-Fi'],
  equipment: [],
  pricePerDay: '90',
  pricePeriod: 'daily',
  ...overrides,
});

type Answer = { id: string; standingBookings: StandingBookingOffer | null };

async function create(overrides: object = {}): Promise<Answer> {
  const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: listing(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The space as anyone sees it (no session). */
const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/spaces/${id}` })).json() as Answer;

const put = (id: string, payload: object, headers = { cookie }) =>
  t.app.inject({ method: 'PUT', url: `/api/spaces/${id}`, headers, payload });

describe('a listing’s standing bookings offer', () => {
  it('is null when a new listing leaves it out', async () => {
    const space = await create();
    expect(space.standingBookings).toBeNull();
    expect((await read(space.id)).standingBookings).toBeNull();
  });

  it('is set on create and shown to anyone, changed and kept on edit, withdrawn with null', async () => {
    const space = await create({ standingBookings: OFFER });
    expect(space.standingBookings).toEqual(OFFER);
    expect((await read(space.id)).standingBookings).toEqual(OFFER);

    const weekly = { billing: ['weekly'], noticeDays: 14, minimumTermMonths: 0 };
    const edited = await put(space.id, listing({ standingBookings: weekly }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Answer).standingBookings).toEqual(weekly);

    // Left out: kept (an older form that does not know it changes nothing).
    expect((await put(space.id, listing({ title: 'Renamed Room' }))).statusCode).toBe(200);
    expect(await read(space.id)).toMatchObject({ title: 'Renamed Room', standingBookings: weekly });

    expect((await put(space.id, listing({ standingBookings: null }))).statusCode).toBe(200);
    expect((await read(space.id)).standingBookings).toBeNull();
  });

  it.each([
    ['no billing', { ...OFFER, billing: [] }, 'Offer weekly or monthly billing, or both'],
    ['a billing twice', { ...OFFER, billing: ['weekly', 'weekly'] }, 'Offer each billing once'],
    ['an unknown billing', { ...OFFER, billing: ['daily'] }, 'Billing is weekly or monthly'],
    ['too little notice', { ...OFFER, noticeDays: 6 }, 'Notice must be whole days from 7 to 90'],
    ['too much notice', { ...OFFER, noticeDays: 91 }, 'Notice must be whole days from 7 to 90'],
    ['part of a day of notice', { ...OFFER, noticeDays: 7.5 }, 'Notice must be whole days from 7 to 90'],
    ['notice as text', { ...OFFER, noticeDays: 'thirty' }, 'Notice must be whole days from 7 to 90'],
    ['a negative minimum term', { ...OFFER, minimumTermMonths: -1 }, 'The minimum term must be whole months from 0 to 12'],
    ['a minimum term of 13 months', { ...OFFER, minimumTermMonths: 13 }, 'The minimum term must be whole months from 0 to 12'],
    ['an unknown field', { ...OFFER, until: futureDate(30) }, 'until'],
    ['no notice', { billing: ['weekly'], minimumTermMonths: 0 }, 'Notice must be whole days from 7 to 90'],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_, offer, message) => {
    const space = await create({ title: 'Unchanged Room', standingBookings: OFFER });
    const response = await put(space.id, listing({ title: 'Changed Room', standingBookings: offer }));
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; issues: Array<{ path: string; message: string }> };
    expect(body.issues[0]!.path).toMatch(/^body\.standingBookings/);
    expect(JSON.stringify(body)).toContain(message);
    expect(await read(space.id)).toMatchObject({ title: 'Unchanged Room', standingBookings: OFFER });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: listing({ standingBookings: offer }),
    });
    expect(created.statusCode).toBe(400);
  });

  it('is edited by the owner only (the listing’s own 403)', async () => {
    const space = await create();
    const other = await signedInUser(t);
    const response = await put(space.id, listing({ standingBookings: OFFER }), { cookie: other.cookie });
    expect(response.statusCode).toBe(403);
    expect((await read(space.id)).standingBookings).toBeNull();
  });
});

describe('a listing priced per month', () => {
  it('cannot offer standing bookings on create', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: listing({ pricePeriod: 'monthly', pricePerDay: '1800', standingBookings: OFFER }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'body.standingBookings', message: STANDING_MONTHLY_MESSAGE }] });
    // Without the offer, the same listing is fine.
    expect((await create({ pricePeriod: 'monthly', pricePerDay: '1800', standingBookings: null })).standingBookings).toBeNull();
  });

  it('cannot become monthly while it offers them, sent or kept; withdrawing the offer lets it', async () => {
    const space = await create({ standingBookings: OFFER });
    const monthly = { pricePeriod: 'monthly', pricePerDay: '1800' };

    const sent = await put(space.id, listing({ ...monthly, standingBookings: OFFER }));
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ message: `Invalid body.standingBookings: ${STANDING_MONTHLY_MESSAGE}` });

    const kept = await put(space.id, listing(monthly));
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toMatchObject({ message: STANDING_MONTHLY_MESSAGE, issues: [{ path: 'body.standingBookings' }] });
    expect(await read(space.id)).toMatchObject({ pricePeriod: 'daily', standingBookings: OFFER });

    const withdrawn = await put(space.id, listing({ ...monthly, standingBookings: null }));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await read(space.id)).toMatchObject({ pricePeriod: 'monthly', standingBookings: null });

    // The database holds the rule too, whatever writes the row.
    await expect(t.db.update(medicalSpaces).set({ standingBookings: OFFER }).where(eq(medicalSpaces.id, space.id))).rejects.toThrow();
  });
});
