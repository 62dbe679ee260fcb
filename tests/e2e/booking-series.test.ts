/**
 * Recurring bookings (docs/product.md#recurring-bookings, docs/decisions/026-booking-series.md):
 * an owner's room sells a Morning session on Tuesdays and Thursdays; a renter books Tuesday and
 * Thursday mornings from the calendar with "Repeat weekly" for 13 bookings, is told that one of
 * them falls on a date the owner closed, books the free ones only (12), pays once, sees
 * the series as one card in their profile with its 12 occurrences, cancels one, then the rest.
 * The owner sees the series as one card among the bookings of their spaces; on a request-to-book
 * room a series is one request, which the owner accepts whole with one Accept.
 *
 * Set-up that is not what is tested goes through the API: the owner, the listing with its
 * schedule and closed date, and the renter's account and session.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { shiftDate, weekdayOf } from '../../src/shared/availability';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import {
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  pickCalendarDay,
  registerThroughApi,
  toast,
  type BrowserSession,
} from './browser';

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

/** The first Tuesday at least a week ahead (the space is in Chicago; a week is ahead in every zone). */
function firstTuesday(): string {
  let date = futureDate(7);
  while (weekdayOf(date) !== 'tue') date = shiftDate(date, 1);
  return date;
}

describe('a weekly series', () => {
  const stamp = Date.now();
  const tuesday = firstTuesday();
  // The second Thursday is closed by the owner: the series of 13 has one booking that cannot be made.
  const closedThursday = shiftDate(tuesday, 9);
  let space: Space;
  let renter: User;

  it('is booked from the calendar with Repeat weekly, told of the closed date, booked without it and paid once', async () => {
    await registerThroughApi(ownerPage, 'Olivia', 'Weekly', stamp);
    const morning = [{ start: '08:00', end: '12:00' }];
    space = await listSpaceThroughApi(ownerPage, {
      title: `Tue/Thu Consult Room ${stamp}`,
      spaceType: 'Consultation Room',
      pricePerDay: '60.00',
      pricePeriod: 'session',
      schedule: {
        weeklyHours: { tue: morning, thu: morning },
        sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
        bufferMinutes: 0,
        minNoticeHours: 0,
        maxAdvanceDays: 365,
      },
      blockedDates: [{ start: closedThursday, end: closedThursday, note: 'Floor cleaning' }],
    });

    const { page } = session;
    renter = await registerThroughApi(page, 'Rita', 'Weekly', stamp);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await pickCalendarDay(booking, tuesday);
    await booking.getByRole('button', { name: /^Morning, 8:00 AM – 12:00 PM$/ }).click();

    // Repeat weekly: Tuesday (the first booking's day) is chosen and stays so; Thursday is added; 13 bookings.
    await booking.getByRole('checkbox', { name: 'Repeat weekly' }).click();
    const tuesdayToggle = booking.getByRole('button', { name: "Tuesday, the first booking's day" });
    expect(await tuesdayToggle.getAttribute('aria-pressed')).toBe('true');
    expect(await tuesdayToggle.getAttribute('aria-disabled')).toBe('true');
    // Still focusable and announced, but pressing it leaves it chosen.
    await tuesdayToggle.click({ force: true });
    expect(await tuesdayToggle.getAttribute('aria-pressed')).toBe('true');
    const thursday = booking.getByRole('button', { name: 'Thursday', exact: true });
    await thursday.click();
    expect(await thursday.getAttribute('aria-pressed')).toBe('true');
    await booking.getByLabel('Number of bookings').fill('13');
    await expect.poll(() => booking.getByTestId('repeat-count').textContent()).toBe('13 bookings');
    expect(await booking.getByTestId('repeat-preview').getByRole('listitem').count()).toBe(13);
    // The series total: 13 sessions at $60, before the server's quote.
    expect(await booking.getByTestId('booking-total').textContent()).toBe('$780.00');
    await expectNoSeriousA11yViolations(page, 'booking dialog with Repeat weekly');

    await booking.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.waitFor();
    const held = page.waitForRequest((request) => request.url().endsWith('/api/create-booking-payment-intent'));
    await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
    expect((await held).postDataJSON()).toMatchObject({
      bookingDetails: { startDate: `${tuesday}T08:00`, endDate: `${tuesday}T12:00` },
      recurrence: { weekdays: ['tue', 'thu'], count: 13 },
    });

    // 409: the closed Thursday, with the owner's reason; the free ones only are then held.
    const conflicts = payment.getByTestId('series-conflicts');
    await conflicts.waitFor();
    expect(await conflicts.getByTestId('series-conflict').count()).toBe(1);
    expect(await conflicts.getByTestId('series-conflict').textContent()).toContain('The owner has closed this space on those dates.');
    const retried = page.waitForRequest((request) => request.url().endsWith('/api/create-booking-payment-intent'));
    await payment.getByRole('button', { name: 'Book the free ones only (12)' }).click();
    expect((await retried).postDataJSON()).toMatchObject({ recurrence: { weekdays: ['tue', 'thu'], count: 13 }, skipConflicts: true });
    await expect.poll(() => payment.getByTestId('series-occurrences').getByText('12 bookings held, one payment').isVisible()).toBe(true);
    expect(await payment.getByTestId('series-skipped').textContent()).toBe('Left out (1):');

    // One payment for the twelve: $720 with the first-booking fee inside it.
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry').fill(futureCardExpiry());
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: 'Pay $720.00' }).click();
    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);
    const confirmation = page.getByTestId('series-confirmation');
    await confirmation.waitFor({ timeout: 15_000 });
    expect(await confirmation.getByRole('listitem').count()).toBe(12);
    expect(await confirmation.textContent()).toContain('12 bookings, weekly on Tue, Thu · total $720.00');
    expect(await page.getByRole('link', { name: /Add to calendar/ }).count()).toBeGreaterThan(0);

    // The server holds exactly the twelve, one payment for all.
    const bookings = (await (await page.request.get(`/api/users/${renter.id}/bookings`)).json()) as {
      seriesId: string | null;
      status: string;
    }[];
    const occurrences = bookings.filter((item) => item.seriesId);
    expect(occurrences).toHaveLength(12);
    expect(new Set(occurrences.map((item) => item.seriesId)).size).toBe(1);
    expect(occurrences.every((item) => item.status === 'confirmed')).toBe(true);
    expect(session.errors.filter((message) => !message.includes('status of 409'))).toEqual([]);
    session.errors.length = 0;
  });

  it('shows as one card in the profile that opens to its 12 bookings; one is cancelled, then the rest', async () => {
    const { page } = session;
    await page.goto('/profile?tab=bookings');
    const card = page.getByTestId('booking-series');
    await card.waitFor();
    expect(await card.getByTestId('series-summary').textContent()).toMatch(
      /^Weekly on Tue, Thu · 12 bookings · from [A-Z][a-z]{2} \d{1,2}, \d{4} to /,
    );
    expect(await card.getByTestId('series-total').textContent()).toBe('$720.00');
    const show = card.getByRole('button', { name: 'Show the 12 bookings' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    expect(await card.getByRole('button', { name: 'Hide the bookings' }).getAttribute('aria-expanded')).toBe('true');
    const rows = card.getByTestId('booking-row');
    expect(await rows.count()).toBe(12);
    await expectNoSeriousA11yViolations(page, 'profile with a series open');

    // One occurrence, by its own Cancel, which names its day.
    const cancelFirst = rows.first().getByRole('button', { name: /^Cancel / });
    expect(await cancelFirst.textContent()).toMatch(/^Cancel (Tue|Thu), [A-Z][a-z]{2} \d{1,2}$/);
    expect(
      await rows
        .nth(1)
        .getByRole('button', { name: /^Cancel / })
        .textContent(),
    ).not.toBe(await cancelFirst.textContent());
    await cancelFirst.click();
    const cancelOne = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await cancelOne.getByTestId('refund-quote').waitFor();
    await cancelOne.getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => toast(page, 'Booking cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.getByTestId('series-statuses').textContent()).toBe('11 confirmed · 1 cancelled');

    // The rest, with the quote of what it refunds and why.
    await card.getByRole('button', { name: 'Cancel the rest of the series' }).click();
    const cancelRest = page.getByRole('alertdialog', { name: 'Cancel the rest of the series?' });
    await cancelRest.getByTestId('series-refund-quote').waitFor();
    expect(await cancelRest.getByText('11 upcoming bookings at').count()).toBe(1);
    expect(await cancelRest.getByTestId('series-refund-reason').textContent()).not.toBe('');
    await cancelRest.getByRole('button', { name: 'Cancel the rest' }).click();
    await expect.poll(() => toast(page, 'Bookings cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.getByTestId('series-statuses').textContent()).toBe('12 cancelled');
    expect(await card.getByRole('button', { name: 'Cancel the rest of the series' }).count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('shows as one card among the bookings of the owner’s spaces', async () => {
    await ownerPage.goto('/profile?tab=bookings');
    const section = ownerPage.getByRole('region', { name: 'Bookings of My Spaces' });
    const card = section.getByTestId('booking-series');
    await card.waitFor();
    expect(await card.getByTestId('series-summary').textContent()).toMatch(/^Weekly on Tue, Thu · 12 bookings/);
    expect(await section.getByTestId('space-booking').count()).toBe(0);
    await card.getByRole('button', { name: 'Show the 12 bookings' }).click();
    expect(await card.getByTestId('space-booking').count()).toBe(12);
  });

  it('on a request-to-book space is one request, which the owner accepts whole', async () => {
    const morning = [{ start: '08:00', end: '12:00' }];
    const requested = await listSpaceThroughApi(ownerPage, {
      title: `Tue Request Room ${stamp}`,
      spaceType: 'Consultation Room',
      pricePerDay: '50.00',
      pricePeriod: 'session',
      instantBook: false,
      schedule: {
        weeklyHours: { tue: morning },
        sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
        bufferMinutes: 0,
        minNoticeHours: 0,
        maxAdvanceDays: 365,
      },
    });
    // The renter's request through the API (the dialog is the test above): three Tuesday mornings, paid by the demo card.
    const { page } = session;
    const intent = await page.request.post('/api/create-booking-payment-intent', {
      data: {
        spaceId: requested.id,
        userId: renter.id,
        bookingDetails: { startDate: `${tuesday}T08:00`, endDate: `${tuesday}T12:00` },
        recurrence: { weekdays: ['tue'], count: 3 },
        agreementVersion: AGREEMENT_VERSION,
      },
    });
    expect(intent.status(), await intent.text()).toBe(200);
    const answer = (await intent.json()) as { clientSecret: string; occurrences: unknown[]; amount: string };
    expect(answer.occurrences).toHaveLength(3);
    const paid = await page.request.post('/api/demo-payments/confirm', {
      data: { clientSecret: answer.clientSecret, cardNumber: '4242424242424242', expiry: futureCardExpiry(), cvc: '123' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { paymentIntentId } = (await paid.json()) as { paymentIntentId: string };
    const recorded = await page.request.post('/api/bookings', {
      data: {
        spaceId: requested.id,
        renterId: renter.id,
        startDate: `${tuesday}T08:00`,
        endDate: `${tuesday}T12:00`,
        totalPrice: answer.amount,
        paymentIntentId,
      },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);

    await ownerPage.goto('/profile?tab=bookings');
    const requests = ownerPage.getByRole('region', { name: 'Incoming Booking Requests' });
    const request = requests.getByTestId('series-request');
    await request.waitFor();
    expect(await requests.getByTestId('booking-request').count()).toBe(1);
    expect(await request.textContent()).toMatch(/Weekly on Tue · 3 bookings · from /);
    expect(await request.textContent()).toContain('$150');
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => toast(ownerPage, 'Booking request accepted!').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => requests.getByText('No pending requests.').isVisible(), { timeout: 15_000 }).toBe(true);
    const bookings = (await (await page.request.get(`/api/users/${renter.id}/bookings`)).json()) as { spaceId: string; status: string }[];
    expect(bookings.filter((item) => item.spaceId === requested.id).map((item) => item.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
  });
});
