/**
 * A refund from the console in a real browser (docs/decisions/031-console-refunds-and-booking-history.md): a renter books
 * and pays a new listing; the demo admin looks the booking up by its id in the console's Bookings
 * tab, sees its status history and payment, and refunds part of it through the Refund dialog
 * (amount prefilled with what is refundable, a reason, a confirmation), by keyboard. The tab passes
 * an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureDate } from '../helpers/dates';
import {
  bookThroughApi,
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  signUp,
  toast,
  type BrowserSession,
} from './browser';
import { logIn, logOut } from './demo-session';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

describe('refunds from the console', () => {
  it('lets the demo admin refund part of a paid booking from its details', async () => {
    const { page } = session;
    const word = `Osprey${randomUUID().slice(0, 6)}`;
    await page.goto('/');
    await signUp(page, { email: `owner-${randomUUID()}@example.test`, firstName: 'Noor', lastName: 'Haddad' });
    const space = await listSpaceThroughApi(page, { title: `${word} Exam Room`, instantBook: true });
    await logOut(page);

    // A renter books one day and pays with the demo card (the booking dialog is tested elsewhere).
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Ari', lastName: 'Mendes' });
    const answer = await bookThroughApi(page, space.id, { startDate: futureDate(45), endDate: futureDate(46) });
    await logOut(page);

    await logIn(page, 'admin@demo.clinicshare.test');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByLabel('Id').fill(answer.bookingId);
    await page.getByLabel('Id').press('Enter');
    const details = page.getByRole('article');
    await expect.poll(() => details.getByRole('heading', { name: new RegExp(`${word} Exam Room`) }).isVisible()).toBe(true);
    await expect.poll(() => details.getByRole('region', { name: 'Status history' }).getByRole('listitem').count()).toBe(2);
    expect(await details.getByTestId('payment-refunded').textContent()).toBe('$0.00');
    await expectNoSeriousA11yViolations(page, 'console bookings');

    await details.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Amount (USD)');
    expect(await amount.inputValue()).toBe(answer.amount);
    await amount.fill('20.00');
    await dialog.getByLabel('Reason (sent to the renter)').fill('The air conditioning was broken.');
    await dialog.getByLabel('Reason (sent to the renter)').press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Confirm the refund' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'console refund dialog');
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, '$20.00 refunded').isVisible()).toBe(true);
    await expect.poll(() => details.getByTestId('payment-refunded').textContent()).toBe('$20.00');
    await expect.poll(() => details.getByText('The air conditioning was broken.').isVisible()).toBe(true);
  });
});
