/**
 * Reports in a real browser (docs/product.md#reporting): the demo renter reports a listing from its page
 * with a reason and a comment; the demo admin finds it in the console's Reports queue with the
 * listing's title and links to the listing and its owner, and resolves the report as "Listing
 * taken down" (no outcome chosen beforehand), which takes the listing down; the audit log shows
 * both with their targets named, and filters by action. The Report dialog, the Reports tab, the
 * resolve dialog, the audit log and the Overview pass an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

describe('reports', () => {
  it('the demo renter reports a listing; the demo admin takes it down and resolves the report, and the audit log shows both', async () => {
    const { page } = session;
    const word = `Osprey${randomUUID().slice(0, 6)}`;
    const title = `${word} Procedure Room`;
    await page.goto('/');
    await signUp(page, { email: `owner-${randomUUID()}@example.test`, firstName: 'Drew', lastName: 'Mason' });
    const space = await listSpaceThroughApi(page, { title });
    await logOut(page);

    // The renter reports it: a reason is required, a comment is optional.
    await logIn(page, 'renter@demo.clinicshare.test');
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Report this listing' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByText('Choose a reason').last().isVisible()).toBe(true);
    await dialog.getByLabel('Reason').selectOption('fraud');
    await dialog.getByLabel('Comment (optional)').fill('The photos are of a hotel, not a clinic.');
    await expectNoSeriousA11yViolations(page, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toast(page, 'Report sent').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await logOut(page);

    // The admin sees it in the queue with the listing's title.
    await logIn(page, 'admin@demo.clinicshare.test');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Reports' }).click();
    const report = page.getByTestId('console-report').filter({ hasText: title });
    await expect.poll(() => report.isVisible()).toBe(true);
    expect(await report.textContent()).toContain('Fraud or a scam');
    expect(await report.textContent()).toContain('The photos are of a hotel, not a clinic.');
    expect(await report.textContent()).toContain('Taylor Brooks');
    await expectNoSeriousA11yViolations(page, 'console reports');

    // The card links to the listing and its owner in the console.
    await report.getByRole('link', { name: 'Open the listing' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Listings', selected: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: title }).textContent()).toContain('Listed');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await report.getByRole('link', { name: 'Open its owner' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Drew Mason' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Reports' }).click();

    // Resolve it: no outcome is chosen until the admin picks one; "Listing taken down" takes it down.
    await report.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => dialog.getByLabel('What was done').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => dialog.getByText('Choose what was done').isVisible()).toBe(true);
    await dialog.getByLabel('What was done').selectOption('listing_taken_down');
    await dialog.getByLabel('Reason (sent to them)').fill('Reported as fraudulent: the photos are not of this space.');
    await expectNoSeriousA11yViolations(page, 'resolve report dialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => toast(page, 'Report resolved').first().isVisible()).toBe(true);
    await expect.poll(() => report.count()).toBe(0);
    await page.getByRole('button', { name: 'Resolved' }).click();
    await expect.poll(() => report.textContent()).toContain('Listing taken down');

    // The audit log shows both (one transaction: the same instant), naming their targets; it filters by action.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const resolvedRow = page.getByRole('row').filter({ hasText: 'Resolved a report' }).first();
    await expect.poll(() => resolvedRow.textContent()).toContain('Report of a listing: Fraud or a scam');
    expect(await resolvedRow.textContent()).toContain('Reported as fraudulent');
    const takedownRow = page.getByRole('row').filter({ hasText: 'Took down a listing' }).filter({ hasText: space.id });
    expect(await takedownRow.textContent()).toContain(title);
    await page.getByLabel('Action').selectOption('report.resolve');
    await expect
      .poll(async () => (await page.getByTestId('audit-target').allTextContents()).every((text) => text.startsWith('Report of')))
      .toBe(true);
    await expectNoSeriousA11yViolations(page, 'console audit log');

    // The Overview shows its figures and charts.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => page.getByTestId('overview-totals').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Money per day').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Per month' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'console overview');

    // The listing's page now says it is gone.
    const gone = await page.goto(`/spaces/${space.id}`);
    expect(gone?.status()).toBe(410);
    expect(session.errors.filter((message) => !/status of (404|410)/.test(message))).toEqual([]);
  });
});
