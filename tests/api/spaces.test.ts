import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../factories/db';
import { medicalSpaces } from '../../src/server/db/schema';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ownerA: string;
let ownerB: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerA = (await insertUser(t.db)).id;
  ownerB = (await insertUser(t.db)).id;
  const base = Date.now();
  const at = (minutes: number) => new Date(base - minutes * 60_000);
  await insertSpace(t.db, ownerA, {
    title: 'Sunlit Dental Suite near Back Bay',
    spaceType: 'Dental Suite',
    city: 'Boston',
    state: 'MA',
    zipCode: '02116',
    address: '500 Boylston St',
    pricePerDay: '300.00',
    amenities: ['Wi-Fi', 'Parking', 'Sterilization Room'],
    equipment: ['Dental Chairs', 'Autoclave'],
    optimalSpecialty: 'Dentistry',
    createdAt: at(1),
  });
  await insertSpace(t.db, ownerA, {
    title: 'Quiet Consultation Room',
    spaceType: 'Consultation Room',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    address: '100 Congress Ave',
    pricePerDay: '45.50',
    pricePeriod: 'hourly',
    amenities: ['Wi-Fi'],
    equipment: ['Medical Equipment Cart'],
    optimalSpecialty: 'Psychiatry',
    createdAt: at(2),
  });
  await insertSpace(t.db, ownerB, {
    title: 'Turnkey Surgical Suite',
    spaceType: 'Surgical Suite',
    city: 'Houston',
    state: 'TX',
    zipCode: '77030',
    address: '6565 Fannin St',
    pricePerDay: '2500.00',
    amenities: ['Parking', 'Recovery Room'],
    equipment: ['Operating Table', 'Surgical Lights'],
    optimalSpecialty: 'Surgery',
    createdAt: at(3),
  });
  await insertSpace(t.db, ownerB, {
    title: 'Inactive Exam Room',
    city: 'Boston',
    active: false,
    createdAt: at(4),
  });
  for (let i = 0; i < 30; i++) {
    await insertSpace(t.db, ownerB, {
      title: `Exam Room ${i}`,
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      address: `${i} Larimer St`,
      createdAt: at(10 + i),
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces${query}` });
  const body = response.json();
  const titles = Array.isArray(body) ? (body as { title: string }[]).map((s) => s.title) : [];
  return { status: response.statusCode, total: Number(response.headers['x-total-count']), titles, body };
}

describe('GET /api/spaces', () => {
  it('pages through active spaces, newest first, with the total in X-Total-Count', async () => {
    const first = await search('');
    expect(first.status).toBe(200);
    expect(first.total).toBe(33);
    expect(first.titles).toHaveLength(24);
    expect(first.titles.slice(0, 3)).toEqual(['Sunlit Dental Suite near Back Bay', 'Quiet Consultation Room', 'Turnkey Surgical Suite']);
    expect(first.titles).not.toContain('Inactive Exam Room');
    const second = await search('?limit=24&offset=24');
    expect(second.titles).toHaveLength(9);
    expect(new Set([...first.titles, ...second.titles]).size).toBe(33);
  });

  it('matches location text against city, state, ZIP, address or title, case-insensitively', async () => {
    expect((await search('?location=boston')).titles).toEqual(['Sunlit Dental Suite near Back Bay']);
    expect((await search('?location=TX')).titles).toEqual(['Quiet Consultation Room', 'Turnkey Surgical Suite']);
    expect((await search('?location=78701')).titles).toEqual(['Quiet Consultation Room']);
    expect((await search('?location=Fannin')).titles).toEqual(['Turnkey Surgical Suite']);
    expect((await search('?location=back%20bay')).titles).toEqual(['Sunlit Dental Suite near Back Bay']);
    expect((await search('?location=Austin%2C%20TX')).titles).toEqual(['Quiet Consultation Room']);
    expect((await search('?location=100%25')).total).toBe(0); // wildcards are literal
  });

  it('filters by space type, specialty and price range; "all" and "any" clear a filter', async () => {
    expect((await search('?spaceType=Dental%20Suite')).titles).toEqual(['Sunlit Dental Suite near Back Bay']);
    expect((await search('?spaceType=all')).total).toBe(33);
    expect((await search('?specialty=surgery')).titles).toEqual(['Turnkey Surgical Suite']);
    expect((await search('?specialty=any')).total).toBe(33);
    expect((await search('?minPrice=200&maxPrice=1000')).titles).toEqual(['Sunlit Dental Suite near Back Bay']);
    expect((await search('?maxPrice=45.5')).titles).toEqual(['Quiet Consultation Room']);
    expect((await search('?minPrice=&maxPrice=')).total).toBe(33);
  });

  it('requires every repeated amenity and equipment item to match', async () => {
    expect((await search('?amenities=Wi-Fi')).titles).toEqual([
      'Sunlit Dental Suite near Back Bay',
      'Quiet Consultation Room',
      ...Array.from({ length: 22 }, (_, i) => `Exam Room ${i}`),
    ]);
    expect((await search('?amenities=Wi-Fi&amenities=Parking')).titles).toEqual(['Sunlit Dental Suite near Back Bay']);
    expect((await search('?amenities=Parking&equipment=Operating%20Table')).titles).toEqual(['Turnkey Surgical Suite']);
    expect((await search('?equipment=Operating%20Table&equipment=Autoclave')).total).toBe(0);
  });

  it("lists an owner's spaces with ownerId", async () => {
    expect((await search(`?ownerId=${ownerA}`)).titles).toEqual(['Sunlit Dental Suite near Back Bay', 'Quiet Consultation Room']);
  });

  it('answers bad filters with 400', async () => {
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?offset=-1',
      '?minPrice=abc',
      '?spaceType=Garage',
      '?amenities=Jacuzzi',
      '?ownerId=42',
    ]) {
      const result = await search(query);
      expect(result.status, query).toBe(400);
      expect(result.body.message, query).toBeTruthy();
    }
  });

  const byCityPredicate = sql`${medicalSpaces.searchText} ilike ${'%oust%'}`;
  const byAmenityPredicate = sql`${medicalSpaces.amenities} @> array['Recovery Room']::text[]`;

  it('finds by trigram and array filters with only index scans allowed (PGlite extension order)', async () => {
    // Forcing index scans proves the indexes answer correctly
    // (docs/architecture.md#toolchain-notes: PGlite extension order).
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const byCity = await tx.select({ title: medicalSpaces.title }).from(medicalSpaces).where(byCityPredicate);
      const byAmenity = await tx.select({ title: medicalSpaces.title }).from(medicalSpaces).where(byAmenityPredicate);
      return { byCity, byAmenity };
    });
    expect(rows.byCity.map((r) => r.title)).toEqual(['Turnkey Surgical Suite']);
    expect(rows.byAmenity.map((r) => r.title)).toEqual(['Turnkey Surgical Suite']);
  });

  it('plans those filters on the trigram and GIN indexes, on the embedded and the server database alike', async () => {
    // With a handful of rows the planner prefers a sequential scan; with seq scans priced out it picks
    // an index only if one exists and can serve the predicate, so the plan names the index or fails.
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (where: SQL) => {
        const result = (await tx.execute(
          sql`explain ${tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(where)}`,
        )) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      return { byCity: await explain(byCityPredicate), byAmenity: await explain(byAmenityPredicate) };
    });
    expect(plans).toEqual({
      byCity: expect.stringMatching(/Index Scan on medical_spaces_search_text_trgm_idx/),
      byAmenity: expect.stringMatching(/Index Scan on medical_spaces_amenities_idx/),
    });
  });
});

describe('GET /api/spaces/:id', () => {
  it('returns one space with decimal strings and its time zone', async () => {
    const [row] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.title, 'Quiet Consultation Room'));
    const response = await t.app.inject({ method: 'GET', url: `/api/spaces/${row!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: row!.id,
      pricePerDay: '45.50',
      pricePeriod: 'hourly',
      timeZone: 'America/Chicago',
      latitude: '42.3496000',
    });
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/spaces/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/spaces/not-a-uuid' })).statusCode).toBe(404);
  });
});

