/**
 * Public answers a CDN may keep (docs/decisions/024-cacheable-public-answers.md): signed out,
 * GET /api/spaces, /api/spaces/:id and /api/spaces/map-points carry a weak ETag of what they say,
 * answer a matching If-None-Match with 304 (RFC 9110 13.1.2), are `public` for a few seconds with
 * stale-while-revalidate (RFC 9111, RFC 5861) and vary by Cookie and Accept-Encoding; signed in
 * they are `private, no-cache`. A listing change or a new listing gives a new tag at once.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

/** Over 1 KB once serialized, so a space's record is compressed (the app's threshold). */
const LONG_DESCRIPTION = 'A quiet exam room with a sink, an exam table and a window onto the river. '.repeat(20);

const listing = {
  title: 'Corner Exam Room',
  description: LONG_DESCRIPTION,
  spaceType: 'Examination Room',
  capacity: 2,
  address: '10 S LaSalle St',
  state: 'IL',
  zipCode: '60603',
  amenities: ['Wi-Fi'],
  equipment: ['Examination Table'],
  pricePerDay: '150',
  pricePeriod: 'daily',
};

interface Listed {
  id: string;
  city: string;
  latitude: number;
  longitude: number;
}

let places = 0;
/** Lists a space through the API in a town and at a pin of its own, so each test's answers are its own. */
async function listSpace(place?: Omit<Listed, 'id'>): Promise<Listed> {
  places += 1;
  const where = place ?? { city: `Etagville ${randomUUID().slice(0, 8)}`, latitude: 30 + places * 0.5, longitude: -110 + places * 0.5 };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/spaces',
    headers: { cookie: owner.cookie },
    payload: { ...listing, ...where, title: `Exam Room ${places}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ id: string }>().id, ...where };
}

/** The owner edits the listing: a new title and the pin moved a little (still inside its map box). */
async function editSpace(space: Listed): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/spaces/${space.id}`,
    headers: { cookie: owner.cookie },
    payload: { ...listing, city: space.city, latitude: space.latitude + 0.001, longitude: space.longitude, title: 'Renovated Exam Room' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const routes = [
  { name: 'GET /api/spaces', url: (space: Listed) => `/api/spaces?location=${encodeURIComponent(space.city)}` },
  { name: 'GET /api/spaces/:id', url: (space: Listed) => `/api/spaces/${space.id}` },
  {
    name: 'GET /api/spaces/map-points',
    url: ({ latitude: lat, longitude: lng }: Listed) =>
      `/api/spaces/map-points?bbox=${lng - 0.05},${lat - 0.05},${lng + 0.05},${lat + 0.05}&zoom=12`,
  },
];

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

/** The directives of a Cache-Control value, e.g. { public: true, 'max-age': '5' }. */
function directives(response: LightMyRequestResponse): Record<string, string | true> {
  const value = String(response.headers['cache-control'] ?? '');
  return Object.fromEntries(
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, argument] = part.split('=');
        return [name!.toLowerCase(), argument ?? true] as const;
      }),
  );
}

/** The field names of the Vary header, lowercase. */
const varyOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

