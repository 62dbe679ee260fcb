/**
 * The operators' console in a real browser (docs/decisions/029-operators-and-the-audit-log.md): the demo admin
 * signs in, finds a listing in the console and takes it down with a reason; the listing leaves
 * the search, its page says it is no longer available, and the audit log shows the action. A
 * plain user gets the not-found page at /admin. The console passes an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceCard } from '../../src/shared/schemas/spaces';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, signUp, toast, type BrowserSession } from './browser';
import { logIn, logOut } from './demo-session';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** The ids of the search's cards for `location` (the API the search page calls). */
async function searchIds(location: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/spaces?location=${encodeURIComponent(location)}`);
  return ((await response.json()) as SpaceCard[]).map((card) => card.id);
}

describe('the console', () => {
  it('lets the demo admin take a listing down: it leaves search, its page says so, and the audit log shows it', async () => {
    const { page } = session;
    // A listing of a new owner, found by a word no demo listing has.
    const word = `Kestrel${randomUUID().slice(0, 6)}`;
    await page.goto('/');
    await signUp(page, { email: `owner-${randomUUID()}@example.test`, firstName: 'Casey', lastName: 'Lind' });
    const space = await listSpaceThroughApi(page, { title: `${word} Exam Suite` });
    // Not an admin: the console does not exist for them, in the header or at its address.
    expect(await page.getByRole('link', { name: 'Console' }).count()).toBe(0);
    const refused = await page.goto('/admin');
    expect(refused?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    await logOut(page);

    await page.goto(`/search?location=${word}`);
    await expect.poll(() => page.getByText(`${word} Exam Suite`).first().isVisible()).toBe(true);

    await logIn(page, 'admin@demo.clinicshare.test');
    await page.getByRole('link', { name: 'Console' }).click();
    await page.waitForURL('**/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Console' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'console users');

    // Listings: search, then Take down with a reason, by keyboard.
    await page.getByRole('tab', { name: 'Listings' }).click();
    await page.getByLabel('Search listings').fill(word);
    await page.getByLabel('Search listings').press('Enter');
    const row = page.getByRole('row').filter({ hasText: `${word} Exam Suite` });
    await expect.poll(() => row.getByText('Listed', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Take down ${word} Exam Suite` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: `Take down "${word} Exam Suite"?` }).isVisible()).toBe(true);
    // A reason is required.
    await dialog.getByRole('button', { name: 'Take down listing' }).click();
    await expect.poll(() => dialog.getByText('A reason is required').isVisible()).toBe(true);
    await dialog.getByLabel('Reason (sent to them)').fill('The photos show another clinic.');
    await expectNoSeriousA11yViolations(page, 'console take-down dialog');
    await dialog.getByLabel('Reason (sent to them)').press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Take down listing' }).evaluate((button) => button === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, `"${word} Exam Suite" is taken down`).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.getByText('Taken down').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('The photos show another clinic.').isVisible()).toBe(true);

    // The audit log shows it, newest first.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const first = page.getByRole('row').nth(1);
    await expect.poll(() => first.textContent()).toContain('Took down a listing');
    expect(await first.textContent()).toContain('Robin Okafor');
    expect(await first.textContent()).toContain('The photos show another clinic.');
    expect(await first.textContent()).toContain(space.id);
    await expectNoSeriousA11yViolations(page, 'console audit log');

    // Gone from the search, and its page says so (status 410).
    expect(await searchIds(word)).toEqual([]);
    await page.goto(`/search?location=${word}`);
    await expect.poll(() => page.getByText('No spaces found').isVisible()).toBe(true);
    const gone = await page.goto(`/spaces/${space.id}`);
    expect(gone?.status()).toBe(410);
    await expect.poll(() => page.getByRole('heading', { name: 'This listing is no longer available' }).isVisible()).toBe(true);
    // The browser logs the page's own 410 answers; nothing else went wrong.
    expect(session.errors.filter((message) => !/status of (404|410)/.test(message))).toEqual([]);
  });
});
