/**
 * The main journey in a real browser on the app started as `npm start`
 * starts it: home -> search with a filter -> space detail -> sign up ->
 * book -> pay with the test card -> 'Booking confirmed!'.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Space } from '../../src/shared/schemas/spaces';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import { expectNoSeriousA11yViolations, freeDates, openBrowser, pickCalendarDays, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** A seeded daily space and the filters that find it. */
async function pickDailySpace(): Promise<Space> {
  const response = await fetch(`${baseUrl}/api/spaces?limit=100`);
  const spaces = (await response.json()) as Space[];
  const space = spaces.find((s) => s.pricePeriod === 'daily' && s.images.length > 1);
  if (!space) throw new Error('The seed has no daily space with a gallery');
  return space;
}

/** Books two days of `spaceId` and pays with `cardNumber`; the booking dialog is opened first unless it already is. */
async function bookWithCard(page: Page, spaceId: string, cardNumber: string, fromDay = 30, dialogOpen = false) {
  if (!dialogOpen) await page.getByRole('button', { name: 'Book Space' }).click();
  const booking = page.getByRole('dialog');
  // Two free days in a row (the demo listing may close some days).
  const [first, last] = (await freeDates(baseUrl, spaceId, futureDate(fromDay), 2)) as [string, string];
  await pickCalendarDays(booking, first, last);
  await booking.getByLabel('Additional Notes').fill('Two days of evaluations.');
  await booking.getByRole('button', { name: 'Continue to Payment' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payment.getByLabel('Card number').fill(cardNumber);
  await payment.getByLabel('Expiry').fill(futureCardExpiry());
  await payment.getByLabel('CVC').fill('123');
  await payment.getByRole('button', { name: /^Pay / }).click();
}

describe('find a space, sign up, book it and pay', () => {
  it('completes the whole journey and confirms the booking', async () => {
    const { page } = session;
    const target = await pickDailySpace();

    await page.goto('/');
    await expect.poll(() => page.getByText('Featured Medical Spaces').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'home');
    await page.getByLabel('Location').first().fill(target.city);
    await page.getByLabel('Location').first().press('Enter');
    await page.waitForURL(/\/search\?location=/);

    // Filter by space type in the sidebar.
    await page.getByLabel('Space type').first().selectOption(target.spaceType);
    await expect.poll(() => page.url()).toContain(`spaceType=${encodeURIComponent(target.spaceType).replace(/%20/g, '+')}`);
    const api = await fetch(
      `${baseUrl}/api/spaces?location=${encodeURIComponent(target.city)}&spaceType=${encodeURIComponent(target.spaceType)}`,
    );
    const total = api.headers.get('x-total-count');
    await expect.poll(() => page.getByText(new RegExp(`^${total} spaces? found$`)).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'search');

    await page.locator('[data-testid="space-card"]', { hasText: target.title }).first().click();
    await page.waitForURL(`**/spaces/${target.id}`);
    await expect.poll(() => page.getByRole('heading', { name: target.title }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`${target.title} | ClinicShare`);
    await expectNoSeriousA11yViolations(page, 'space detail');

    // Booking needs an account: the Log in dialog opens at once, and its Sign up comes back here with the booking dialog open
    // (docs/product.md#signed-out-visits).
    await page.getByRole('button', { name: 'Book Space' }).click();
    await expect.poll(() => toast(page, 'Please log in to book a space.').isVisible()).toBe(true);
    await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Sign up' }).click();
    const signUpDialog = page.getByRole('dialog', { name: 'Create your account' });
    await signUpDialog.getByLabel('First name').fill('Jordan');
    await signUpDialog.getByLabel('Last name').fill('Lee');
    await signUpDialog.getByLabel('Email').fill(`jordan.${Date.now()}@example.test`);
    await signUpDialog.getByLabel('Specialty').fill('Physical Therapy');
    await signUpDialog.getByLabel('Password', { exact: true }).fill('a-strong-password');
    await signUpDialog.getByLabel('Confirm password').fill('a-strong-password');
    await signUpDialog.getByLabel('I accept the terms and conditions').check();
    await signUpDialog.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('dialog', { name: 'Book Space' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/spaces/${target.id}`);
    // The way back still leads to the search with its filters.
    expect(await page.getByRole('link', { name: 'Back to Search', includeHidden: true }).getAttribute('href')).toMatch(
      /^\/search\?location=/,
    );
    await bookWithCard(page, target.id, '4242 4242 4242 4242', 30, true);

    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(page.url()).toContain(`/space/${target.id}?payment_success=true`);
    await expect.poll(() => page.getByText('Your booking is confirmed').isVisible()).toBe(true);

    // The server holds one confirmed booking for these dates, priced by the server.
    const me = await page.request.get('/api/me');
    const bookings = await page.request.get(`/api/users/${(await me.json()).id}/bookings`);
    const list = await bookings.json();
    expect(list).toHaveLength(1);
    // The confirmation offers the booking's calendar file.
    const calendarLink = page.getByRole('status').getByRole('link', { name: /Add to calendar/ });
    expect(await calendarLink.getAttribute('href')).toBe(`/api/bookings/${list[0].id}/calendar.ics`);
    const file = await page.request.get(`/api/bookings/${list[0].id}/calendar.ics`);
    expect(file.headers()['content-type']).toContain('text/calendar');
    expect(list[0]).toMatchObject({
      spaceId: target.id,
      status: 'confirmed',
      totalPrice: (Number(target.pricePerDay) * 2).toFixed(2),
      notes: 'Two days of evaluations.',
    });
    expect(session.errors).toEqual([]);
  });

  it('shows a declined card clearly and books nothing', async () => {
    const { page } = session;
    await session.context.clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    const target = await pickDailySpace();
    await page.goto(`/spaces/${target.id}`);
    await signUp(page, { email: `casey.${Date.now()}@example.test`, firstName: 'Jordan', lastName: 'Lee', specialty: 'Physical Therapy' });
    await page.goto(`/spaces/${target.id}`);
    await bookWithCard(page, target.id, '4000 0000 0000 0002', 40);
    await expect.poll(() => toast(page, 'Your card was declined.').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await toast(page, 'Your card was declined.').textContent()).toContain('Payment Failed');
    const me = await page.request.get('/api/me');
    const bookings = await page.request.get(`/api/users/${(await me.json()).id}/bookings`);
    expect(await bookings.json()).toEqual([]);
  });

  it('works at phone width: the menu opens and the search page shows results', async () => {
    const phone = await openBrowser(baseUrl, { width: 375, height: 812 });
    try {
      await phone.page.goto('/');
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      await phone.page.getByRole('link', { name: 'Browse Spaces' }).last().click();
      await phone.page.waitForURL('**/search');
      await expect.poll(() => phone.page.getByText(/\d+ spaces found/).isVisible(), { timeout: 10_000 }).toBe(true);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});

describe('pages for crawlers, without JavaScript', () => {
  it('sends the title, description, canonical URL and JSON-LD of a space in the HTML', async () => {
    const target = await pickDailySpace();
    const html = await (await fetch(`${baseUrl}/spaces/${target.id}`)).text();
    // Without PUBLIC_URL the canonical origin is http://localhost:$PORT, whatever host the request named.
    const publicUrl = `http://localhost:${new URL(baseUrl).port}`;
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/spaces/${target.id}" />`);
    const title = html.match(/<title>(.*?)<\/title>/)?.[1];
    expect(title).toBeTruthy();
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(150);
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'USD', price: target.pricePerDay } });
  });

  it('lists the first 10 search results in the search page JSON-LD, and 404s unknown spaces and pages', async () => {
    const html = await (await fetch(`${baseUrl}/search?location=TX`)).text();
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}');
    expect(jsonLd['@type']).toBe('ItemList');
    expect(jsonLd.itemListElement.length).toBe(Math.min(10, jsonLd.numberOfItems));
    expect((await fetch(`${baseUrl}/spaces/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/no/such/page`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/no-such-endpoint`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/robots.txt`)).status).toBe(200);
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).toContain(`/spaces/`);
  });
});

