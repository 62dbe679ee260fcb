/**
 * Geocoding on the server (docs/decisions/013-geocoding-on-the-server.md) against a local fake Nominatim:
 * Nominatim first (identifying User-Agent, at most 1 request a second,
 * cached in the database), then the ZIP centroid, then null coordinates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeCache } from '../../src/server/db/schema';
import { addressQuery } from '../../src/server/geocoding/geocoder';
import { startFakeNominatim, type FakeNominatim } from '../helpers/fake-nominatim';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let fake: FakeNominatim;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeNominatim();
  t = await createTestApp({ GEOCODER: 'nominatim', NOMINATIM_URL: fake.url, GEOCODER_CONTACT: 'ops@clinicshare.test' });
  cookie = (await signedInUser(t)).cookie;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const base = {
  title: 'Geocoded Room',
  description: 'Where is it?',
  spaceType: 'Consultation Room',
  address: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60606',
  amenities: ['Wi-Fi'],
  equipment: ['Examination Table'],
  pricePerDay: '90',
};

async function list(overrides: object = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: { ...base, ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { latitude: string | null; longitude: string | null };
}

describe('geocoding chain', () => {
  it('asks Nominatim with the documented query and an identifying User-Agent, then answers from the cache', async () => {
    fake.places.set(addressQuery(base), { lat: '41.8788764', lon: '-87.6359149' });
    const first = await list();
    expect(first).toMatchObject({ latitude: '41.8788764', longitude: '-87.6359149' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.q).toBe('233 S Wacker Dr, Chicago, IL 60606, USA');
    expect(fake.requests[0]!.userAgent).toMatch(/^ClinicShare\/[\d.]+ \(ops@clinicshare\.test\)$/);

    const again = await list({ address: '233  s wacker dr' }); // same address, other spacing and case
    expect(again).toMatchObject({ latitude: '41.8788764', longitude: '-87.6359149' });
    expect(fake.requests).toHaveLength(1);
    expect((await t.db.select().from(geocodeCache)).length).toBe(1);
  });

  it('falls back to the ZIP centroid when Nominatim finds nothing, and caches the miss', async () => {
    const before = fake.requests.length;
    const unknown = { address: '1 Nowhere Lane', city: 'Austin', state: 'TX', zipCode: '78701' };
    const placed = await list(unknown);
    expect(Number(placed.latitude)).toBeCloseTo(30.27, 1);
    expect(Number(placed.longitude)).toBeCloseTo(-97.74, 1);
    await list(unknown);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('lists with null coordinates when neither Nominatim nor the ZIP table places the address', async () => {
    const nowhere = await list({ address: '9 Imaginary Rd', city: 'Atlantis', state: 'NV', zipCode: '00000' });
    expect(nowhere).toMatchObject({ latitude: null, longitude: null });
  });

  it('falls back to the ZIP centroid when Nominatim fails or times out, without caching the failure', async () => {
    const address = { address: '5 Error St', city: 'Boston', state: 'MA', zipCode: '02108' };
    fake.mode = 'error';
    const failed = await list(address);
    expect(Number(failed.latitude)).toBeCloseTo(42.36, 1);
    fake.mode = 'hang';
    const started = Date.now();
    const slow = await list({ ...address, address: '6 Slow St' });
    expect(Number(slow.latitude)).toBeCloseTo(42.36, 1);
    expect(Date.now() - started).toBeLessThan(10_000);
    fake.mode = 'ok';
    fake.places.set(addressQuery(address), { lat: '42.3570000', lon: '-71.0620000' });
    expect(await list(address)).toMatchObject({ latitude: '42.3570000', longitude: '-71.0620000' });
  });

  it('sends at most one request a second, however many listings arrive at once', async () => {
    const from = fake.requests.length;
    await Promise.all([1, 2, 3].map((n) => list({ address: `${n}00 Parallel Ave` })));
    const times = fake.requests.slice(from).map((request) => request.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(990);
  });

  it('previews the pin for the wizard, signed in only', async () => {
    const query = new URLSearchParams({ address: base.address, city: base.city, state: base.state, zipCode: base.zipCode });
    expect((await t.app.inject({ method: 'GET', url: `/api/geocode?${query}` })).statusCode).toBe(401);
    const preview = await t.app.inject({ method: 'GET', url: `/api/geocode?${query}`, headers: { cookie } });
    expect(preview.json()).toEqual({ location: { latitude: 41.8788764, longitude: -87.6359149, source: 'nominatim' } });
  });
});

describe('GEOCODER=zip and off', () => {
  it('uses only the ZIP centroid, or nothing', async () => {
    for (const [mode, expected] of [
      ['zip', 41.88],
      ['off', null],
    ] as const) {
      const app = await createTestApp({ GEOCODER: mode, NOMINATIM_URL: fake.url });
      try {
        const owner = await signedInUser(app);
        const before = fake.requests.length;
        const response = await app.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: base });
        const { latitude } = response.json();
        if (expected === null) expect(latitude).toBeNull();
        else expect(Number(latitude)).toBeCloseTo(expected, 1);
        expect(fake.requests.length).toBe(before);
      } finally {
        await app.close();
      }
    }
  }, 60_000); // two apps, each on a fresh database: slower than one request on a busy machine
});
