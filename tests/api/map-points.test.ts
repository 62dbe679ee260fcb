/**
 * GET /api/spaces/map-points: server-side clustering by zoom and bounding
 * box with the search filters; the counts add up to the filtered total at
 * every zoom, and the payload stays small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceValues } from '../factories/db';
import { insertUser } from '../factories/db';
import { medicalSpaces } from '../../src/server/db/schema';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
const WORLD = '-180,-90,180,90';
const BOSTON = '-71.2,42.2,-70.9,42.5';

beforeAll(async () => {
  t = await createTestApp();
  const owner = (await insertUser(t.db)).id;
  const rows = [];
  // 400 spaces spread over the contiguous US on a deterministic pseudo-random walk, 40 of them in Boston.
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 400; i++) {
    const inBoston = i % 10 === 0;
    const lat = inBoston ? 42.3 + random() * 0.1 : 26 + random() * 22;
    const lng = inBoston ? -71.1 + random() * 0.1 : -123 + random() * 53;
    rows.push(
      spaceValues(owner, {
        title: `Room ${i}`,
        latitude: lat.toFixed(7),
        longitude: lng.toFixed(7),
        spaceType: i % 3 === 0 ? 'Dental Suite' : 'Examination Room',
        pricePerDay: String(50 + (i % 7) * 50),
        amenities: i % 2 === 0 ? ['Wi-Fi', 'Parking'] : ['Wi-Fi'],
      }),
    );
  }
  rows.push(spaceValues(owner, { title: 'Archived', active: false }));
  rows.push(spaceValues(owner, { title: 'Unplaced', latitude: null, longitude: null, spaceType: 'Laboratory' }));
  rows.push(spaceValues(owner, { title: 'Fiji clinic', latitude: '-17.7000000', longitude: '178.4000000', spaceType: 'Laboratory' }));
  rows.push(spaceValues(owner, { title: 'Samoa clinic', latitude: '-13.8000000', longitude: '-171.7000000', spaceType: 'Laboratory' }));
  await t.db.insert(medicalSpaces).values(rows);
});
afterAll(async () => {
  await t.close();
});

async function points(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces/map-points?${query}` });
  return {
    status: response.statusCode,
    body: response.json() as {
      total: number;
      points: { lat: number; lng: number; count: number; id?: string; bounds?: [number, number, number, number] }[];
    },
  };
}

async function listTotal(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces?limit=1&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['x-total-count']);
}

describe('GET /api/spaces/map-points', () => {
  it('clusters so the counts add up to the filtered total at every zoom, with fewer markers when zoomed out', async () => {
    for (const filters of ['', 'spaceType=Dental%20Suite', 'maxPrice=150&amenities=Parking', 'location=Room%201']) {
      // Every active space with coordinates: the list's total minus the one without coordinates.
      const expected = (await listTotal(filters)) - (filters === '' ? 1 : 0);
      let previous = 0;
      for (let zoom = 0; zoom <= 18; zoom++) {
        const { status, body } = await points(`bbox=${WORLD}&zoom=${zoom}&${filters}`);
        expect(status).toBe(200);
        expect(body.total, `zoom ${zoom} ${filters}`).toBe(expected);
        expect(body.points.reduce((sum, point) => sum + point.count, 0)).toBe(expected);
        for (const point of body.points) expect(point.count === 1).toBe(point.id !== undefined);
        expect(body.points.length).toBeGreaterThanOrEqual(previous);
        previous = body.points.length;
      }
    }
    const overview = await points(`bbox=${WORLD}&zoom=2`);
    expect(overview.body.points.length).toBeLessThan(40);
    const close = await points(`bbox=${WORLD}&zoom=18`);
    expect(close.body.points.length).toBeGreaterThan(390); // nearly every space on its own at street level
  });

  it("gives each cluster the bounds of its spaces, which hold its centre; Boston's cluster is Boston", async () => {
    const { body } = await points(`bbox=${WORLD}&zoom=4`);
    const clusters = body.points.filter((point) => point.count > 1);
    expect(clusters.length).toBeGreaterThan(0);
    for (const point of body.points) expect(point.bounds === undefined).toBe(point.count === 1);
    for (const { lat, lng, bounds } of clusters) {
      const [south, west, north, east] = bounds!;
      expect(south).toBeLessThanOrEqual(lat);
      expect(north).toBeGreaterThanOrEqual(lat);
      expect(west).toBeLessThanOrEqual(lng);
      expect(east).toBeGreaterThanOrEqual(lng);
    }
    // The 40 Boston spaces (42.3-42.4, -71.1 to -71.0) at zoom 8: one cluster whose bounds are theirs, not its 1.3-degree cell.
    const boston = await points(`bbox=${BOSTON}&zoom=8`);
    const [cluster] = boston.body.points.filter((point) => point.count > 1);
    const [south, west, north, east] = cluster!.bounds!;
    expect(south).toBeGreaterThanOrEqual(42.3);
    expect(north).toBeLessThanOrEqual(42.4);
    expect(west).toBeGreaterThanOrEqual(-71.1);
    expect(east).toBeLessThanOrEqual(-71.0);
  });

  it('keeps to the bounding box, also across the antimeridian, and filters the list by it', async () => {
    const boston = await points(`bbox=${BOSTON}&zoom=10`);
    expect(boston.body.total).toBe(40);
    expect(await listTotal(`bbox=${BOSTON}`)).toBe(40);
    for (const point of boston.body.points) {
      expect(point.lat).toBeGreaterThan(42.2);
      expect(point.lng).toBeLessThan(-70.9);
    }
    const pacific = await points('bbox=170,-25,-165,-5&zoom=12');
    expect(pacific.body.total).toBe(2);
    expect(pacific.body.points.map((point) => point.count)).toEqual([1, 1]);
  });

  it('counts each bounding box of the list on its own: one box never reuses the cached count of another', async () => {
    expect(await listTotal(`bbox=${BOSTON}`)).toBe(40);
    expect(await listTotal('bbox=170,-25,-165,-5')).toBe(2);
    expect(await listTotal(`bbox=${WORLD}`)).toBe(402);
  });

  it('answers a view asked again from its cache, and a space listed or removed through the API shows at once', async () => {
    const before = await points(`bbox=${WORLD}&zoom=4`);
    expect(await points(`bbox=${WORLD}&zoom=4`)).toEqual(before);
    const owner = await signedInUser(t);
    const listing = {
      ownerId: owner.user.id,
      title: 'New Boston room',
      description: 'A room.',
      spaceType: 'Examination Room',
      address: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zipCode: '02116',
      amenities: ['Wi-Fi'],
      equipment: ['Examination Table'],
      pricePerDay: '120.00',
      latitude: 42.35,
      longitude: -71.07,
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing });
    expect(created.statusCode, created.body).toBe(201);
    expect((await points(`bbox=${WORLD}&zoom=4`)).body.total).toBe(before.body.total + 1);
    expect((await points(`bbox=${BOSTON}&zoom=10`)).body.total).toBe(41);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/spaces/${created.json<{ id: string }>().id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await points(`bbox=${WORLD}&zoom=4`)).toEqual(before);
    expect((await points(`bbox=${BOSTON}&zoom=10`)).body.total).toBe(40);
  });

  it('answers 400 for a bad bounding box or zoom', async () => {
    for (const query of [
      'zoom=3',
      `bbox=${WORLD}`,
      'bbox=1,2,3&zoom=3',
      'bbox=0,50,10,40&zoom=3',
      'bbox=-200,0,0,10&zoom=3',
      'bbox=a,b,c,d&zoom=3',
      `bbox=${WORLD}&zoom=40`,
      `bbox=${WORLD}&zoom=1e1`,
    ]) {
      expect((await points(query)).status, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/spaces?bbox=nonsense' })).statusCode).toBe(400);
  });
});
