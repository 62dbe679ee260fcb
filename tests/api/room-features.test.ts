/**
 * Room features (src/shared/schemas/room-features.ts): stated by the owner on create and edit as known
 * identifiers only, shown by `GET /api/spaces/{id}`, and searched by `features=a,b` (every one of them),
 * alone, with a location and with a date; the map points share the filter. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicalSpaces } from '../../src/server/db/schema';
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

/** A listing in Fargo (no other test space is there), with `overrides`. */
const listing = (overrides: object = {}) => ({
  title: 'Quiet Consult Room',
  description: 'A consult room with a door that closes.',
  spaceType: 'Consultation Room',
  capacity: 2,
  address: '1 Broadway N',
  city: 'Fargo',
  state: 'ND',
  zipCode: '58102',
  latitude: 46.8772,
  longitude: -96.7898,
  amenities: ['Wi-Fi'],
  equipment: [],
  pricePerDay: '120',
  pricePeriod: 'daily',
  ...overrides,
});

async function create(overrides: object = {}): Promise<{ id: string; features: string[] }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: listing(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/spaces/${id}` })).json() as { features: string[] };

async function titlesFound(query: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ title: string }>).map((space) => space.title).sort();
}

describe('a listing’s features', () => {
  it('are stated on create and edit, shown by GET /api/spaces/{id}, and kept when an edit leaves them out', async () => {
    const created = await create({ features: ['sound_privacy', 'private_entrance'] });
    expect(created.features).toEqual(['sound_privacy', 'private_entrance']);
    expect((await read(created.id)).features).toEqual(['sound_privacy', 'private_entrance']);

    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/spaces/${created.id}`, headers: { cookie }, payload });
    // Kept in the list's order, whatever the order sent.
    const edited = await put(listing({ features: ['ada_accessible', 'autoclave'] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read(created.id)).features).toEqual(['autoclave', 'ada_accessible']);

    expect((await put(listing({ title: 'Renamed' }))).statusCode).toBe(200);
    expect((await read(created.id)).features).toEqual(['autoclave', 'ada_accessible']);
    expect((await put(listing({ features: [] }))).statusCode).toBe(200);
    expect((await read(created.id)).features).toEqual([]);
  });

  it('are none when a new listing leaves them out', async () => {
    expect((await create()).features).toEqual([]);
  });

  it('refuses an unknown or repeated identifier with a 400 that names it, changing nothing', async () => {
    const space = await create({ title: 'Unchanged Room', features: ['autoclave'] });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie },
      payload: listing({ title: 'Changed Room', features: ['autoclave', 'hot_tub'] }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown room feature \\"hot_tub\\"');
    const repeated = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie },
      payload: listing({ title: 'Changed Room', features: ['autoclave', 'autoclave'] }),
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body).toContain('Each room feature can be stated only once');
    expect(await read(space.id)).toMatchObject({ title: 'Unchanged Room', features: ['autoclave'] });

    // Free text is not a feature either, and a refused listing is not created.
    const before = await titlesFound('location=Fargo&limit=100');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: listing({ title: 'Free Text Room', features: ['Sound privacy'] }),
    });
    expect(created.statusCode).toBe(400);
    expect(await titlesFound('location=Fargo&limit=100')).toEqual(before);

    // The database holds the rule too, whatever writes the row.
    await expect(
      t.db
        .update(medicalSpaces)
        .set({ features: ['hot_tub'] as never })
        .where(eq(medicalSpaces.id, space.id)),
    ).rejects.toThrow();
    expect((await read(space.id)).features).toEqual(['autoclave']);
  });
});

describe('GET /api/spaces?features', () => {
  const day = futureDate(10);
  beforeAll(async () => {
    await create({ title: 'Both Features Fargo', features: ['sound_privacy', 'private_entrance', 'sharps_disposal'] });
    await create({ title: 'Sound Only Fargo', features: ['sound_privacy'] });
    await create({ title: 'Entrance Only Fargo', features: ['private_entrance'] });
    await create({
      title: 'Both Features Closed Fargo',
      features: ['private_entrance', 'sound_privacy'],
      blockedDates: [{ start: day, end: day }],
    });
    await create({
      title: 'Both Features Bismarck',
      address: '221 N 5th St',
      city: 'Bismarck',
      zipCode: '58501',
      latitude: 46.8083,
      longitude: -100.7837,
      features: ['sound_privacy', 'private_entrance'],
    });
  });

  it('finds only the spaces having every feature asked, comma-separated or repeated', async () => {
    const both = ['Both Features Bismarck', 'Both Features Closed Fargo', 'Both Features Fargo'];
    expect(await titlesFound('features=sound_privacy,private_entrance&limit=100')).toEqual(both);
    expect(await titlesFound('features=private_entrance&features=sound_privacy&limit=100')).toEqual(both);
    expect(await titlesFound('features=sharps_disposal,sound_privacy&limit=100')).toEqual(['Both Features Fargo']);
    const response = await t.app.inject({ method: 'GET', url: '/api/spaces?features=sound_privacy,private_entrance&limit=1' });
    expect(response.headers['x-total-count']).toBe('3');
  });

  it('combines with a location and with a date', async () => {
    expect(await titlesFound('features=sound_privacy,private_entrance&location=Fargo&limit=100')).toEqual([
      'Both Features Closed Fargo',
      'Both Features Fargo',
    ]);
    // The closed space is not available that day; the others are (no schedule: open every day).
    expect(await titlesFound(`features=sound_privacy,private_entrance&availableOn=${day}&limit=100`)).toEqual([
      'Both Features Bismarck',
      'Both Features Fargo',
    ]);
    expect(await titlesFound(`features=sound_privacy,private_entrance&location=Fargo&availableOn=${day}&limit=100`)).toEqual([
      'Both Features Fargo',
    ]);
  });

  it('refuses an unknown identifier with a 400 that names it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/spaces?features=sound_privacy,jacuzzi' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Unknown room feature \\"jacuzzi\\"');
  });

  it('filters the map points too', async () => {
    const points = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/spaces/map-points?bbox=-105,45,-95,48&zoom=18&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { total: number }).total;
    };
    expect(await points('features=sharps_disposal,sound_privacy')).toBe(1);
    expect(await points('features=sound_privacy,private_entrance')).toBe(3);
  });
});