const newSpace = {
  title: 'Modern Exam Room in the Loop',
  description: 'A modern examination room with natural light.',
  spaceType: 'Examination Room',
  capacity: 3,
  address: '55 E Monroe St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60603',
  amenities: ['Wi-Fi', 'Natural Light'],
  equipment: ['Examination Table'],
  pricePerDay: '175.5',
  pricePeriod: 'daily',
};

describe('POST /api/spaces', () => {
  it('lists a space for the session user, placing it at the ZIP centroid', async () => {
    const { user, cookie } = await signedInUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: newSpace });
    expect(response.statusCode).toBe(201);
    const space = response.json();
    expect(space).toMatchObject({ ownerId: user.id, pricePerDay: '175.50', capacity: 3, active: true, images: [] });
    expect(Number(space.latitude)).toBeCloseTo(41.88, 1);
    expect(Number(space.longitude)).toBeCloseTo(-87.63, 1);
  });

  it('defaults to instant booking with the flexible policy; a listing may be request-to-book with another policy', async () => {
    const { cookie } = await signedInUser(t);
    const plain = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: newSpace });
    expect(plain.json()).toMatchObject({ instantBook: true, cancellationPolicyTier: 'flexible' });
    const payload = { ...newSpace, instantBook: false, cancellationPolicyTier: 'strict' };
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload });
    expect(created.statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/spaces/${created.json().id}` });
    expect(read.json()).toMatchObject({ instantBook: false, cancellationPolicyTier: 'strict' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: { ...newSpace, cancellationPolicyTier: 'lenient' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores an inline image as a re-encoded WebP file without its metadata', async () => {
    const { cookie } = await signedInUser(t);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3b82f6' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .png()
      .toBuffer();
    const payload = { ...newSpace, images: [`data:image/png;base64,${png.toString('base64')}`] };
    const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload });
    expect(response.statusCode).toBe(201);
    const [url] = response.json().images as string[];
    expect(url).toMatch(/^\/uploads\/spaces\/[0-9a-f-]+\.webp$/);
    const file = path.join(t.config.dataDir, url!.replace('/uploads/', 'uploads/'));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: url! });
    expect(served.statusCode).toBe(200);
  });

  it('rejects a fake image with 415 and lists nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    const payload = { ...newSpace, images: [`data:image/png;base64,${Buffer.from('not really an image').toString('base64')}`] };
    const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload });
    expect(response.statusCode).toBe(415);
    expect((await search(`?ownerId=${user.id}`)).total).toBe(0);
  });

  it('needs a session (401), refuses another ownerId (403) and bad fields (400), changing nothing', async () => {
    const before = (await search('?limit=1')).total;
    expect((await t.app.inject({ method: 'POST', url: '/api/spaces', payload: newSpace })).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: { ...newSpace, ownerId: ownerA },
    });
    expect(other.statusCode).toBe(403);
    for (const bad of [
      { capacity: 0 },
      { pricePerDay: '-5' },
      { pricePerDay: '1.234' },
      { spaceType: 'Garage' },
      { zipCode: 'abc' },
      { title: '  ' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: { ...newSpace, ...bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().issues.length).toBeGreaterThan(0);
    }
    expect((await search('?limit=1')).total).toBe(before);
  });
});

describe('DELETE /api/spaces/:id', () => {
  it('lets only the owner delete a space', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id, { title: 'Doomed Lab' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spaces/${space.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/spaces/${space.id}`, headers: { cookie: stranger.cookie } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(
      404,
    );
  });
});

describe('listing images and request limits', () => {
  it('accepts only inline images or images we serve, never outside URLs', async () => {
    const { cookie } = await signedInUser(t);
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie },
      payload: { ...newSpace, images: ['/images/spaces/dental-suite-1.svg'] },
    });
    expect(ours.statusCode).toBe(201);
    for (const image of ['https://evil.example/x.png', 'javascript:alert(1)', '/images/../../etc/passwd', '//evil.example/x.png']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/spaces',
        headers: { cookie },
        payload: { ...newSpace, images: [image] },
      });
      expect(response.statusCode, image).toBe(400);
    }
  });

  it('answers an over-large body with 413 and an unsupported content type with 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBeTruthy();
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});
