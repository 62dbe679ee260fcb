/**
 * Search by availability in a real browser (docs/product.md#search): a renter picks a
 * date and Morning on /search; a space whose morning is held that day leaves the results, the URL
 * keeps the filter (a reload shows the same), and the Afternoon brings it back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let owner: BrowserSession;
let renter: BrowserSession;

beforeAll(async () => {
  owner = await openBrowser(baseUrl);
  renter = await openBrowser(baseUrl);
});
afterAll(async () => {
  await owner?.close();
  await renter?.close();
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

/** A date eight days ahead, `YYYY-MM-DD` (a day ahead in every US zone, inside any horizon of these spaces). */
function dateAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('the availability filter of /search', () => {
  it('hides a space whose morning is taken on the chosen date, keeps the choice in the URL, and shows it again for the afternoon', async () => {
    const town = `Quillfield${Date.now().toString(36)}`;
    await logIn(owner.page, 'owner@demo.clinicshare.test');
    const place = { city: town, state: 'IL', zipCode: '60606', pricePeriod: 'hourly' as const, pricePerDay: '40.00' };
    const taken = await listSpaceThroughApi(owner.page, { title: `Taken Morning Room ${town}`, ...place });
    await listSpaceThroughApi(owner.page, { title: `Free Morning Room ${town}`, ...place });

    const date = dateAhead(8);
    await logIn(renter.page, 'renter@demo.clinicshare.test');
    const hold = await renter.page.request.post('/api/create-booking-payment-intent', {
      data: {
        spaceId: taken.id,
        bookingDetails: { startDate: `${date}T09:00`, endDate: `${date}T10:00` },
        idempotencyKey: `e2e-${town}`,
        agreementVersion: AGREEMENT_VERSION,
      },
    });
    expect(hold.status(), await hold.text()).toBe(200);

    const { page } = renter;
    const cards = page.getByTestId('space-card');
    await page.goto(`/search?location=${town}`);
    await expect.poll(() => cards.count()).toBe(2);

    const time = page.getByLabel('Time of day');
    expect(await time.isDisabled()).toBe(true); // a time needs a date
    await page.getByLabel('Available on').fill(date);
    await expect.poll(() => new URL(page.url()).searchParams.get('availableOn')).toBe(date);
    // Any time: the taken room still has free hours that day.
    await expect.poll(() => cards.count()).toBe(2);

    await time.selectOption({ label: 'Morning (08:00–12:00)' });
    await expect.poll(() => new URL(page.url()).searchParams.get('availableFrom')).toBe('08:00');
    expect(new URL(page.url()).searchParams.get('availableTo')).toBe('12:00');
    await expect.poll(() => cards.allTextContents()).toEqual([expect.stringContaining(`Free Morning Room ${town}`)]);
    await expectNoSeriousA11yViolations(page, 'search with availability');

    // The URL is the search: a reload (the server-rendered first page) shows the same.
    await page.reload();
    await expect.poll(() => cards.allTextContents()).toEqual([expect.stringContaining(`Free Morning Room ${town}`)]);
    expect(await page.getByLabel('Available on').inputValue()).toBe(date);

    await page.getByLabel('Time of day').selectOption({ label: 'Afternoon (13:00–17:00)' });
    await expect.poll(() => cards.count()).toBe(2);

    // Clearing the date clears the time too.
    await page.getByLabel('Available on').fill('');
    await expect.poll(() => new URL(page.url()).searchParams.has('availableFrom')).toBe(false);
    expect(new URL(page.url()).searchParams.has('availableOn')).toBe(false);
  });
});
