/**
 * Costly requests (docs/api.md "Limits"): what one request can make the server do is
 * bounded. A search has at most 10 location parts; nearby map boxes share
 * one cached answer; the sitemap is cached and, past its page size, an index
 * of files; the Nominatim queue is bounded (the ZIP centroid beyond it); an
 * owner's stored images are capped.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { insertSpace, insertUser } from '../factories/db';
import { medicalSpaces, uploadedImages } from '../../src/server/db/schema';
import { addressQuery, NominatimGeocoder, RequestGate } from '../../src/server/geocoding/geocoder';
import { processImage } from '../../src/server/storage/images';
import { INFO_PAGES } from '../../src/shared/info-pages';
import { startFakeNominatim, type FakeNominatim } from '../helpers/fake-nominatim';
import { multipartFile } from '../helpers/multipart';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let clientDir: string;
const apps: FastifyInstance[] = [];

/** Another app on the test database (sessions and files shared with `t`), configured by `env` and `options`. */
async function appOn(env: Record<string, string> = {}, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, PAYMENTS: 'demo', ...env });
  const app = await buildApp({ config, db: t.db, ...options });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const listing = {
  title: 'Quiet Consultation Room',
  description: 'A small room with a desk and two chairs.',
  spaceType: 'Consultation Room',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  amenities: ['Wi-Fi'],
  equipment: [],
  pricePerDay: '80',
  latitude: 39.8,
  longitude: -89.65,
};

describe('location parts', () => {
  const parts = (count: number) => Array.from({ length: count }, (_, i) => `part${i}`).join(', ');

  it('are at most 10 in a search and on the map: 11 are a 400 that says so', async () => {
    for (const route of ['/api/spaces?', '/api/spaces/map-points?bbox=-180,-90,180,90&zoom=3&']) {
      const eleven = await t.app.inject({ method: 'GET', url: `${route}${new URLSearchParams({ location: parts(11) })}` });
      expect(eleven.statusCode, route).toBe(400);
      expect(eleven.json().message, route).toContain('A location search can have at most 10 comma-separated parts.');
      const ten = await t.app.inject({ method: 'GET', url: `${route}${new URLSearchParams({ location: parts(10) })}` });
      expect(ten.statusCode, route).toBe(200);
      // Empty parts are not parts: "a,,,,,,,,,,,,b" searches for two.
      const commas = await t.app.inject({
        method: 'GET',
        url: `${route}${new URLSearchParams({ location: `Boston${','.repeat(20)}MA` })}`,
      });
      expect(commas.statusCode, route).toBe(200);
    }
  });
});

