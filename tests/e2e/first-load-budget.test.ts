/**
 * What a phone loads before any tap (docs/decisions/007-a-light-first-page.md): the built app as
 * `npm start` serves it, in Chromium on a phone's screen, signed out (a visitor from a search
 * engine or a shared link). Every script the page requests until the network is idle, the entry,
 * the route's chunks and whatever the page imports lazily as it renders, counted at its gzip size
 * (gzip -9 of the file, as the build precompresses it): at most 150 KB for the home page, a search
 * and a space page. What is below the fold or behind a tap (the map, the opening hours, the
 * reviews, the booking calendar) must load only when scrolled to or asked for.
 */
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceCard, SpaceDetail } from '../../src/shared/schemas/spaces';
import { openBrowser, scrollToSpaceSections, type BrowserSession } from './browser';

const BUDGET_KB = 150;
const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl, { width: 412, height: 823 });
});
afterAll(async () => {
  await session?.close();
});

/** How long no script may be requested for the page to count as settled. */
const QUIET_MS = 1_500;

/**
 * Opens `path` in a fresh page, waits for `shown` (the page's content: its lazy imports start as
 * it renders), then until no script has been requested for {@link QUIET_MS} and the network is
 * idle, and returns the scripts it requested: path and gzip size in bytes. (The network alone can
 * be idle before the app has rendered, while a busy machine runs its JavaScript.)
 */
async function scriptsBeforeAnyTap(path: string, shown: (page: Page) => Promise<unknown>): Promise<Map<string, number>> {
  const page = await session.context.newPage();
  const scripts = new Map<string, number>();
  const sizes: Array<Promise<void>> = [];
  let lastRequest = Date.now();
  const isScript = (address: string) => {
    const url = new URL(address);
    return url.origin === new URL(baseUrl).origin && url.pathname.endsWith('.js');
  };
  page.on('request', (request) => {
    if (isScript(request.url())) lastRequest = Date.now();
  });
  page.on('response', (response) => {
    if (!isScript(response.url())) return;
    sizes.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  try {
    await page.goto(path);
    await shown(page);
    do {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(250);
    } while (Date.now() - lastRequest < QUIET_MS);
    await Promise.all(sizes);
  } finally {
    await page.close();
  }
  return scripts;
}

const totalKB = (scripts: Map<string, number>) => [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
const names = (scripts: Map<string, number>) => [...scripts.keys()].map((path) => path.replace(/^\/assets\//, ''));

/** The demo space with photos, reviews and a schedule that the search lists first (the heaviest kind of space page). */
async function demoSpace(): Promise<SpaceDetail> {
  const cards = (await (await fetch(`${baseUrl}/api/spaces?limit=100`)).json()) as SpaceCard[];
  for (const card of cards.filter((candidate) => candidate.images.length > 0 && candidate.rating)) {
    return (await (await fetch(`${baseUrl}/api/spaces/${card.id}`)).json()) as SpaceDetail;
  }
  throw new Error('The demo data has no space with photos and reviews');
}

describe(`a phone loads at most ${BUDGET_KB} KB of gzipped JavaScript before any tap`, () => {
  it.each([
    ['/', (page: Page) => page.getByTestId('space-card').first().waitFor()],
    ['/search', (page: Page) => page.getByText(/spaces found$/).waitFor()],
  ])('on %s', async (path, shown) => {
    const scripts = await scriptsBeforeAnyTap(path, shown);
    expect(scripts.size).toBeGreaterThan(0);
    expect(totalKB(scripts), names(scripts).join(', ')).toBeLessThanOrEqual(BUDGET_KB);
  });

  it('on a space page, leaving the map, the hours, the reviews and the booking calendar for later', async () => {
    const space = await demoSpace();
    const scripts = await scriptsBeforeAnyTap(`/spaces/${space.id}`, (page) =>
      page.getByRole('heading', { level: 1, name: space.title }).waitFor(),
    );
    expect(totalKB(scripts), names(scripts).join(', ')).toBeLessThanOrEqual(BUDGET_KB);
    for (const later of ['base-map', 'space-schedule', 'space-reviews', 'booking-dialog', 'booking-times-picker']) {
      expect(names(scripts).filter((name) => name.startsWith(`${later}-`))).toEqual([]);
    }
  });
});

describe('a space page loads what is below the fold when it is scrolled to', () => {
  it('the opening hours and the reviews, with the first page of reviews', async () => {
    const space = await demoSpace();
    const { page } = session;
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('heading', { level: 1, name: space.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('space-reviews').count()).toBe(0);

    await scrollToSpaceSections(page);
    await page.getByTestId('space-review').first().waitFor();
    await page.getByRole('heading', { name: "When it's open" }).waitFor();
    expect(session.errors).toEqual([]);
  });
});
