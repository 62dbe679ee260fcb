/**
 * A light first page (docs/decisions/007-a-light-first-page.md), in a real browser on the app as `npm start`
 * starts it, on a phone's screen: the home page, a search and a space page
 * show their data without asking the API for it (the server embedded the
 * answers), and a space page loads its map (Leaflet) only when the map nears
 * the screen, in the place held for it, so nothing moves.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../src/shared/constants';
import type { SpaceCard } from '../../src/shared/schemas/spaces';
import { newestDemoSpace, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl, { width: 412, height: 823 });
});
afterAll(async () => {
  await session?.close();
});

/** The paths (with query strings) of the API calls and the names of the scripts the page requests from now on. */
function recordRequests(page: Page) {
  const api: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(`${url.pathname}${url.search}`);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  return { api, scripts };
}

/** The page's layout shifts so far (the Layout Instability API), summed as CLS counts them. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );

/**
 * The newest space with photos (a demo space at least): its gallery puts the map well below the fold. A bare
 * listing that another browser test made through the API is short enough for its map to load at once.
 */
async function spaceWithPhotos(): Promise<SpaceCard> {
  const spaces = (await (await fetch(`${baseUrl}/api/spaces?limit=100`)).json()) as SpaceCard[];
  const space = spaces.find((card) => card.images.length > 0);
  if (!space) throw new Error('The demo data has no space with photos');
  return space;
}

describe('the first page shows its data without waiting for the API', () => {
  it('on the home page, the featured spaces', async () => {
    const { page } = session;
    const requests = recordRequests(page);
    await page.goto('/');
    await page.getByTestId('space-card').first().waitFor();
    expect(await page.getByTestId('space-card').count()).toBe(3);
    expect(requests.api.filter((path) => path.startsWith('/api/spaces'))).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it('on a search, the first page of results, and the next page still comes from the API', async () => {
    const { page } = session;
    const requests = recordRequests(page);
    await page.goto('/search?location=NY&spaceType=all');
    await page.getByText(/spaces? found$/).waitFor();
    expect(await page.getByTestId('space-card').count()).toBeGreaterThan(0);
    await page.goto('/search');
    await page.getByText(/spaces? found$/).waitFor();
    expect(await page.getByTestId('space-card').count()).toBe(DEFAULT_PAGE_SIZE);
    expect(requests.api.filter((path) => path.startsWith('/api/spaces?'))).toEqual([]);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByTestId('space-card').count()).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    expect(requests.api.filter((path) => path.startsWith('/api/spaces?'))).toEqual([
      expect.stringMatching(new RegExp(`^/api/spaces\\?limit=${DEFAULT_PAGE_SIZE}&after=`)),
    ]);
    expect(session.errors).toEqual([]);
  });

  it('on a space page, the space', async () => {
    const { page } = session;
    const space = await newestDemoSpace(baseUrl);
    const requests = recordRequests(page);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('heading', { level: 1, name: space.title }).waitFor();
    expect(requests.api.filter((path) => path.startsWith(`/api/spaces/${space.id}`))).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});

describe("a space page's map", () => {
  it('loads when it nears the screen, in the place held for it, without moving anything', async () => {
    const { page } = session;
    const space = await spaceWithPhotos();
    const requests = recordRequests(page);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('heading', { level: 1, name: space.title }).waitFor();
    const placeholder = page.getByTestId('space-map-placeholder');
    await placeholder.waitFor();
    const held = await placeholder.boundingBox();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(requests.scripts.filter((script) => script.includes('base-map'))).toEqual([]);

    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    const map = page.getByRole('region', { name: /^Map: / });
    await map.locator('.leaflet-marker-icon').waitFor();
    expect(requests.scripts.some((script) => script.includes('base-map'))).toBe(true);
    const drawn = await map.boundingBox();
    expect(drawn?.height).toBe(held?.height);
    expect(await layoutShift(page)).toBe(0);
    expect(session.errors).toEqual([]);
  });
});
