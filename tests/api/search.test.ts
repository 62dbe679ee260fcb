/**
 * The search path (docs/decisions/014-search-in-the-database.md): the bounded count, keyset pages, the period
 * of a price range, the location column and its index, the location's words
 * (search by availability with a location) and the compact result cards; on
 * PGlite and on PostgreSQL (api-postgres).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser, spaceValues } from '../factories/db';
import { locationVocabulary, medicalSpaces, spaceLocationWords } from '../../src/server/db/schema';
import { COUNT_LIMIT, createSearchCountCache } from '../../src/server/search/counts';
import { filtersKey, locationFilter, locationPiece } from '../../src/server/search/filters';
import { hasFewMatches, searchSpaces } from '../../src/server/search/search';
import { spaceSearchSchema } from '../../src/shared/schemas/spaces';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
const BULK = COUNT_LIMIT + 20;

beforeAll(async () => {
  t = await createTestApp();
  const owner = (await insertUser(t.db)).id;
  const base = Date.now();
  // Many spaces in one town, some sharing a creation instant so the keyset must break ties by id.
  const bulk = Array.from({ length: BULK }, (_, i) =>
    spaceValues(owner, {
      title: `Springfield Exam Room ${i}`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      address: `${i} Monroe St`,
      createdAt: new Date(base - Math.floor(i / 3) * 1000),
    }),
  );
  for (let i = 0; i < bulk.length; i += 500) await t.db.insert(medicalSpaces).values(bulk.slice(i, i + 500));
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  await insertSpace(t.db, owner, {
    title: 'Hourly Consult Room',
    city: 'Tulsa',
    state: 'OK',
    zipCode: '74103',
    address: '1 Main St',
    pricePerDay: '40.00',
    pricePeriod: 'hourly',
    createdAt: at(1),
  });
  await insertSpace(t.db, owner, {
    title: 'Daily Exam Room',
    city: 'Tulsa',
    state: 'OK',
    zipCode: '74103',
    address: '2 Main St',
    pricePerDay: '180.00',
    pricePeriod: 'daily',
    createdAt: at(2),
  });
  await insertSpace(t.db, owner, {
    title: 'Monthly Suite',
    city: 'Tulsa',
    state: 'OK',
    zipCode: '74103',
    address: '3 Main St',
    pricePerDay: '3500.00',
    pricePeriod: 'monthly',
    createdAt: at(3),
  });
  await insertSpace(t.db, owner, {
    title: 'Archived Tulsa Room',
    city: 'Tulsa',
    state: 'OK',
    zipCode: '74103',
    address: '4 Main St',
    active: false,
    createdAt: at(4),
  });
  await insertSpace(t.db, owner, {
    title: 'Lakeside Room',
    city: 'Madison',
    state: 'WI',
    zipCode: '53703',
    address: '10 Okla Ave',
    createdAt: at(5),
  });
});
afterAll(async () => {
  await t.close();
});

async function get(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces${query}` });
  const body = response.json();
  return {
    status: response.statusCode,
    total: Number(response.headers['x-total-count']),
    exact: response.headers['x-total-count-exact'],
    cursor: response.headers['x-next-cursor'] as string | undefined,
    titles: Array.isArray(body) ? (body as { title: string }[]).map((s) => s.title) : [],
    ids: Array.isArray(body) ? (body as { id: string }[]).map((s) => s.id) : [],
    body,
  };
}

describe('the count beside a page', () => {
  it('is exact up to the limit and an honest "at least" beyond it', async () => {
    const tulsa = await get('?location=Tulsa');
    expect(tulsa).toMatchObject({ total: 3, exact: 'true' });
    const springfield = await get('?location=Springfield');
    expect(springfield).toMatchObject({ total: COUNT_LIMIT, exact: 'false' });
    expect(springfield.titles).toHaveLength(24);
  });
});

describe('the count after a change', () => {
  it('is counted again when a space is listed or removed through the app', async () => {
    expect((await get('?location=Tulsa&limit=2')).total).toBe(3); // counted (the page is not all of it), then kept
    const { cookie } = await signedInUser(t);
    const listing = {
      title: 'New Tulsa Room',
      description: 'A room.',
      spaceType: 'Examination Room',
      address: '9 Main St',
      city: 'Tulsa',
      state: 'OK',
      zipCode: '74103',
      pricePerDay: '99',
      pricePeriod: 'daily',
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: listing });
    expect(created.statusCode).toBe(201);
    expect((await get('?location=Tulsa&limit=2')).total).toBe(4);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/spaces/${created.json().id as string}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await get('?location=Tulsa&limit=2')).total).toBe(3);
  });
});

describe('pages by offset and by keyset cursor', () => {
  it('give the same rows, in the same order, to the last page', async () => {
    const byOffset: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get(`?location=Springfield&limit=100&offset=${offset}`);
      byOffset.push(...page.ids);
      if (page.ids.length < 100) break;
    }
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await get(`?location=Springfield&limit=100${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`);
      byCursor.push(...page.ids);
      expect(page.total).toBe(COUNT_LIMIT); // every page reports the same bounded count
      cursor = page.cursor;
      if (!cursor) break;
    }
    expect(byOffset).toHaveLength(BULK);
    expect(new Set(byOffset).size).toBe(BULK);
    expect(byCursor).toEqual(byOffset);
  });

  it('has no next cursor on the last page, and refuses a cursor it did not make (400)', async () => {
    expect((await get('?location=Tulsa')).cursor).toBeUndefined();
    expect((await get('?location=Tulsa&limit=2')).cursor).toEqual(expect.any(String));
    for (const bad of ['nonsense', Buffer.from('["2020-01-01","x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      const page = await get(`?after=${bad}`);
      expect(page.status, bad).toBe(400);
      expect(page.body.message).toBeTruthy();
    }
  });
});

describe('the price range and its period', () => {
  it('compares a price only with prices of the same period', async () => {
    expect((await get('?location=Tulsa&maxPrice=200')).titles).toEqual(['Daily Exam Room', 'Hourly Consult Room']);
    expect((await get('?location=Tulsa&period=daily&maxPrice=200')).titles).toEqual(['Daily Exam Room']);
    expect((await get('?location=Tulsa&period=hourly')).titles).toEqual(['Hourly Consult Room']);
    expect((await get('?location=Tulsa&period=monthly&minPrice=1000')).titles).toEqual(['Monthly Suite']);
    expect((await get('?location=Tulsa&period=all')).total).toBe(3);
    expect((await get('?period=weekly')).status).toBe(400);
  });
});

describe('the location column', () => {
  it('matches city, state, address or title, a ZIP by its start, and never across two fields', async () => {
    expect((await get('?location=tulsa%2C%20ok')).total).toBe(3);
    expect((await get('?location=62701')).total).toBe(COUNT_LIMIT);
    expect((await get('?location=7410')).titles).toEqual(['Monthly Suite', 'Daily Exam Room', 'Hourly Consult Room']);
    expect((await get('?location=0310')).total).toBe(0); // inside a ZIP, not its start
    expect((await get('?location=okla')).titles).toEqual(['Lakeside Room']); // the address
    expect((await get('?location=Tulsa%20OK')).total).toBe(0); // city and state are separate fields
    expect((await get('?location=archived')).total).toBe(0); // archived spaces never appear
  });

  it('is planned on the trigram index of search_text, and a ZIP on the ZIP index', async () => {
    const plan = (location: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // The location clause alone: with a handful of rows the planner may prefer the partial index on active.
        const where = locationFilter(location)!;
        const result = (await tx.execute(
          sql`explain ${tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(where)}`,
        )) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(await plan('Austin')).toMatch(/Index Scan on medical_spaces_search_text_trgm_idx/);
    const zip = await plan('78701');
    expect(zip).toMatch(/Index Scan on medical_spaces_zip_code_idx/);
    expect(zip).toMatch(/Index Scan on medical_spaces_search_text_trgm_idx/);
  });
});

describe("the location's words", () => {
  /** Every space's words as `location_words` splits its `search_text`, and the stored ones, by space. */
  async function wordsBySpace() {
    const wanted = (await t.db.execute(
      sql`select id, location_words(search_text) as words from ${medicalSpaces} order by id`,
    )) as unknown as { rows: { id: string; words: string[] }[] };
    const stored = await t.db.select().from(spaceLocationWords);
    const vocabulary = new Set((await t.db.select().from(locationVocabulary)).map((row) => row.word));
    return { wanted: wanted.rows, stored, vocabulary };
  }

  it('are kept for every space inserted, edited or removed, and every word is in the vocabulary', async () => {
    const check = async () => {
      const { wanted, stored, vocabulary } = await wordsBySpace();
      const byId = new Map<string, string[]>();
      for (const row of stored) byId.set(row.spaceId, [...(byId.get(row.spaceId) ?? []), row.word]);
      for (const space of wanted) {
        expect((byId.get(space.id) ?? []).sort(), space.id).toEqual([...space.words].sort());
        for (const word of space.words) expect(vocabulary.has(word), word).toBe(true);
      }
      expect(stored.length).toBe(wanted.reduce((sum, space) => sum + space.words.length, 0));
      return wanted;
    };
    const before = await check();
    // Split at spaces, punctuation and between fields; letters beyond ASCII stay in their word.
    const owner = (await insertUser(t.db)).id;
    const added = await insertSpace(t.db, owner, {
      title: 'Café-Room #2 (São Paulo St.)',
      city: 'Tulsa',
      state: 'OK',
      address: '9 Main St',
    });
    await t.db.update(medicalSpaces).set({ city: 'Broken Arrow' }).where(eq(medicalSpaces.id, added.id));
    const words = (await t.db.select().from(spaceLocationWords).where(eq(spaceLocationWords.spaceId, added.id))).map((row) => row.word);
    expect(words.sort()).toEqual(['2', '9', 'arrow', 'broken', 'café', 'main', 'ok', 'paulo', 'room', 'st', 'são'].sort());
    await check();
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.id, added.id));
    expect(await check()).toHaveLength(before.length);
  });

  it('answer a search by availability with a location as the location alone does, whichever way it is asked', async () => {
    // Spaces without a schedule or bookings are available any day ahead: the answers must be the location's.
    const day = futureDate(10);
    const owner = (await insertUser(t.db)).id;
    // A piece in more words than the search walks (16): asked by the trigram index instead.
    await t.db
      .insert(medicalSpaces)
      .values(
        Array.from({ length: 17 }, (_, i) =>
          spaceValues(owner, { title: `Zed${i}quux Room`, city: 'Quuxville', createdAt: new Date(Date.now() - i * 1000) }),
        ),
      );
    // "main" is a word of the Tulsa spaces and inside this space's word "mainline": it is found by "Main" too.
    await insertSpace(t.db, owner, { title: 'Mainline Suite', city: 'Sideton', state: 'KS', address: '5 Elm St' });
    try {
      for (const query of [
        'location=Tulsa',
        'location=uls', // inside a word
        'location=tulsa%2C%20ok',
        'location=Tulsa%20OK', // city and state are separate fields
        'location=okla', // the address
        'location=Main%20St.', // the longest word, then the whole part
        'location=Main', // a word, and inside another word
        'location=mainline', // a word in no other word
        'location=7410', // a ZIP: by the trigram and ZIP indexes
        'location=ok', // a piece too short for the vocabulary's index
        'location=quux',
        'location=archived',
        'location=Nowhere',
        'location=Springfield&limit=5',
        'location=Springfield&limit=5&offset=5',
        'location=Springfield%2C%20IL&limit=3&offset=600',
      ]) {
        const plain = await get(`?${query}`);
        const available = await get(`?${query}&availableOn=${day}`);
        const window = await get(`?${query}&availableOn=${day}&availableFrom=08:00&availableTo=12:00`);
        expect(available.status, query).toBe(200);
        expect(available.ids, query).toEqual(plain.ids);
        expect(window.ids, query).toEqual(plain.ids);
        expect(Boolean(available.cursor), query).toBe(Boolean(plain.cursor));
        if (plain.cursor) {
          const after = `&after=${encodeURIComponent(plain.cursor)}`;
          expect((await get(`?${query}&availableOn=${day}${after}`)).ids, query).toEqual((await get(`?${query}${after}`)).ids);
        }
      }
      expect((await get(`?location=quux&availableOn=${day}`)).total).toBe(17);
      expect((await get(`?location=uls&availableOn=${day}`)).titles).toEqual(['Monthly Suite', 'Daily Exam Room', 'Hourly Consult Room']);
    } finally {
      await t.db.delete(medicalSpaces).where(inArray(medicalSpaces.city, ['Quuxville', 'Sideton']));
    }
  });

  it('are split in the search as location_words splits them in the database', async () => {
    // A search's piece must hold no character the database splits at, or a space's word would not contain it.
    const texts = [...Array.from({ length: 127 }, (_, i) => `abc${String.fromCharCode(i + 1)}def`), 'São Paulo', 'Café-Room', 'Zürich'];
    const { rows } = (await t.db.execute(
      sql`select t.text, location_words(lower(t.text)) as words from unnest(${sql.param(texts)}::text[]) t(text)`,
    )) as unknown as { rows: { text: string; words: string[] }[] };
    expect(rows).toHaveLength(texts.length);
    for (const { text, words } of rows) {
      const longest = [...words].sort((a, b) => [...b].length - [...a].length)[0];
      const piece = locationPiece(text);
      expect(piece?.toLowerCase(), JSON.stringify(text)).toBe(longest);
    }
  });

  it("follow a space's new city", async () => {
    const day = futureDate(10);
    const [lakeside] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.title, 'Lakeside Room'));
    await t.db.update(medicalSpaces).set({ city: 'Racine' }).where(eq(medicalSpaces.id, lakeside!.id));
    try {
      expect((await get(`?location=Racine&availableOn=${day}`)).titles).toEqual(['Lakeside Room']);
      expect((await get(`?location=Madison&availableOn=${day}`)).titles).toEqual([]);
    } finally {
      await t.db.update(medicalSpaces).set({ city: 'Madison' }).where(eq(medicalSpaces.id, lakeside!.id));
    }
    expect((await get(`?location=Madison&availableOn=${day}`)).titles).toEqual(['Lakeside Room']);
  });
});

