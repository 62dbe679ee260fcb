/**
 * A light first page (docs/decisions/007-a-light-first-page.md): the HTML of /, /search and a space page names
 * what the page loads first (its route's chunks from the build manifest, the
 * image of its largest paint) and embeds the answers to its first API calls,
 * exactly as the API gives them, escaped so that no text can leave the
 * `<script>` that carries them. Served from a small stand-in client build
 * with a manifest like Vite's, so no `vite build` is needed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { insertSpace, insertUser } from '../factories/db';
import { DEFAULT_PAGE_SIZE, DEFAULT_SPACE_IMAGE } from '../../src/shared/constants';
import { EMBEDDED_ANSWERS_ELEMENT_ID } from '../../src/shared/embedded-answers';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HOSTILE_TITLE = '</script><script>alert(1)</script><!-- Exam Room';

/** A manifest shaped like Vite's: the entry, the space page with a chunk of its own and one shared with the entry. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    name: 'index',
    src: 'index.html',
    isEntry: true,
    imports: ['_app-A.js'],
    css: ['assets/index-E.css'],
  },
  '_app-A.js': { file: 'assets/app-A.js', name: 'app' },
  'src/client/pages/space-detail.tsx': {
    file: 'assets/space-detail-S.js',
    name: 'space-detail',
    src: 'src/client/pages/space-detail.tsx',
    isDynamicEntry: true,
    imports: ['_app-A.js', '_common-C.js'],
    css: ['assets/space-detail-S.css'],
  },
  'src/client/pages/search.tsx': {
    file: 'assets/search-Q.js',
    name: 'search',
    src: 'src/client/pages/search.tsx',
    isDynamicEntry: true,
    imports: ['_common-C.js'],
  },
  '_common-C.js': { file: 'assets/common-C.js', name: 'common', imports: ['_app-A.js'] },
};

let t: TestApp;
let app: FastifyInstance;
let clientDir: string;
let space: { id: string; images: string[] };
let hostile: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const owner = await insertUser(t.db);
  space = await insertSpace(t.db, owner.id, { images: ['/images/spaces/dental-suite-1.svg', '/images/spaces/dental-suite-2.svg'] });
  hostile = await insertSpace(t.db, owner.id, {
    title: HOSTILE_TITLE,
    description: 'Ends the tag: </script><!-- and $& $1 too',
    images: [],
  });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, PAYMENTS: 'demo' });
  app = await buildApp({ config, db: t.db, serveClient: true, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The `<script type="application/json" id="embedded-answers">` of a page, as parsed JSON (undefined without one). */
function embeddedAnswers(html: string): Record<string, { body: unknown; headers: Record<string, string> }> | undefined {
  const open = `<script type="application/json" id="${EMBEDDED_ANSWERS_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return undefined;
  const end = html.indexOf('</script>', start);
  return JSON.parse(html.slice(start + open.length, end)) as Record<string, { body: unknown; headers: Record<string, string> }>;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((match) => match[1]);

/** The API's own answer to GET `url`: its JSON body and the headers the client reads. */
async function apiAnswer(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const headers: Record<string, string> = {};
  for (const name of ['x-total-count', 'x-total-count-exact', 'x-next-cursor']) {
    if (typeof response.headers[name] === 'string') headers[name] = response.headers[name];
  }
  return { body: response.json() as unknown, headers };
}

describe('a space page', () => {
  it("preloads its route's own chunks and stylesheet (not the entry's) and its first photo", async () => {
    const page = await app.inject({ method: 'GET', url: `/spaces/${space.id}` });
    expect(page.statusCode).toBe(200);
    expect(modulePreloads(page.body)).toEqual(['/assets/space-detail-S.js', '/assets/common-C.js']);
    expect(page.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/space-detail-S.css" />');
    expect(page.body).not.toContain('href="/assets/index-E.css" />');
    expect(page.body).toContain('<link rel="preload" as="image" href="/images/spaces/dental-suite-1.svg" fetchpriority="high" />');
  });

  it('embeds exactly what GET /api/spaces/{id} and its first page of reviews answer', async () => {
    const page = await app.inject({ method: 'GET', url: `/spaces/${space.id}` });
    expect(embeddedAnswers(page.body)).toEqual({
      [`/api/spaces/${space.id}`]: await apiAnswer(`/api/spaces/${space.id}`),
      [`/api/spaces/${space.id}/reviews`]: await apiAnswer(`/api/spaces/${space.id}/reviews`),
    });
    // The payment return address shows the same page.
    const returned = await app.inject({ method: 'GET', url: `/space/${space.id}?payment_success=true` });
    expect(Object.keys(embeddedAnswers(returned.body) ?? {}).sort()).toEqual([
      `/api/spaces/${space.id}`,
      `/api/spaces/${space.id}/reviews`,
    ]);
  });

  it('keeps a title that closes the tag inside the data: nothing runs, the data reads back whole', async () => {
    const page = await app.inject({ method: 'GET', url: `/spaces/${hostile.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!-- Exam');
    const data = embeddedAnswers(page.body);
    const embedded = data?.[`/api/spaces/${hostile.id}`]?.body as { title: string; description: string };
    expect(embedded.title).toBe(HOSTILE_TITLE);
    expect(embedded.description).toBe('Ends the tag: </script><!-- and $& $1 too');
    // `$&` in the text is written as it is (not read as a replacement pattern).
    expect(page.body).toContain('<meta name="description" content="Ends the tag: &lt;/script&gt;&lt;!-- and $&amp; $1 too" />');
    // Every <script> opened in the page is closed once: the data did not add or end any.
    expect(page.body.match(/<script[\s>]/g)?.length).toBe(page.body.match(/<\/script>/g)?.length);
    // A space without photos shows, and preloads, the default image.
    expect(page.body).toContain(`<link rel="preload" as="image" href="${DEFAULT_SPACE_IMAGE}" fetchpriority="high" />`);
  });

  it('embeds nothing for a space that does not exist, and still preloads the page that says so', async () => {
    const page = await app.inject({ method: 'GET', url: '/spaces/00000000-0000-4000-8000-000000000000' });
    expect(page.statusCode).toBe(404);
    expect(embeddedAnswers(page.body)).toBeUndefined();
    expect(modulePreloads(page.body)).toEqual(['/assets/space-detail-S.js', '/assets/common-C.js']);
  });
});

