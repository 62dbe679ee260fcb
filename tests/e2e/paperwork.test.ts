/**
 * A booking's papers in the browser (docs/decisions/027-receipts-and-agreements.md): the renter
 * enters a business name and tax ID on their profile, books a demo listing, sees the clickwrap beside the pay button and opens the agreement's preview,
 * pays (the hold carries the version accepted), then opens the receipt and the agreement from the
 * profile's My Bookings; each is a PDF, the agreement with the acceptance printed. The space's
 * owner finds the same papers and the payout statement in Bookings of My Spaces.
 *
 * Set-up that is not what is tested goes through the API: the renter's account and session.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../src/client/lib/auth';
import { BROWSER_TEST_DAYS } from '../../src/server/seed/demo-activity';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { PLATFORM_FEE_PAYER_NOTE } from '../../src/shared/price-breakdown';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import { expectNoSeriousA11yViolations, freeDates, openBrowser, pickCalendarDay, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let owner: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  owner = await openBrowser(baseUrl);
});
afterAll(async () => {
  await owner?.close();
  await session?.close();
});

/** Logs the demo owner in through the API (their browser context gets the session cookie) and lets the app know it. */
async function logInOwner(page: Page): Promise<User> {
  const response = await page.request.post('/api/login', { data: { email: 'owner@demo.clinicshare.test', password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const user = (await response.json()) as User;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(user)] as const);
  return user;
}

/** An instant-book listing of `ownerId` priced by the day. */
async function dailyListing(ownerId: string): Promise<Space> {
  const spaces = (await (await fetch(`${baseUrl}/api/spaces?ownerId=${ownerId}&period=daily&limit=100`)).json()) as Space[];
  // The list's cards leave some fields out: each detail has them.
  for (const listed of spaces.filter((candidate) => candidate.pricePeriod === 'daily')) {
    const space = (await (await fetch(`${baseUrl}/api/spaces/${listed.id}`)).json()) as Space;
    if (space.instantBook) return space;
  }
  throw new Error('The demo owner has no instant-book daily listing');
}

/** Registers a renter through the API (the browser context gets the session cookie) and lets the app know it. */
async function signInRenter(page: Page, stamp: number): Promise<User> {
  const registered = await page.request.post('/api/register', {
    data: {
      firstName: 'Paula',
      lastName: 'Perez',
      email: `paula.${stamp}@example.test`,
      password: 'a-strong-password',
      acceptedTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  const renter = (await registered.json()) as User;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(renter)] as const);
  return renter;
}

/** GETs `href` with the page's session and expects a PDF; returns its text (pdfjs), runs of white space made one space. */
async function expectPdf(page: Page, href: string): Promise<string> {
  const response = await page.request.get(href);
  expect(response.status(), href).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const body = await response.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocument({ data: new Uint8Array(body), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
  }
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

describe("a booking's papers", () => {
  it('the renter accepts the agreement beside the pay button, previews it, pays, then opens the receipt and the agreement from the profile', async () => {
    const { page } = session;
    const ownerUser = await logInOwner(owner.page);
    const space = await dailyListing(ownerUser.id);
    // Past the days other browser tests book on demo spaces (BROWSER_TEST_DAYS).
    const [day] = await freeDates(baseUrl, space.id, futureDate(BROWSER_TEST_DAYS.to + 3));
    await signInRenter(page, Date.now());

    // The business name and tax ID the receipt prints, entered in Edit Profile.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit Profile' });
    await profile.getByLabel('Business name').fill('Perez Physio LLC');
    await profile.getByLabel('Tax ID').fill('98-7654321');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toast(page, 'Profile updated successfully!').isVisible()).toBe(true);

    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await pickCalendarDay(booking, day!);
    await booking.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.waitFor();

    // The clickwrap, before anything is held: booking accepts the agreement, whose preview is a link.
    const clickwrap = payment.getByTestId('agreement-clickwrap');
    expect(await clickwrap.textContent()).toContain('By booking you accept the space-use agreement');
    const previewLink = clickwrap.getByRole('link', { name: /space-use agreement/ });
    const previewHref = (await previewLink.getAttribute('href'))!;
    expect(previewHref).toContain(`/api/spaces/${space.id}/agreement-preview.pdf?`);
    expect(await previewLink.getAttribute('target')).toBe('_blank');
    const popup = page.waitForEvent('popup');
    await previewLink.click();
    await (await popup).close();
    const preview = await expectPdf(page, previewHref);
    expect(preview).toContain('Space-use agreement (template): preview');
    expect(preview).toContain('Renter (licensee): Paula Perez');
    await expectNoSeriousA11yViolations(page, 'payment dialog with the agreement clickwrap');

    // The price as the summary shows it before the hold: the same lines on the card step and the same total on the receipt.
    const spaceLine = await payment.getByTestId('price-space-line').textContent();
    const total = (await payment.getByTestId('price-total').textContent())!.replace(/^Total/, '');
    expect(spaceLine).toBe(`Space (1 day)${total}`);
    const held = page.waitForRequest((request) => request.url().endsWith('/api/create-booking-payment-intent'));
    await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
    expect((await held).postDataJSON()).toMatchObject({ agreementVersion: AGREEMENT_VERSION });
    await payment.getByLabel('Card number').waitFor();
    expect(await payment.getByTestId('price-space-line').textContent()).toBe(spaceLine);
    expect(await payment.getByTestId('price-total').textContent()).toBe(`Total${total}`);
    expect(await payment.getByTestId('platform-fee-note').textContent()).toBe(PLATFORM_FEE_PAYER_NOTE);
    // Still beside the card form's pay button.
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    expect(await clickwrap.isVisible()).toBe(true);
    await payment.getByLabel('Expiry').fill(futureCardExpiry());
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);
    const bookingId = new URL(page.url()).searchParams.get('booking');
    expect(bookingId).toBeTruthy();

    // "View my bookings" opens the Bookings tab at this booking.
    const viewBookings = page.getByRole('link', { name: 'View my bookings' });
    expect(await viewBookings.getAttribute('href')).toBe(`/profile?tab=bookings&booking=${bookingId}`);
    await viewBookings.click();
    await expect.poll(() => page.getByRole('tab', { name: /^Bookings/ }).getAttribute('aria-selected')).toBe('true');

    // My Bookings: the booking links its receipt and agreement (no payout statement: that is the owner's).
    const row = page.locator(`[data-testid="booking-row"][data-booking-id="${bookingId}"]`);
    await row.waitFor();
    const papers = row.getByTestId('booking-papers');
    expect(await papers.getByRole('link').allTextContents()).toEqual([`Receipt (PDF): ${space.title}`, `Agreement (PDF): ${space.title}`]);
    const receiptHref = (await papers.getByRole('link', { name: /^Receipt/ }).getAttribute('href'))!;
    const agreementHref = (await papers.getByRole('link', { name: /^Agreement/ }).getAttribute('href'))!;
    expect(receiptHref).toBe(`/api/bookings/${bookingId}/receipt.pdf`);
    expect(agreementHref).toBe(`/api/bookings/${bookingId}/agreement.pdf`);
    const receipt = await expectPdf(page, receiptHref);
    expect(receipt).toMatch(/Receipt number: CS-\d{4}-\d{6}/);
    expect(receipt).toContain('Business: Perez Physio LLC');
    expect(receipt).toContain('Tax ID: 98-7654321');
    expect(receipt).toContain(space.title);
    // A first booking with the owner: the fee is inside the same total, paid from the owner's payout, in the checkout's words.
    expect(receipt).toContain(`Total paid ${total}`);
    expect(receipt).toContain(PLATFORM_FEE_PAYER_NOTE);
    expect(await expectPdf(page, agreementHref)).toContain(`Accepted by Paula Perez when booking`);
    await expectNoSeriousA11yViolations(page, 'My Bookings with paper links');
    expect(session.errors).toEqual([]);

    // The owner's Bookings of My Spaces: the same receipt and agreement, and the payout statement.
    await owner.page.goto('/profile?tab=bookings');
    const ownerRow = owner.page.locator(`[data-testid="space-booking"][data-booking-id="${bookingId}"]`);
    await ownerRow.waitFor();
    const ownerPapers = ownerRow.getByTestId('booking-papers');
    expect(await ownerPapers.getByRole('link').allTextContents()).toEqual([
      `Receipt (PDF): ${space.title}`,
      `Agreement (PDF): ${space.title}`,
      `Payout statement (PDF): ${space.title}`,
    ]);
    const statementHref = (await ownerPapers.getByRole('link', { name: /^Payout statement/ }).getAttribute('href'))!;
    expect(statementHref).toBe(`/api/bookings/${bookingId}/payout-statement.pdf`);
    expect(await expectPdf(owner.page, statementHref)).toContain('Amount paid out to you');
    // The renter has no payout statement.
    expect((await page.request.get(statementHref)).status()).toBe(403);
    expect(owner.errors).toEqual([]);
  });
});