describe('states and validation in the browser', () => {
  it('shows the empty state, the missing-space page and the not-found page', async () => {
    const { page } = session;
    await page.goto('/search?location=Nowhereville');
    await expect.poll(() => page.getByText('No spaces found').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('0 spaces found').isVisible()).toBe(true);
    await page.goto('/spaces/00000000-0000-4000-8000-000000000000');
    await expect.poll(() => page.getByRole('heading', { name: 'Space Not Found' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'space not found');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'not found');
    await page.goto('/terms');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'terms');
  });

  it('validates sign-up in the dialog and sends nothing until it is right', async () => {
    const { page } = session;
    await session.context.clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Sam');
    await dialog.getByLabel('Last name').fill('Ortiz');
    await dialog.getByLabel('Email').fill('sam.ortiz@example.test');
    await dialog.getByLabel('Password', { exact: true }).fill('a-strong-password');
    await dialog.getByLabel('Confirm password').fill('another-password');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getByText("Passwords don't match").isVisible()).toBe(true);
    expect(await dialog.getByText('You must accept the terms and conditions to create an account').isVisible()).toBe(true);

    // A common password gets the server's message under the password field, before anything is sent.
    await dialog.getByLabel('Password', { exact: true }).fill('Password123');
    await dialog.getByLabel('Confirm password').fill('Password123');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const passwordError = page.locator('#register-password-error');
    await expect.poll(() => passwordError.textContent()).toMatch(/list of common passwords/);
    await dialog.getByLabel('Password', { exact: true }).fill('sam.ortiz');
    await expect.poll(() => passwordError.textContent()).toMatch(/must not be your email address/);
    expect(page.url()).not.toContain('/profile');
    const login = await page.request.post('/api/login', { data: { email: 'sam.ortiz@example.test', password: 'a-strong-password' } });
    expect(login.status()).toBe(401);
  });

  it('logs in with a demo account and out again', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('renter@demo.clinicshare.test');
    await dialog.getByLabel('Password').fill('clinicshare-demo');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    // The toasts' code loads with the first toast of the page.
    await expect.poll(() => toast(page, 'Welcome back!').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('Dr. Taylor Brooks').first().isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'profile');
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click();
    await expect.poll(() => toast(page, 'Logged out successfully').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
