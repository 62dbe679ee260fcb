/**
 * Rescheduling in a real browser (docs/decisions/040-rescheduling.md): a renter opens "Change date
 * or time" on a booking in My Bookings, picks a cheaper day in the space's booking calendar, reads
 * the refund the change gives before confirming, confirms, and sees the booking's new dates.
 */
import { randomUUID } from 'node:crypto';
import { format } from 'date-fns';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureDate } from '../helpers/dates';
import {
  bookThroughApi,
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  pickCalendarDays,
  signUp,
  toast,
  type BrowserSession,
} from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

/** A `YYYY-MM-DD` date as the bookings list shows it ("Mar 3, 2026"). */
const shown = (date: string) => format(new Date(`${date}T12:00:00`), 'MMM d, yyyy');

describe('changing the date of a booking', () => {
  it('the renter moves a booking to a cheaper day, sees the refund first, then the new dates', async () => {
    const word = `Wren${randomUUID().slice(0, 6)}`;
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/');
    await signUp(ownerPage, { email: `owner-${randomUUID()}@example.test`, firstName: 'Imani', lastName: 'Okafor' });
    const space = await listSpaceThroughApi(ownerPage, {
      title: `${word} Exam Room`,
      instantBook: true,
      pricePeriod: 'daily',
      pricePerDay: '90.00',
    });

    const page = session.page;
    await page.goto('/');
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Tomas', lastName: 'Reyes' });
    const answer = await bookThroughApi(page, space.id, { startDate: futureDate(10), endDate: futureDate(12) });

    await page.goto('/profile?tab=bookings');
    const row = page.locator(`[data-booking-id="${answer.bookingId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(shown(futureDate(10)));
    await page.getByRole('button', { name: 'Change date or time' }).click();

    const dialog = page.getByRole('dialog', { name: 'Change date or time' });
    await dialog.waitFor();
    await pickCalendarDays(dialog, futureDate(20), futureDate(20));
    // Two days at $90 moved to one, inside the free window: $90 back.
    await expect.poll(() => dialog.getByTestId('price-difference').textContent(), { timeout: 15_000 }).toBe('Refund to your card: $90.00');
    await expectNoSeriousA11yViolations(page, 'the change date dialog');
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await toast(page, 'Booking changed').waitFor();

    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(`${shown(futureDate(20))} – ${shown(futureDate(21))}`);
    await expect.poll(() => row.getByTestId('booking-refunded').textContent(), { timeout: 15_000 }).toBe('Refunded $90.00');
  });
});
