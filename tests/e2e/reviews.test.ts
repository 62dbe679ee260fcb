/**
 * Reviews in a real browser (docs/product.md#reviews): the demo renter reviews the
 * booking of the demo owner's room that ended 3 days before the seed from their profile; the
 * owner sees that the renter has reviewed (not what), reviews back, and then reads the renter's
 * review; the review appears on the space's page with the new average.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/bookings';
import type { SpaceDetail } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, scrollToSpaceSections, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;
let ownerPage: Page;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  ownerPage = await ownerContext.newPage();
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

async function logIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('clinicshare-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/profile');
}

describe('two-sided reviews', () => {
  it('the renter reviews the past booking, the owner reviews back, and the space page shows it with the new average', async () => {
    const renterPage = session.page;
    const comment = `Quiet room and a welcoming front desk (${Date.now()}).`;
    await logIn(renterPage, 'renter@demo.clinicshare.test');
    const renter = (await (await renterPage.request.get('/api/me')).json()) as User;
    const bookings = (await (await renterPage.request.get(`/api/users/${renter.id}/bookings`)).json()) as Booking[];
    const now = Date.now();
    const past = bookings.find(
      (booking) =>
        booking.status === 'confirmed' &&
        !booking.seriesId &&
        new Date(booking.endDate).getTime() < now &&
        now - new Date(booking.endDate).getTime() < 5 * 24 * 3600_000,
    );
    if (!past) throw new Error('The demo renter has no booking that ended a few days ago');
    const before = (await (await renterPage.request.get(`/api/spaces/${past.spaceId}`)).json()) as SpaceDetail;

    // The renter writes a 4-star review from My Bookings.
    await renterPage.goto('/profile?tab=bookings');
    const renterPanel = renterPage.getByTestId('booking-review');
    await renterPanel.getByRole('button', { name: 'Write a review' }).click();
    const dialog = renterPage.getByRole('dialog', { name: 'Write a review' });
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await dialog.getByText('Rating must be a whole number from 1 to 5').waitFor();
    await dialog.locator('label').filter({ hasText: '4 stars' }).click();
    await dialog.getByLabel('Comment').fill(comment);
    await expectNoSeriousA11yViolations(renterPage, 'write a review dialog');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await toast(renterPage, 'Review submitted').waitFor();
    await renterPanel.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    expect(await renterPanel.getByTestId('other-side-review').textContent()).toBe('The owner has not reviewed yet.');

    // Double-blind: nothing on the space page yet.
    await renterPage.goto(`/spaces/${past.spaceId}`);
    await scrollToSpaceSections(renterPage);
    await renterPage.getByTestId('space-reviews').waitFor();
    expect(await renterPage.getByText(comment).count()).toBe(0);

    // The owner sees that the renter has reviewed, but not what, and reviews back.
    await logIn(ownerPage, 'owner@demo.clinicshare.test');
    await ownerPage.goto('/profile?tab=bookings');
    const ownerPanel = ownerPage.getByTestId('booking-review');
    await ownerPanel.getByTestId('other-side-review').filter({ hasText: 'The renter has reviewed this booking' }).waitFor();
    expect(await ownerPage.getByText(comment).count()).toBe(0);
    await ownerPanel.getByRole('button', { name: 'Write a review' }).click();
    const ownerDialog = ownerPage.getByRole('dialog', { name: 'Write a review' });
    await ownerDialog.locator('label').filter({ hasText: '5 stars' }).click();
    await ownerDialog.getByLabel('Comment').fill('A considerate renter who left the room spotless.');
    await ownerDialog.getByRole('button', { name: 'Submit review' }).click();
    await toast(ownerPage, 'Review submitted').waitFor();
    await ownerPanel.getByTestId('other-side-review').filter({ hasText: comment }).waitFor();

    // Both written: the renter's review is on the space page, with the reviewer's first name and the new average.
    const after = (await (await renterPage.request.get(`/api/spaces/${past.spaceId}`)).json()) as SpaceDetail;
    const count = (before.rating?.count ?? 0) + 1;
    expect(after.rating?.count).toBe(count);
    expect(Math.abs(after.rating!.average - ((before.rating?.average ?? 0) * (count - 1) + 4) / count)).toBeLessThan(0.01);
    const average = after.rating!.average;
    await renterPage.goto(`/spaces/${past.spaceId}`);
    await scrollToSpaceSections(renterPage);
    const review = renterPage.getByTestId('space-review').filter({ hasText: comment });
    await review.waitFor();
    expect(await review.textContent()).toContain(renter.firstName);
    expect(await review.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    const summary = renterPage.getByTestId('space-reviews').getByTestId('rating-summary');
    await expect.poll(() => summary.textContent()).toContain(`${average.toFixed(1)}(${count} ${count === 1 ? 'review' : 'reviews'})`);
    await expectNoSeriousA11yViolations(renterPage, 'space page reviews');
  });

  it('search sorts by rating and keeps 4+ stars only, from the filter panel', async () => {
    const { page } = session;
    await page.goto('/search');
    await page.getByLabel('Sort by').selectOption('rating');
    await page.waitForURL(/sort=rating/);
    await page.getByLabel('4+ stars').check();
    await page.waitForURL(/minRating=4/);
    const cards = page.getByTestId('space-card');
    await expect.poll(() => cards.first().getByTestId('rating-summary').isVisible()).toBe(true);
    const shown = await cards.getByTestId('rating-summary').allTextContents();
    const averages = shown.map((text) => Number(/^([\d.]+)/.exec(text)![1]));
    expect(averages.length).toBeGreaterThan(1);
    expect(averages.every((average) => average >= 4)).toBe(true);
    expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    await expectNoSeriousA11yViolations(page, 'search by rating');
  });
});