describe('the plan a count chooses', () => {
  it('takes all the matches only when the count is exact and small beside the pages asked', () => {
    expect(hasFewMatches(0, { offset: 0, limit: 24 })).toBe(true);
    expect(hasFewMatches(200, { offset: 0, limit: 24 })).toBe(true);
    expect(hasFewMatches(201, { offset: 0, limit: 24 })).toBe(false);
    expect(hasFewMatches(900, { offset: 100, limit: 24 })).toBe(true);
    // Past the limit the count says "at least": a deep page of a broad search still walks the index.
    expect(hasFewMatches(COUNT_LIMIT + 1, { offset: 5000, limit: 24 })).toBe(false);
  });

  it('gives the same pages whether the count says few matches or many', async () => {
    // The count only chooses how a page is found (all matches then sorted, or the sort's index walked), and a
    // cached count may lag: every page must be the same either way.
    const day = futureDate(10);
    const pageOf = async (url: string, count: number, after?: string) => {
      const query = spaceSearchSchema.parse({ ...Object.fromEntries(new URLSearchParams(url)), ...(after ? { after } : {}) });
      const { limit: _limit, offset: _offset, after: _after, sort: _sort, ...filters } = query;
      const counts = createSearchCountCache();
      counts.set(filtersKey(filters), count);
      const { spaces, nextCursor } = await searchSpaces(t.db, query, counts);
      return { ids: spaces.map((space) => space.id), nextCursor };
    };
    for (const search of [
      'location=Tulsa',
      'location=uls',
      'location=ok',
      'location=Nowhere',
      'location=Tulsa&sort=rating',
      'location=Springfield&limit=5&offset=5',
      'location=Springfield%2C%20IL&sort=rating&limit=7',
      'location=Springfield&minRating=4',
      'spaceType=Examination%20Room&limit=10',
      'period=daily&maxPrice=500&limit=10',
      'limit=10',
    ])
      for (const url of [search, `${search}&availableOn=${day}`, `${search}&availableOn=${day}&availableFrom=08:00&availableTo=12:00`]) {
        const few = await pageOf(url, 0);
        const many = await pageOf(url, COUNT_LIMIT + 1);
        expect(many, url).toEqual(few);
        if (few.nextCursor) expect(await pageOf(url, COUNT_LIMIT + 1, few.nextCursor), url).toEqual(await pageOf(url, 0, few.nextCursor));
      }
  });
});

describe('result cards', () => {
  it('carry only what a card shows; the space itself stays whole', async () => {
    const [card] = (await get('?location=Madison')).body as Array<Record<string, unknown>>;
    expect(Object.keys(card!).sort()).toEqual([
      'capacity',
      'city',
      'id',
      'images',
      'ownerId',
      'pricePerDay',
      'pricePeriod',
      'rating',
      'spaceType',
      'state',
      'title',
      'zipCode',
    ]);
    const full = (await t.app.inject({ method: 'GET', url: `/api/spaces/${card!.id as string}` })).json();
    expect(full).toMatchObject({ description: expect.any(String), amenities: expect.any(Array), timeZone: 'America/Chicago' });
  });
});