describe('the search page', () => {
  it('embeds the first page of results as the page asks for it, with its counts, and preloads the first image', async () => {
    const page = await app.inject({ method: 'GET', url: '/search' });
    const apiPath = `/api/spaces?limit=${DEFAULT_PAGE_SIZE}`;
    const answer = await apiAnswer(apiPath);
    expect(embeddedAnswers(page.body)).toEqual({ [apiPath]: answer });
    expect(answer.headers['x-total-count']).toBe('2');
    expect(modulePreloads(page.body)).toEqual(['/assets/search-Q.js', '/assets/common-C.js']);
    const [first] = answer.body as Array<{ images: string[] }>;
    const firstImage = first!.images[0] ?? DEFAULT_SPACE_IMAGE;
    expect(page.body).toContain(`<link rel="preload" as="image" href="${firstImage}" fetchpriority="high" />`);
  });

  it("embeds the call of the page's own filters, in the client's order", async () => {
    const page = await app.inject({ method: 'GET', url: '/search?spaceType=all&amenities=Parking&location=Boston&bogus=1' });
    const apiPath = `/api/spaces?location=Boston&amenities=Parking&limit=${DEFAULT_PAGE_SIZE}`;
    expect(embeddedAnswers(page.body)).toEqual({ [apiPath]: await apiAnswer(apiPath) });
  });
});

/**
 * GET `url` on the app, counting the `JSON.parse` calls that read a space card
 * or record and the `JSON.stringify` calls that wrote one (an `"ownerId"` key:
 * the page's JSON-LD has none).
 */
async function countingJson(url: string) {
  const parse = vi.spyOn(JSON, 'parse');
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    const page = await app.inject({ method: 'GET', url });
    const parses = parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"ownerId"')).length;
    const writes = stringify.mock.results.filter((result) => typeof result.value === 'string' && result.value.includes('"ownerId"')).length;
    return { page, parses, writes };
  } finally {
    parse.mockRestore();
    stringify.mockRestore();
  }
}

describe('the server', () => {
  it("embeds the API's JSON text as it was sent: parsed only for the head, never written again", async () => {
    // /search and a space page read their answer once, for the head; the home page not at all.
    for (const [url, parsesForHead] of [
      ['/search', 1],
      [`/spaces/${space.id}`, 1],
      ['/', 0],
    ] as const) {
      const { page, parses, writes } = await countingJson(url);
      expect(page.statusCode, url).toBe(200);
      expect(embeddedAnswers(page.body), url).toBeDefined();
      expect(parses, url).toBe(parsesForHead);
      // The API's own answer is written once (its serializer, if it uses JSON.stringify); the embedding adds none.
      expect(writes, url).toBeLessThanOrEqual(1);
    }
  });
});

describe('the home page', () => {
  it('embeds the featured spaces', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(embeddedAnswers(page.body)).toEqual({ '/api/spaces?limit=3': await apiAnswer('/api/spaces?limit=3') });
  });
});

describe('the build manifest', () => {
  it('is not served', async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('space-detail');
  });
});
