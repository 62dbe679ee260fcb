/**
 * Honest search for a person, in a real browser on the app as
 * `npm start` starts it: the price range compares like with like, Back to
 * Search returns to the search with its filters, the phone keeps Book Space
 * in view, and the payment confirmation needs a real booking.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceCard } from '../../src/shared/schemas/spaces';
import { newestDemoSpace, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** The price suffixes ('/day', '/hr', '/mo', '/session') of the result cards on the page. */
async function cardPeriods(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('space-card').allTextContents();
  return texts.map((text) => text.match(/\/(hr|day|mo|session)/)?.[1] ?? 'none');
}

describe('the price range and its period', () => {
  it("takes the home form's max price per day as a daily price, and the period is a filter of its own", async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByLabel('Max price per day').fill('300');
    await page.getByLabel('Max price per day').press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('period')).toBe('daily');
    expect(url.searchParams.get('maxPrice')).toBe('300');

    const daily = await fetch(`${baseUrl}/api/spaces?period=daily&maxPrice=300`);
    const hourlyUnderBound = ((await (await fetch(`${baseUrl}/api/spaces?maxPrice=300&limit=100`)).json()) as SpaceCard[]).filter(
      (space) => space.pricePeriod === 'hourly',
    );
    expect(hourlyUnderBound.length).toBeGreaterThan(0); // the old filter would have shown these hourly prices
    await expect.poll(() => page.getByText(new RegExp(`^${daily.headers.get('x-total-count')} spaces? found$`)).isVisible()).toBe(true);
    expect(new Set(await cardPeriods(page))).toEqual(new Set(['day']));

    await page.getByLabel('Priced per').selectOption('hourly');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('hourly');
    const hourly = await fetch(`${baseUrl}/api/spaces?period=hourly&maxPrice=300`);
    await expect.poll(() => page.getByText(new RegExp(`^${hourly.headers.get('x-total-count')} spaces? found$`)).isVisible()).toBe(true);
    expect(new Set(await cardPeriods(page))).toEqual(new Set(['hr']));
    expect(await page.getByLabel('Max price per hour').inputValue()).toBe('300');
  });

  it("lets the home form's max price be per hour, day or month, and searches that period", async () => {
    const { page } = session;
    await page.goto('/');
    const period = page.getByLabel('Priced per');
    expect(await period.inputValue()).toBe('daily');
    await period.selectOption('monthly');
    await page.getByLabel('Max price per month').fill('5000');
    await page.getByLabel('Max price per month').press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('period')).toBe('monthly');
    expect(url.searchParams.get('maxPrice')).toBe('5000');
    expect(await page.getByLabel('Max price per month').inputValue()).toBe('5000');
    await expect.poll(async () => new Set(await cardPeriods(page))).toEqual(new Set(['mo']));

    // Without a max price, no period is added.
    await page.goto('/');
    await page.getByLabel('Location').first().fill('Chicago');
    await page.getByLabel('Location').first().press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.has('period')).toBe(false);
  });
});

describe('Back to Search', () => {
  it('returns to the search the person came from, filters included, even after a reload', async () => {
    const { page } = session;
    const search = '/search?location=TX&period=daily&amenities=Wi-Fi';
    await page.goto(search);
    await expect.poll(() => page.getByTestId('space-card').count()).toBeGreaterThan(0);
    await page.getByTestId('space-card').first().click();
    await page.waitForURL('**/spaces/*');
    await page.reload();
    await page.getByRole('link', { name: 'Back to Search' }).click();
    await page.waitForURL('**/search?**');
    expect(new URL(page.url()).search).toBe(new URL(search, baseUrl).search);
    expect(await page.getByLabel('Location').first().inputValue()).toBe('TX');
    expect(await page.getByLabel('Priced per').inputValue()).toBe('daily');
    expect(await page.getByLabel('Wi-Fi').isChecked()).toBe(true);
  });
});

describe('the space page', () => {
  it('keeps the price and Book Space on screen on a phone', async () => {
    const space = await newestDemoSpace(baseUrl);
    const phone = await openBrowser(baseUrl, { width: 375, height: 812 });
    try {
      await phone.page.goto(`/spaces/${space.id}`);
      const bar = phone.page.getByTestId('mobile-book-bar');
      await expect.poll(() => bar.isVisible()).toBe(true);
      const box = await bar.getByRole('button', { name: 'Book Space' }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(812);
      expect(await bar.textContent()).toMatch(/\$[\d,]+(\.\d\d)?\/(hr|day|mo|session)/);
    } finally {
      await phone.close();
    }
  });

  it('shows the payment confirmation only for a booking the signed-in person has', async () => {
    const { page } = session;
    await session.context.clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    const space = await newestDemoSpace(baseUrl);
    await page.goto(`/space/${space.id}?payment_success=true`);
    await expect.poll(() => page.getByRole('heading', { name: space.title }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Your booking is confirmed').count()).toBe(0);
  });
});