/** A signed-out answer a shared cache may keep: a weak tag, public for seconds with stale-while-revalidate, varying by cookie and coding. */
function expectPublic(response: LightMyRequestResponse): string {
  const etag = String(response.headers.etag);
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  const cacheControl = directives(response);
  expect(cacheControl.public).toBe(true);
  expect(Number(cacheControl['max-age'])).toBeGreaterThan(0);
  expect(Number(cacheControl['max-age'])).toBeLessThanOrEqual(10);
  expect(Number(cacheControl['stale-while-revalidate'])).toBeGreaterThan(0);
  expect(cacheControl).not.toHaveProperty('private');
  expect(cacheControl).not.toHaveProperty('no-store');
  expect(varyOf(response)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
  return etag;
}

/** A 304: no body, no Content-Type or Content-Length, and the 200's validator and caching headers. */
function expectNotModified(response: LightMyRequestResponse, etag: string): void {
  expect(response.statusCode, response.body).toBe(304);
  expect(response.rawPayload).toHaveLength(0);
  expect(response.headers['content-type']).toBeUndefined();
  expect(response.headers['content-length']).toBeUndefined();
  expect(response.headers['content-encoding']).toBeUndefined();
  expect(response.headers.etag).toBe(etag);
}

describe.each(routes)('$name', ({ name, url }) => {
  it('signed out: 200 with a weak ETag, public Cache-Control with max-age and stale-while-revalidate, and Vary', async () => {
    const space = await listSpace();
    const response = await get(url(space));
    expect(response.statusCode, response.body).toBe(200);
    expectPublic(response);
    // The same answer asked again has the same tag.
    expect((await get(url(space))).headers.etag).toBe(response.headers.etag);
  });

  it('a matching If-None-Match gets 304 with no body and the caching headers of the 200', async () => {
    const space = await listSpace();
    const first = await get(url(space));
    const etag = expectPublic(first);
    const again = await get(url(space), { 'if-none-match': etag });
    expectNotModified(again, etag);
    expectPublic(again);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers.vary).toBe(first.headers.vary);
  });

  it('If-None-Match: `*`, a list of tags, and the weak comparison', async () => {
    const space = await listSpace();
    const etag = expectPublic(await get(url(space)));
    const opaque = etag.slice(2); // the same tag without W/: weak comparison matches it (RFC 9110 8.8.3.2)
    expectNotModified(await get(url(space), { 'if-none-match': '*' }), etag);
    expectNotModified(await get(url(space), { 'if-none-match': `"stale-1", W/"stale-2", ${etag}` }), etag);
    expectNotModified(await get(url(space), { 'if-none-match': `"stale-1",${opaque}` }), etag);
    // An end-to-end reload (a request's Cache-Control: no-cache) gets the whole answer.
    expect((await get(url(space), { 'if-none-match': etag, 'cache-control': 'no-cache' })).statusCode).toBe(200);
    const other = await get(url(space), { 'if-none-match': '"stale-1", W/"stale-2"' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).toBe(etag);
  });

  it('after the owner edits the listing, the old tag gets 200 with the new answer and a new tag', async () => {
    const space = await listSpace();
    const before = await get(url(space));
    const etag = expectPublic(before);
    await editSpace(space);
    const after = await get(url(space), { 'if-none-match': etag });
    expect(after.statusCode, `${name} still 304 after an edit`).toBe(200);
    expect(after.body).not.toBe(before.body);
    expect(expectPublic(after)).not.toBe(etag);
    if (name !== 'GET /api/spaces/map-points') expect(after.body).toContain('Renovated Exam Room');
  });

  it('signed in (a session cookie, live or not): private, no-cache, still with an ETag and 304', async () => {
    const space = await listSpace();
    const publicTag = expectPublic(await get(url(space)));
    for (const cookie of [owner.cookie, `${owner.cookie.split('=')[0]}=no-such-session`]) {
      const response = await get(url(space), { cookie });
      expect(response.statusCode).toBe(200);
      const cacheControl = directives(response);
      expect(cacheControl.private).toBe(true);
      expect(cacheControl['no-cache'] ?? cacheControl['no-store']).toBe(true);
      expect(cacheControl).not.toHaveProperty('public');
      expect(cacheControl).not.toHaveProperty('s-maxage');
      expect(varyOf(response)).toContain('cookie');
      const etag = String(response.headers.etag);
      // The owner's space has their own fields (the access instructions), so another tag; a dead session's is the public one.
      if (name === 'GET /api/spaces/:id' && cookie === owner.cookie) expect(etag).not.toBe(publicTag);
      else expect(etag).toBe(publicTag);
      const revalidated = await get(url(space), { cookie, 'if-none-match': etag });
      expectNotModified(revalidated, etag);
      expect(directives(revalidated).private).toBe(true);
    }
  });

  it('HEAD: the same headers, and 304 for a matching tag', async () => {
    const space = await listSpace();
    const head = await get(url(space), {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    const etag = expectPublic(head);
    expect(etag).toBe((await get(url(space))).headers.etag);
    const conditional = await get(url(space), { 'if-none-match': etag }, 'HEAD');
    expect(conditional.statusCode).toBe(304);
    expect(conditional.rawPayload).toHaveLength(0);
    expect(conditional.headers.etag).toBe(etag);
    // A HEAD answer's Content-Length is the one its 200 would have (RFC 9110 8.6).
    expect(conditional.headers['content-length']).toBe(head.headers['content-length']);
  });
});

describe('the lists', () => {
  it('a new listing in the place shows at once in GET /api/spaces and the map, with new tags and the new total', async () => {
    const first = await listSpace();
    const search = await get(routes[0]!.url(first));
    const map = await get(routes[2]!.url(first));
    expect(search.headers['x-total-count']).toBe('1');
    await listSpace({ ...first, latitude: first.latitude + 0.002 });

    const newSearch = await get(routes[0]!.url(first), { 'if-none-match': String(search.headers.etag) });
    expect(newSearch.statusCode).toBe(200);
    expect(newSearch.json()).toHaveLength(2);
    expect(newSearch.headers['x-total-count']).toBe('2');
    expect(expectPublic(newSearch)).not.toBe(search.headers.etag);
    const newMap = await get(routes[2]!.url(first), { 'if-none-match': String(map.headers.etag) });
    expect(newMap.statusCode).toBe(200);
    expect(newMap.json<{ total: number }>().total).toBe(2);
    expect(expectPublic(newMap)).not.toBe(map.headers.etag);
  });

  it('GET /api/spaces: the total and the cursor are part of the tag, and a 304 keeps them', async () => {
    const place = await listSpace();
    const others = [
      await listSpace({ ...place, latitude: place.latitude + 0.002 }),
      await listSpace({ ...place, latitude: place.latitude + 0.004 }),
    ];
    const pageUrl = `/api/spaces?location=${encodeURIComponent(place.city)}&limit=1`;
    const page = await get(pageUrl);
    const [card] = page.json<{ id: string }[]>();
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers['x-next-cursor']).toBeTruthy();
    const etag = expectPublic(page);

    const notModified = await get(pageUrl, { 'if-none-match': etag });
    expectNotModified(notModified, etag);
    for (const header of ['x-total-count', 'x-total-count-exact', 'x-next-cursor'])
      expect(notModified.headers[header], header).toBe(page.headers[header]);

    // A space off this page goes: the cards are the same, the total is not, so neither is the tag.
    const offPage = [place, ...others].find((space) => space.id !== card!.id)!;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/spaces/${offPage.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await get(pageUrl, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(page.body);
    expect(after.headers['x-total-count']).toBe('2');
    expect(expectPublic(after)).not.toBe(etag);
  });
});

describe('compression', () => {
  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)('%s: the same weak tag as the identity body, the same JSON, a 304 without a body', async (coding, decode) => {
    const space = await listSpace();
    for (const url of [routes[1]!.url(space), `/api/spaces?limit=100`]) {
      const identity = await get(url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.rawPayload.length).toBeGreaterThan(1024);
      const etag = expectPublic(identity);

      const compressed = await get(url, { 'accept-encoding': coding });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(coding);
      expect(decode(compressed.rawPayload).toString('utf8')).toBe(identity.body);
      // Weak: one tag for the codings of one answer (a strong tag would have to differ per coding).
      expect(expectPublic(compressed)).toBe(etag);
      expect(varyOf(compressed).filter((name) => name === 'accept-encoding')).toHaveLength(1);

      const notModified = await get(url, { 'accept-encoding': coding, 'if-none-match': etag });
      expectNotModified(notModified, etag);
    }
  });
});

describe('other answers', () => {
  it('a missing space, a bad query and routes without the option get no tag and no public caching', async () => {
    const missing = await get('/api/spaces/00000000-0000-4000-8000-000000000000');
    const invalid = await get('/api/spaces?limit=0');
    const health = await get('/api/health');
    const me = await get('/api/me', { cookie: owner.cookie });
    expect([missing.statusCode, invalid.statusCode, health.statusCode, me.statusCode]).toEqual([404, 400, 200, 200]);
    for (const response of [missing, invalid, health, me]) {
      expect(response.headers.etag).toBeUndefined();
      expect(String(response.headers['cache-control'] ?? '')).not.toContain('public');
    }
    // A tag from elsewhere changes nothing there.
    expect((await get('/api/health', { 'if-none-match': '*' })).statusCode).toBe(200);
  });
});
