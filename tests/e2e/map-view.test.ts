/**
 * The map in a real, offline browser (every tile request refused): /map fits its results (a
 * Boston search shows Boston), offers what is in view as a list, a cluster click zooms to the
 * cluster's spaces and spreads them at the last zoom, and a popup opened at the map's edge is
 * panned into view.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bboxSchema } from '../../src/shared/schemas/spaces';
import { listSpaceThroughApi, openBrowser, signUp, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** The box the map shows, read from its "List the spaces in view" link (`/search?...&bbox=west,south,east,north`). */
async function viewBox(page: Page) {
  const link = page.getByRole('link', { name: 'List the spaces in view' });
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  return bboxSchema.parse(new URL(href, baseUrl).searchParams.get('bbox'));
}

/** Whether `inner`'s box lies inside `outer`'s, on screen. */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

describe('/map', () => {
  it('fits a Boston search to Boston and offers the spaces in view as a list', async () => {
    const { page } = session;
    await page.goto('/map?location=Boston');
    const map = page.getByRole('region', { name: 'Map of medical spaces' });
    await map.locator('.space-marker, .space-cluster').first().waitFor();
    const box = await viewBox(page);
    // Boston, not the whole country: a box of a few tenths of a degree around the city.
    expect(box.west).toBeGreaterThan(-72);
    expect(box.east).toBeLessThan(-70);
    expect(box.south).toBeGreaterThan(41.5);
    expect(box.north).toBeLessThan(43);
    const total = Number((await page.getByText(/medical spaces available/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('map-in-view').textContent()).toContain(`${total} spaces in view`);

    // The list of what is in view: /search with the same filters and the map's box.
    await page.getByRole('link', { name: 'List the spaces in view' }).click();
    await page.waitForURL(/\/search\?.*bbox=/);
    expect(new URL(page.url()).searchParams.get('location')).toBe('Boston');
    await page.getByTestId('space-card').first().waitFor();
    expect(session.errors).toEqual([]);
  });

  it('zooms to a cluster’s spaces, spreads them at the last zoom, and pans a popup at the edge into view', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36);
    await page.goto('/');
    await signUp(page, { email: `mapper-${stamp}@example.test`, firstName: 'Mira', lastName: 'Mapper' });
    // Three rooms in one building: the same point at every zoom.
    const title = `Same Building Suite ${stamp}`;
    for (const floor of [1, 2, 3]) {
      await listSpaceThroughApi(page, { title: `${title} ${floor}`, latitude: 41.8827, longitude: -87.6233 });
    }

    await page.goto(`/map?location=${encodeURIComponent(title)}`);
    const map = page.getByRole('region', { name: 'Map of medical spaces' });
    const cluster = map.locator('.space-cluster');
    await cluster.waitFor();
    expect(await cluster.textContent()).toBe('3');
    const before = await viewBox(page);

    // A click zooms to the cluster's bounds (one point: as close as the map goes), and it is still one cluster there.
    await cluster.click();
    await expect.poll(async () => (await viewBox(page)).east - (await viewBox(page)).west).toBeLessThan((before.east - before.west) / 8);
    await cluster.waitFor();
    expect(await map.locator('.space-marker').count()).toBe(0);
    // At the last zoom a click spreads its spaces around it, each a marker of its own.
    await cluster.click();
    await expect.poll(() => map.locator('.space-marker').count()).toBe(3);
    expect(await cluster.count()).toBe(0);

    // Drag the map so the markers sit near its top edge (below what the page lays over the map's very top),
    // then open one: its popup, taller than the room above it, is panned into view, not clipped.
    await page.evaluate(() => window.scrollTo(0, 0));
    const area = (await map.boundingBox())!;
    const marker = map.locator('.space-marker').first();
    const at = (await marker.boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2 - (at.y - area.y) + 64, { steps: 8 });
    // Leaflet throws the map on by the speed of the moves of the last 50 ms before the release (inertia):
    // held still first, it stays where it was dropped, not under what lies over the map's top.
    await page.waitForTimeout(120);
    await page.mouse.up();
    await expect.poll(async () => (await marker.boundingBox())!.y - area.y).toBeLessThan(100);
    expect((await marker.boundingBox())!.y - area.y).toBeGreaterThan(32);
    await marker.click();
    const popup = map.locator('.leaflet-popup');
    await popup.getByTestId('space-popup').waitFor();
    expect(await popup.getByTestId('space-popup').textContent()).toContain(title);
    await expect.poll(() => inside(popup, map)).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
