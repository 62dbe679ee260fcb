/**
 * Owed payouts in a real browser (docs/decisions/033-owed-payouts.md): an owner without
 * a payout account is booked and paid; their profile says "Finish payout setup to receive $X";
 * they follow it, finish the demo payout setup, and the notice is gone; the app's job transfers
 * what was owed, which the console's booking lookup shows.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, signUp, toast, type BrowserSession } from './browser';
import { logIn, logOut } from './demo-session';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;
let ownerPage: Page;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  // The owner's own browser context (cookies and storage), signed in beside the renter and the operator.
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  ownerPage = await ownerContext.newPage();
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

describe('owed payouts', () => {
  it('shows an owner without payout setup what is owed, and after the demo setup the notice goes and the transfer is made', async () => {
    const { page } = session;
    const word = `Heron${randomUUID().slice(0, 6)}`;
    await ownerPage.goto('/');
    await signUp(ownerPage, { email: `owner-${randomUUID()}@example.test`, firstName: 'Imani', lastName: 'Okafor' });
    const space = await listSpaceThroughApi(ownerPage, { title: `${word} Exam Room`, instantBook: true, pricePerDay: '120.00' });

    // A renter books one day and pays with the demo card (the booking dialog is tested elsewhere).
    await page.goto('/');
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Ravi', lastName: 'Shah' });
    const day = futureDate(50);
    const intent = await page.request.post('/api/create-booking-payment-intent', {
      data: { spaceId: space.id, bookingDetails: { startDate: day, endDate: futureDate(51) }, agreementVersion: AGREEMENT_VERSION },
    });
    expect(intent.status(), await intent.text()).toBe(200);
    const answer = (await intent.json()) as { bookingId: string; clientSecret: string; amount: string; ownerConnected: boolean };
    expect(answer.ownerConnected).toBe(false);
    const paid = await page.request.post('/api/demo-payments/confirm', {
      data: { clientSecret: answer.clientSecret, cardNumber: '4242424242424242', expiry: futureCardExpiry(), cvc: '123' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { paymentIntentId } = (await paid.json()) as { paymentIntentId: string };
    const recorded = await page.request.post('/api/bookings', {
      data: { spaceId: space.id, startDate: day, endDate: futureDate(51), totalPrice: answer.amount, paymentIntentId },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    await logOut(page);

    // The owner: $120 less the 10% first-booking fee is owed.
    await ownerPage.goto('/profile');
    const notice = ownerPage.getByRole('link', { name: 'Finish payout setup to receive $108.00' });
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoSeriousA11yViolations(ownerPage, 'profile with money owed');

    await notice.click();
    await ownerPage.waitForURL('**/payments/connect');
    await ownerPage.getByRole('button', { name: 'Set Up Payments' }).click();
    await ownerPage.waitForURL('**/api/demo-payments/onboarding?**');
    await ownerPage.getByRole('button', { name: 'Complete demo onboarding' }).click();
    await expect
      .poll(() => toast(ownerPage, 'Your payment account has been set up successfully.').isVisible(), { timeout: 20_000 })
      .toBe(true);

    // The job transfers what was owed (the app's workers poll every 2 s); the profile no longer asks for setup.
    const me = (await (await ownerPage.request.get('/api/me')).json()) as { id: string };
    await expect
      .poll(
        async () => ((await (await ownerPage.request.get(`/api/users/${me.id}/payouts/owed`)).json()) as { owedAmount: string }).owedAmount,
        { timeout: 30_000 },
      )
      .toBe('0.00');
    await ownerPage.goto('/profile');
    await expect.poll(() => ownerPage.getByTestId('lister-card').getByRole('link', { name: 'Payment Settings' }).isVisible()).toBe(true);
    expect(await ownerPage.getByTestId('owed-payout-notice').count()).toBe(0);

    // The console's booking lookup shows the transfer.
    await logIn(page, 'admin@demo.clinicshare.test');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByLabel('Id').fill(answer.bookingId);
    await page.getByLabel('Id').press('Enter');
    const details = page.getByRole('article');
    await expect
      .poll(() => details.getByTestId('owner-payout').textContent())
      .toMatch(/^Transferred \$108\.00 on .+ \(tr_demo_[0-9a-f]+\)$/);
    await logOut(page);
  });
});
