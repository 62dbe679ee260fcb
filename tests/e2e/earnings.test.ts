/**
 * The owner's Earnings tab in a real browser (docs/decisions/034-owner-earnings.md): the
 * demo owner reaches it from the profile's tabs by keyboard, sees the months of the default range
 * with the seeded year of stays, the totals and each space's occupancy, downloads the CSV (an
 * attachment whose stays add up to the tab's total), picks another range, and the tab fits a
 * phone's width; axe finds nothing serious.
 */
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../src/client/lib/auth';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users';
import type { Earnings } from '../../src/shared/schemas/earnings';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** Logs the demo owner in through the API (the browser context gets the session cookie) and lets the app know it. */
async function logInOwner(page: Page): Promise<User> {
  const response = await page.request.post('/api/login', { data: { email: 'owner@demo.clinicshare.test', password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const user = (await response.json()) as User;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(user)] as const);
  return user;
}

describe('the owner’s Earnings tab', () => {
  it('shows the months, totals and occupancy, downloads the CSV, and fits a phone', async () => {
    const { page } = session;
    const owner = await logInOwner(page);
    await page.goto('/profile');

    // By keyboard: from the Overview tab, the arrow keys move along the tabs to Earnings.
    const earningsTab = page.getByRole('tab', { name: 'Earnings' });
    await earningsTab.waitFor();
    await page.getByRole('tab', { name: 'Overview' }).focus();
    for (const name of ['Spaces', 'Bookings', 'Earnings']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(new RegExp(`^${name}`));
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('tab=earnings');
    await page.getByRole('heading', { name: 'Earnings', level: 2 }).waitFor();

    // The default range: 15 months (the last 12 and the next 3), newest first under the total row.
    const table = page.getByTestId('earnings-months');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(16);
    const range = {
      from: await page.getByLabel('From', { exact: true }).inputValue(),
      to: await page.getByLabel('To', { exact: true }).inputValue(),
    };
    const api = (await (await page.request.get(`/api/users/${owner.id}/earnings?from=${range.from}&to=${range.to}`)).json()) as Earnings;
    expect(api.monthly).toHaveLength(15);
    expect(Number(api.totals.earnings)).toBeGreaterThan(0);
    expect(api.monthly.filter((month) => Number(month.earnings) > 0).length).toBeGreaterThanOrEqual(6);
    const summary = page.getByTestId('earnings-summary');
    await summary.getByText('Earnings in the range').waitFor();
    const totalRow = table.locator('tbody tr').first();
    expect(await totalRow.locator('th').textContent()).toBe('Total');
    expect(await totalRow.locator('td').first().textContent()).toBe(String(api.totals.stays));
    await page.getByTestId('earnings-chart').waitFor();

    // Occupancy: one line per space of the owner, each with its rate.
    const occupancy = page.getByTestId('earnings-occupancy').getByRole('listitem');
    expect(await occupancy.count()).toBe(api.occupancy.length);
    expect(api.occupancy.some((row) => (row.rate ?? 0) > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'profile earnings');

    // Download CSV: an attachment named after the range, whose stays add up to the tab's total.
    const link = page.getByRole('link', { name: 'Download CSV' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`/api/users/${owner.id}/earnings.csv?from=${range.from}&to=${range.to}`);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['content-disposition']).toContain(`clinicshare-earnings-${range.from}-to-${range.to}.csv`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`clinicshare-earnings-${range.from}-to-${range.to}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const stays = rows.filter((row) => row.Record === 'Stay');
    const cents = stays.reduce((sum, row) => sum + Math.round(Number(row['Earnings (USD)']) * 100), 0);
    expect(cents).toBe(Math.round(Number(api.totals.earnings) * 100));

    // Another range: the last three months of the default one.
    const from = `${api.monthly[12]!.month}-01`;
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    expect(await link.getAttribute('href')).toBe(`/api/users/${owner.id}/earnings.csv?from=${from}&to=${range.to}`);

    // A phone: nothing wider than the screen but the table, which scrolls in its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('earnings-summary').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
