/**
 * Public URLs (docs/decisions/015-page-metadata-for-crawlers.md): canonical and og:url tags, robots.txt and sitemap.xml
 * take their origin from PUBLIC_URL, never from the Host or X-Forwarded-Host
 * header, and the sitemap is well-formed XML. The pages are served from a
 * tiny fake client build, so no `vite build` is needed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOTER_COLUMNS } from '../../src/client/components/layout/footer-links';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { INFO_PAGES } from '../../src/shared/info-pages';
import { insertSpace, insertUser } from '../factories/db';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HOSTILE = { host: 'a<x:script>', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' };

let t: TestApp;
let clientDir: string;
let spaceId: string;
const apps: FastifyInstance[] = [];

/** A page-serving app on the test database, configured by `env`. */
async function pagesApp(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, PAYMENTS: 'demo', ...env });
  const app = await buildApp({ config, db: t.db, serveClient: true, clientDir });
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
  const owner = await insertUser(t.db);
  spaceId = (await insertSpace(t.db, owner.id)).id;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The <loc> values of a sitemap, after checking that it is well-formed XML. */
function sitemapLocs(xml: string): string[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as { urlset: { url: { loc: string }[] } };
  return parsed.urlset.url.map((url) => url.loc);
}

/** The paths the sitemap lists before the spaces: home, search, then the static pages. */
const PAGE_PATHS = ['/', '/search', '/about', '/help', '/safety', '/contact', '/privacy', '/cookies', '/accessibility', '/terms'];

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const ogUrlOf = (html: string) => html.match(/<meta property="og:url" content="([^"]*)"/)?.[1];

describe('public URLs without PUBLIC_URL', () => {
  it('use http://localhost:PORT, never the Host or X-Forwarded-Host header', async () => {
    const app = await pagesApp({ PORT: '5123' });
    const origin = 'http://localhost:5123';

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOSTILE });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('x:script');
    expect(sitemap.body).not.toContain('evil.example');
    expect(sitemapLocs(sitemap.body)).toEqual([...PAGE_PATHS.map((p) => `${origin}${p}`), `${origin}/spaces/${spaceId}`]);

    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: HOSTILE });
    expect(robots.body).not.toContain('x:script');
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml\n`);

    for (const url of ['/', '/search?location=Boston', `/spaces/${spaceId}`, '/terms', '/contact', '/no-such-page']) {
      const page = await app.inject({ method: 'GET', url, headers: HOSTILE });
      expect(page.body, url).not.toContain('x:script');
      expect(page.body, url).not.toContain('evil.example');
      expect(canonicalOf(page.body), url).toMatch(new RegExp(`^${origin}/`));
      expect(ogUrlOf(page.body), url).toBe(canonicalOf(page.body));
    }
  });
});

describe('public URLs with PUBLIC_URL', () => {
  it('take the sitemap locations, robots.txt and canonical URLs from it', async () => {
    const app = await pagesApp({ PUBLIC_URL: 'https://clinicshare.example/' });
    const origin = 'https://clinicshare.example';

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: HOSTILE });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemapLocs(sitemap.body)).toEqual([...PAGE_PATHS.map((p) => `${origin}${p}`), `${origin}/spaces/${spaceId}`]);

    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: HOSTILE });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml\n`);

    const space = await app.inject({ method: 'GET', url: `/spaces/${spaceId}`, headers: HOSTILE });
    expect(canonicalOf(space.body)).toBe(`${origin}/spaces/${spaceId}`);
    expect(ogUrlOf(space.body)).toBe(`${origin}/spaces/${spaceId}`);
    const home = await app.inject({ method: 'GET', url: '/', headers: HOSTILE });
    expect(canonicalOf(home.body)).toBe(`${origin}/`);
  });

  it('escape XML special characters in the sitemap', async () => {
    const app = await pagesApp({ PUBLIC_URL: 'https://clinicshare.example/r&d' });
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://clinicshare.example/r&amp;d/search</loc>');
    expect(sitemapLocs(sitemap.body)).toContain('https://clinicshare.example/r&d/search');
  });
});

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];

describe("the footer's links", () => {
  const links = FOOTER_COLUMNS.flatMap((column) => column.links);

  it('lead to pages of the site, never to #, and Careers, Press and Blog are gone', () => {
    expect(links.length).toBeGreaterThanOrEqual(9);
    for (const link of links) expect(link.href, link.label).toMatch(/^\/[a-z]/);
    expect(links.some((link) => /^(Careers|Press|Blog)$/.test(link.label))).toBe(false);
  });

  it('are each served with their own title, description and canonical URL, and listed in the sitemap', async () => {
    const app = await pagesApp({ PUBLIC_URL: 'https://clinicshare.example' });
    const origin = 'https://clinicshare.example';
    const locs = sitemapLocs((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const titles = new Set<string>();
    for (const link of links) {
      const path = link.href.split('#')[0]!;
      const response = await app.inject({ method: 'GET', url: link.href });
      expect(response.statusCode, link.label).toBe(200);
      expect(response.headers['content-type'], link.label).toMatch(/^text\/html/);
      const info = Object.values(INFO_PAGES).find((page) => page.path === path);
      expect(info, `${link.label}: ${path} is a static page`).toBeDefined();
      expect(titleOf(response.body), link.label).toBe(info!.title);
      expect(descriptionOf(response.body), link.label).toBe(info!.description);
      expect(info!.description.length, link.label).toBeLessThanOrEqual(150);
      expect(canonicalOf(response.body), link.label).toBe(`${origin}${path}`);
      expect(locs, link.label).toContain(`${origin}${path}`);
      titles.add(titleOf(response.body)!);
    }
    // Each page its own title (FAQ is a section of the Help Center, so one fewer).
    expect(titles.size).toBe(new Set(links.map((link) => link.href.split('#')[0])).size);
    expect(titles.has('ClinicShare: rent medical space by the hour, day or month')).toBe(false);
  });
});