describe('map answers', () => {
  it('are kept per box rounded outward to whole cluster cells: nearby boxes share one answer', async () => {
    const owner = await insertUser(t.db);
    await insertSpace(t.db, owner.id, { latitude: '30.2700000', longitude: '-97.7400000' });
    // East edge exactly on a space: the rounding widens boxes, never loses a point inside them.
    await insertSpace(t.db, owner.id, { latitude: '30.2000000', longitude: '-97.5000000' });
    const points = async (bbox: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/spaces/map-points?bbox=${bbox}&zoom=10` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number };
    };
    const first = await points('-98,30,-97.5,30.5');
    expect(first.total).toBe(2);

    // A space added behind the API's back (so nothing clears the cache) is not seen by a box a few metres away...
    await insertSpace(t.db, owner.id, { latitude: '30.2800000', longitude: '-97.7500000' });
    expect(await points('-98.0001,30.0002,-97.4999,30.5001')).toEqual(first);
    // ...while a box many cells away is a new answer, which counts it.
    expect((await points('-98.5,29.5,-97,31')).total).toBe(3);
  });
});

describe('sitemap', () => {
  type Urlset = { urlset: { url: { loc: string }[] } };
  type Index = { sitemapindex: { sitemap: { loc: string }[] } };
  const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });
  const parse = <T>(xml: string): T => {
    expect(XMLValidator.validate(xml)).toBe(true);
    return parser.parse(xml) as T;
  };
  const origin = 'https://clinicshare.example';

  it('past its page size is an index of files of at most that many URLs, listing every active space once', async () => {
    const app = await appOn({ PUBLIC_URL: origin }, { serveClient: true, clientDir, sitemapPageSize: 4 });
    const owner = await insertUser(t.db);
    for (let i = 0; i < 6; i++) await insertSpace(t.db, owner.id, { title: `Indexed room ${i}` });
    await insertSpace(t.db, owner.id, { title: 'Archived room', active: false });
    const active = await t.db.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.active, true));
    const expected = [
      `${origin}/`,
      `${origin}/search`,
      ...Object.values(INFO_PAGES).map((page) => `${origin}${page.path}`),
      ...active.map((space) => `${origin}/spaces/${space.id}`),
    ];
    const pageCount = Math.ceil(expected.length / 4);
    expect(pageCount).toBeGreaterThanOrEqual(3);

    const root = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^application\/xml/);
    const index = parse<Index>(root.body).sitemapindex.sitemap.map((entry) => entry.loc);
    expect(index).toEqual(Array.from({ length: pageCount }, (_, i) => `${origin}/sitemaps/spaces-${i + 1}.xml`));

    const listed: string[] = [];
    for (const loc of index) {
      const page = await app.inject({ method: 'GET', url: loc.slice(origin.length) });
      expect(page.statusCode, loc).toBe(200);
      expect(page.headers['content-type']).toMatch(/^application\/xml/);
      const urls = parse<Urlset>(page.body).urlset.url.map((url) => url.loc);
      expect(urls.length, loc).toBeGreaterThan(0);
      expect(urls.length, loc).toBeLessThanOrEqual(4);
      listed.push(...urls);
    }
    expect(listed.length).toBe(new Set(listed).size);
    expect(listed.sort()).toEqual(expected.sort());

    for (const missing of [`/sitemaps/spaces-${pageCount + 1}.xml`, '/sitemaps/spaces-0.xml', '/sitemaps/other.xml']) {
      expect((await app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });

  it('is built once for concurrent requests, served again without a query, and built again when a space changes', async () => {
    // The app's database, counting the queries it is asked to build.
    let selects = 0;
    const counted = new Proxy(t.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'select') selects++;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, PAYMENTS: 'demo', PUBLIC_URL: origin });
    const app = await buildApp({ config, db: counted, serveClient: true, clientDir });
    await app.ready();
    apps.push(app);
    const locs = async () => {
      const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      return parse<Urlset>(response.body).urlset.url.map((url) => url.loc);
    };

    const concurrent = await Promise.all(Array.from({ length: 5 }, () => locs()));
    expect(new Set(concurrent.map((list) => list.join()))).toHaveProperty('size', 1);
    const built = selects;
    expect(built).toBeGreaterThan(0);
    expect(built).toBeLessThanOrEqual(2); // the number of spaces, then the one file
    const first = concurrent[0]!;
    expect(await locs()).toEqual(first);
    expect(selects).toBe(built);

    // A change behind the app's back waits for the cache to expire...
    const owner = await signedInUser(t);
    const quiet = await insertSpace(t.db, owner.user.id, { title: 'Inserted directly' });
    expect(await locs()).toEqual(first);
    // ...one through the app is listed at once.
    const created = await app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing });
    expect(created.statusCode, created.body).toBe(201);
    const after = await locs();
    expect(after).toContain(`${origin}/spaces/${created.json().id}`);
    expect(after).toContain(`${origin}/spaces/${quiet.id}`);
    expect(after.length).toBe(first.length + 2);
  });
});

describe('geocoding queue', () => {
  let fake: FakeNominatim;
  beforeAll(async () => {
    fake = await startFakeNominatim();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('past its bound, lookups do not wait for Nominatim: they take the ZIP centroid at once, logged', async () => {
    const logs: string[] = [];
    // One request a second, at most one lookup waiting for its turn.
    const geocoder = new NominatimGeocoder(t.db, {
      baseUrl: fake.url,
      userAgent: 'ClinicShare/test',
      gate: new RequestGate(1000, 1),
      log: (message) => logs.push(message),
    });
    const addresses = [1, 2, 3, 4].map((n) => ({ address: `${n} Queue St`, city: 'Chicago', state: 'IL', zipCode: '60606' }));
    for (const address of addresses) fake.places.set(addressQuery(address), { lat: '41.8800000', lon: '-87.6300000' });

    const placed = await Promise.all(addresses.map((address) => geocoder.geocode(address)));
    const sources = placed.map((result) => result?.source);
    expect(sources.filter((source) => source === 'nominatim')).toHaveLength(2);
    expect(sources.filter((source) => source === 'zip')).toHaveLength(2);
    for (const result of placed) expect(result!.latitude).toBeCloseTo(41.88, 1);
    expect(fake.requests).toHaveLength(2);
    expect(logs.filter((line) => line.includes('already waiting for Nominatim'))).toHaveLength(2);

    // A fallback is not cached: once the queue is free, the address is asked again.
    const fellBack = addresses.filter((_, i) => sources[i] === 'zip');
    expect((await geocoder.geocode(fellBack[0]!))?.source).toBe('nominatim');
    expect(fake.requests).toHaveLength(3);
  });
});

describe('image storage per owner', () => {
  /** A photo-like PNG (noise does not compress to nothing), different for each seed. */
  const photo = (seed: number) => {
    const pixels = Buffer.alloc(160 * 120 * 3);
    let state = seed;
    for (let i = 0; i < pixels.length; i++) pixels[i] = (state = (state * 1103515245 + 12345) % 2147483648) >> 16;
    return sharp(pixels, { raw: { width: 160, height: 120, channels: 3 } })
      .png()
      .toBuffer();
  };
  const uploadsIn = (folder: string) => {
    try {
      return readdirSync(path.join(t.config.dataDir, 'uploads', folder)).length;
    } catch {
      return 0;
    }
  };

  it('is capped: an upload or inline image past the quota is a 413 and stores nothing', async () => {
    const images = await Promise.all([1, 2, 3].map(photo));
    const sizes = await Promise.all(
      images.map(async (image) => {
        const { display, thumbnail } = await processImage(image);
        return display.length + thumbnail.length;
      }),
    );
    // Room for one image, not two.
    const quotaBytes = Math.max(...sizes) + Math.floor(Math.min(...sizes) / 2);
    const app = await appOn({ UPLOAD_QUOTA_MB: String(quotaBytes / (1024 * 1024)) });
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const upload = (cookie: string, image: Buffer) => {
      const body = multipartFile(image, 'room.png', 'image/png');
      return app.inject({ method: 'POST', url: '/api/uploads', headers: { ...body.headers, cookie }, payload: body.payload });
    };
    const recorded = async (ownerId: string) => t.db.select().from(uploadedImages).where(eq(uploadedImages.ownerId, ownerId));

    const first = await upload(owner.cookie, images[0]!);
    expect(first.statusCode, first.body).toBe(201);
    expect(await recorded(owner.user.id)).toEqual([expect.objectContaining({ url: first.json().url, bytes: sizes[0] })]);
    const files = uploadsIn('spaces');

    const second = await upload(owner.cookie, images[1]!);
    expect(second.statusCode).toBe(413);
    expect(second.json().message).toMatch(/^You have used your image storage \([\d.]+ MB\)\. Please contact support to upload more\.$/);
    expect(await recorded(owner.user.id)).toHaveLength(1);
    expect(uploadsIn('spaces')).toBe(files);

    // Inline images of a listing count too: nothing is stored and no space is listed.
    const dataUrl = `data:image/png;base64,${images[2]!.toString('base64')}`;
    const spacesBefore = (await t.db.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.ownerId, owner.user.id)))
      .length;
    const listed = await app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: owner.cookie },
      payload: { ...listing, images: [dataUrl] },
    });
    expect(listed.statusCode).toBe(413);
    expect(listed.json().message).toContain('You have used your image storage');
    expect((await t.db.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.ownerId, owner.user.id))).length).toBe(
      spacesBefore,
    );
    expect(await recorded(owner.user.id)).toHaveLength(1);
    expect(uploadsIn('spaces')).toBe(files);

    // So do profile pictures.
    const profile = await app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}`,
      headers: { cookie: owner.cookie },
      payload: { profileImage: dataUrl },
    });
    expect(profile.statusCode).toBe(413);
    expect(uploadsIn('profiles')).toBe(0);

    // The quota is each owner's own.
    const another = await upload(other.cookie, images[1]!);
    expect(another.statusCode, another.body).toBe(201);
    expect(await recorded(other.user.id)).toHaveLength(1);
  });

  it('counts concurrent uploads of one owner one after another', async () => {
    const images = await Promise.all([4, 5, 6, 7].map(photo));
    const sizes = await Promise.all(
      images.map(async (image) => {
        const { display, thumbnail } = await processImage(image);
        return display.length + thumbnail.length;
      }),
    );
    const quotaBytes = Math.max(...sizes) * 2 + Math.floor(Math.min(...sizes) / 2); // two fit, never three
    const app = await appOn({ UPLOAD_QUOTA_MB: String(quotaBytes / (1024 * 1024)) });
    const owner = await signedInUser(t);
    const answers = await Promise.all(
      images.map((image) => {
        const body = multipartFile(image, 'room.png', 'image/png');
        return app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...body.headers, cookie: owner.cookie },
          payload: body.payload,
        });
      }),
    );
    // Any two fit, no three do: exactly two are stored, whichever they are.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 413, 413]);
    const rows = await t.db.select().from(uploadedImages).where(eq(uploadedImages.ownerId, owner.user.id));
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(quotaBytes);
  });
});
