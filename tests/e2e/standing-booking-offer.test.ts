/**
 * A listing's offer of standing bookings in a real browser (src/shared/schemas/standing-bookings.ts): the
 * demo owner offers them in the listing wizard (weekly or monthly billing, notice, minimum term), the
 * wizard refuses notice out of range at the field, and a signed-out visitor reads the offer on the space
 * page; the owner narrows it in the edit wizard, and the page says so; a space priced per month cannot
 * offer them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceDetail } from '../../src/shared/schemas/spaces';
import { expectNoSeriousA11yViolations, openBrowser, scrollToSpaceSections, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };
let owner: BrowserSession;
let visitor: BrowserSession;

beforeAll(async () => {
  owner = await openBrowser(baseUrl);
  const login = await owner.context.request.post('/api/login', { data: OWNER });
  expect(login.status()).toBe(200);
  await owner.context.addInitScript((user) => window.localStorage.setItem('clinicshare:user', user), await login.text());
  visitor = await openBrowser(baseUrl);
});
afterAll(async () => {
  await owner?.close();
  await visitor?.close();
});

/** The offer as the space page shows it, to a signed-out visitor. */
async function shownOffer(spaceId: string): Promise<string> {
  const { page } = visitor;
  await page.goto(`/spaces/${spaceId}`);
  await scrollToSpaceSections(page);
  const offer = page.getByTestId('standing-offer');
  await offer.waitFor();
  return offer.innerText();
}

describe('standing bookings offer', () => {
  const title = `Standing Therapy Room ${Date.now().toString(36)}`;
  let spaceId = '';

  it('is offered by the owner in the listing wizard and shown on the space page', async () => {
    const { page } = owner;
    await page.goto('/list-space');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Space type').selectOption('Consultation Room');
    await page.getByLabel('Description').fill('A quiet therapy room, let by the morning to part-time clinicians.');
    await next.click();
    await page.getByLabel('Street address').fill('200 Clarendon St');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption('MA');
    await page.getByLabel('ZIP code').fill('02116');
    await next.click();
    await page.getByRole('checkbox', { name: 'Wi-Fi' }).click();
    await next.click();
    await page.getByLabel('Price (USD)').fill('75');

    const part = page.getByTestId('standing-offer-fields');
    await part.getByRole('checkbox', { name: 'Offer standing bookings' }).click();
    expect(await part.getByRole('checkbox', { name: 'Billed weekly' }).getAttribute('aria-checked')).toBe('true');
    expect(await part.getByRole('checkbox', { name: 'Billed monthly' }).getAttribute('aria-checked')).toBe('true');
    // Out of range: said at the field, and the listing is not sent.
    await part.getByLabel('Notice (days)').fill('5');
    await part.getByText('Notice must be whole days from 7 to 90').waitFor();
    await part.getByLabel('Notice (days)').fill('30');
    await part.getByLabel('Minimum term (months)').fill('3');
    await expectNoSeriousA11yViolations(page, 'wizard standing bookings');

    await page.getByRole('button', { name: 'List Your Space' }).click();
    await page.waitForURL(/\/spaces\/[0-9a-f-]{36}$/);
    spaceId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await (await fetch(`${baseUrl}/api/spaces/${spaceId}`)).json()) as SpaceDetail;
    expect(saved.standingBookings).toEqual({ billing: ['weekly', 'monthly'], noticeDays: 30, minimumTermMonths: 3 });

    expect(await shownOffer(spaceId)).toContain("Billed weekly or monthly in advance, 30 days' notice, 3-month minimum term.");
    expect(owner.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('is changed in the edit wizard, and cannot stay on a space priced per month', async () => {
    const { page } = owner;
    await page.goto(`/edit-space/${spaceId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    const part = page.getByTestId('standing-offer-fields');
    expect(await part.getByLabel('Notice (days)').inputValue()).toBe('30');
    await part.getByRole('checkbox', { name: 'Billed monthly' }).click();
    await part.getByLabel('Notice (days)').fill('14');
    await part.getByLabel('Minimum term (months)').fill('0');

    // Priced per month, the offer cannot be chosen; priced per day again, it is as it was.
    await page.getByLabel('Pricing period').selectOption('monthly');
    expect(await part.getByRole('checkbox', { name: 'Offer standing bookings' }).isDisabled()).toBe(true);
    await part.getByText('a space priced per month cannot offer them').waitFor();
    await page.getByLabel('Pricing period').selectOption('daily');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/profile/);
    expect(await shownOffer(spaceId)).toContain("Billed weekly in advance, 14 days' notice, no minimum term.");
    expect(owner.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
