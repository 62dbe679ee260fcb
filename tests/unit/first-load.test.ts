/**
 * The pieces of a light first page (docs/decisions/007-a-light-first-page.md): the route chunks read from the
 * build manifest, the preload tags, the API paths client and server share, the
 * embedded answers as the client takes them, and pages that render at once
 * once their code is loaded.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readClientManifest, routeAssets, type ClientManifest } from '../../src/server/pages/client-assets';
import { jsonForScript, renderPreloads } from '../../src/server/pages/head';
import { CLIENT_ROUTES } from '../../src/server/pages/routes';
import { firstResultsPath, spacePath, spacesPath } from '../../src/shared/api-paths';
import { DEFAULT_SPACE_IMAGE } from '../../src/shared/constants';
import { spaceCardImageUrl, spacePhotoUrl } from '../../src/shared/images';
import { EMBEDDED_ANSWERS_ELEMENT_ID } from '../../src/shared/embedded-answers';
import { parseSpaceFilters } from '../../src/shared/space-filters';
import { lazyPage } from '../../src/client/lib/lazy-page';
import { routes } from '../../src/client/lib/paths';

const ROOT = path.join(import.meta.dirname, '..', '..');

describe('route assets from the build manifest', () => {
  const manifest: ClientManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_app.js'], css: ['assets/index.css'] },
    '_app.js': { file: 'assets/app.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/index.css'] },
    'src/client/pages/map.tsx': { file: 'assets/map.js', imports: ['_common.js', '_app.js'], css: ['assets/map.css'] },
    '_common.js': { file: 'assets/common.js', imports: ['_deep.js', '_shared.js'] },
    '_deep.js': { file: 'assets/deep.js', imports: ['_common.js'], css: ['assets/map.css', 'assets/deep.css'] },
  };

  it("are the page's chunks and stylesheets, directly or not, less everything the entry loads", () => {
    expect(routeAssets(manifest, 'src/client/pages/map.tsx')).toEqual({
      modules: ['/assets/map.js', '/assets/common.js', '/assets/deep.js'],
      styles: ['/assets/map.css', '/assets/deep.css'],
    });
  });

  it('are none for a module the build does not know', () => {
    expect(routeAssets(manifest, 'src/client/pages/nowhere.tsx')).toEqual({ modules: [], styles: [] });
  });

  it('come from dist/client/.vite/manifest.json, or none without one; a broken manifest is an error', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-manifest-'));
    try {
      expect(readClientManifest(dir)).toBeNull();
      mkdirSync(path.join(dir, '.vite'));
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(readClientManifest(dir)).toEqual(manifest);
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { isEntry: true } }));
      expect(() => readClientManifest(dir)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("name a page module that exists for every route of the client's router", () => {
    for (const page of CLIENT_ROUTES.flatMap((route) => (route.page ? [route.page] : [])))
      expect(existsSync(path.join(ROOT, page)), page).toBe(true);
    for (const pattern of Object.values(routes)) {
      const example = pattern.replace(':id', '3f1c');
      expect(
        CLIENT_ROUTES.some((route) => route.path.test(example)),
        pattern,
      ).toBe(true);
    }
  });
});

describe('preload tags', () => {
  it('put the image first, with a high priority, and escape every URL', () => {
    expect(
      renderPreloads({ modules: ['/assets/a.js'], styles: ['/assets/a.css'], image: '/uploads/x"onload="y.webp' }).split('\n    '),
    ).toEqual([
      '<link rel="preload" as="image" href="/uploads/x&quot;onload=&quot;y.webp" fetchpriority="high" />',
      '<link rel="modulepreload" crossorigin href="/assets/a.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/a.css" />',
    ]);
  });

  it('leave out inline images and give nothing for nothing', () => {
    expect(renderPreloads({ image: 'data:image/png;base64,AAAA' })).toBe('');
    expect(renderPreloads({})).toBe('');
  });

  it('go with data blocks whose JSON cannot end the element', () => {
    const text = jsonForScript({ title: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });
});

describe('API paths shared by the client and the server', () => {
  it('name one space, its id encoded', () => {
    expect(spacePath('4b1e')).toBe('/api/spaces/4b1e');
    expect(spacePath('a/b?c')).toBe('/api/spaces/a%2Fb%3Fc');
  });

  it("name a search's first page: the filters in a fixed order, empty ones left out, then the page size", () => {
    const filters = parseSpaceFilters(
      new URLSearchParams('maxPrice=300&location=Austin&amenities=Parking&amenities=Wi-Fi&spaceType=all&specialty='),
    );
    expect(firstResultsPath(filters, 24)).toBe('/api/spaces?location=Austin&maxPrice=300&amenities=Parking&amenities=Wi-Fi&limit=24');
    expect(firstResultsPath({}, 24)).toBe('/api/spaces?limit=24');
    // A later page adds its cursor; the first page is the same call as the general form without one.
    expect(spacesPath({ ...filters, limit: 24, after: undefined })).toBe(firstResultsPath(filters, 24));
    expect(spacesPath({ limit: 24, after: 'c/1' })).toBe('/api/spaces?limit=24&after=c%2F1');
  });
});

describe('the images a page shows first', () => {
  it("are a space's first photo, or the default image", () => {
    expect(spacePhotoUrl(['/uploads/spaces/a.webp', '/uploads/spaces/b.webp'])).toBe('/uploads/spaces/a.webp');
    expect(spacePhotoUrl(['/uploads/spaces/a.webp', '/uploads/spaces/b.webp'], 1)).toBe('/uploads/spaces/b.webp');
    expect(spacePhotoUrl([])).toBe(DEFAULT_SPACE_IMAGE);
  });

  it("are a result card's thumbnail, or the default image", () => {
    expect(spaceCardImageUrl(['/uploads/spaces/a.webp'])).toBe('/uploads/spaces/a-thumb.webp');
    expect(spaceCardImageUrl(['/images/spaces/lab-1.svg'])).toBe('/images/spaces/lab-1.svg');
    expect(spaceCardImageUrl([])).toBe(DEFAULT_SPACE_IMAGE);
  });
});

describe('embedded answers on the client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A fresh copy of the client module, reading a page whose data element holds `text` (none when null). */
  async function clientReading(text: string | null) {
    vi.resetModules();
    const getElementById = vi.fn((id: string) => (id === EMBEDDED_ANSWERS_ELEMENT_ID && text !== null ? { textContent: text } : null));
    vi.stubGlobal('document', { getElementById });
    return { ...(await import('../../src/client/lib/read-embedded-answers')), getElementById };
  }

  it('are given once each, by the exact path of the call', async () => {
    const answer = { body: [{ id: 'a' }], headers: { 'x-total-count': '1' } };
    const { takeEmbeddedAnswer, getElementById } = await clientReading(JSON.stringify({ '/api/spaces?limit=24': answer }));
    const parse = vi.spyOn(JSON, 'parse');
    expect(takeEmbeddedAnswer('/api/spaces?limit=3')).toBeUndefined();
    expect(takeEmbeddedAnswer('/api/spaces?limit=24')).toEqual(answer);
    expect(takeEmbeddedAnswer('/api/spaces?limit=24')).toBeUndefined();
    // The element is read and its JSON parsed once, whatever the number of takes.
    expect(getElementById).toHaveBeenCalledTimes(1);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });

  it('are none when the page has none, or data that is not JSON or not answers', async () => {
    for (const text of [null, '', '{"/api/spaces": ', '{"/api/spaces": {"headers": 3}}', '[1]']) {
      const { takeEmbeddedAnswer } = await clientReading(text);
      expect(takeEmbeddedAnswer('/api/spaces'), String(text)).toBeUndefined();
    }
  });
});

describe('lazy pages', () => {
  it('render at once once their code has been preloaded, where a page not yet loaded suspends', async () => {
    const greeting = async () => (props: { name: string }) => createElement('h1', null, `Hello ${props.name}`);
    const render = (Page: ComponentType<{ name: string }>) =>
      renderToString(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Page, { name: 'Sam' })));
    expect(render(lazyPage(greeting))).toContain('Loading');
    const Preloaded = lazyPage(greeting);
    await Preloaded.preload();
    expect(render(Preloaded)).toContain('<h1>Hello Sam</h1>');
    expect(render(Preloaded)).not.toContain('Loading');
  });

  it('load their code once, and try again after a failure', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => createElement('p', null, 'ok'));
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(renderToString(createElement(Page))).toBe('<p>ok</p>');
  });
});
