/**
 * Standing bookings (docs/decisions/041-standing-bookings.md): an owner's room offers them, billed
 * weekly or monthly with a week's notice; a renter books Tuesday and Thursday mornings with "No end
 * date", reads the terms, pays for the first week with the card that is saved for the next, sees the
 * standing booking with its next charge on the Bookings tab, and ends it with notice.
 *
 * Set-up that is not what is tested goes through the API: the owner, the listing and the renter.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shiftDate, weekdayOf } from '../../src/shared/availability';
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

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** The first Tuesday at least a week ahead (the space is in Chicago; a week is ahead in every zone). */
function firstTuesday(): string {
  let date = futureDate(7);
  while (weekdayOf(date) !== 'tue') date = shiftDate(date, 1);
  return date;
}

describe('a standing booking', () => {
  const stamp = Date.now();
  const tuesday = firstTuesday();

  it('is booked with No end date, paid for its first week, shown with its next charge and ended with notice', async () => {
    const { page } = session;
    // The owner in a context of their own: the renter's page never holds the owner's session.
    const ownerContext = await session.browser.newContext({ baseURL: baseUrl });
    const ownerPage = await ownerContext.newPage();
    await registerThroughApi(ownerPage, 'Stella', 'Standing', stamp);
    const morning = [{ start: '08:00', end: '12:00' }];
    const space = await listSpaceThroughApi(ownerPage, {
      title: `Standing Therapy Room ${stamp}`,
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
      standingBookings: { billing: ['weekly', 'monthly'], noticeDays: 7, minimumTermMonths: 0 },
    });
    await ownerContext.close();

    await registerThroughApi(page, 'Rhea', 'Standing', stamp);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await pickCalendarDay(booking, tuesday);
    await booking.getByRole('button', { name: /^Morning, 8:00 AM – 12:00 PM$/ }).click();
    await booking.getByRole('checkbox', { name: 'Repeat weekly' }).click();
    await booking.getByRole('button', { name: 'Thursday', exact: true }).click();
    await booking.getByRole('radio', { name: 'No end date (standing booking)' }).check();
    const terms = booking.getByTestId('standing-terms');
    expect(await terms.textContent()).toContain("Either of you can end it with 7 days' notice.");
    await booking.getByLabel('Billed').selectOption('weekly');
    await expect.poll(() => booking.getByTestId('repeat-count').textContent()).toBe('2 bookings in the first week, paid now');
    expect(await booking.getByTestId('booking-total').textContent()).toBe('$120.00');
    await expectNoSeriousA11yViolations(page, 'booking dialog with a standing booking');

    await booking.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.waitFor();
    const held = page.waitForRequest((request) => request.url().endsWith('/api/create-booking-payment-intent'));
    await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
    expect((await held).postDataJSON()).toMatchObject({
      bookingDetails: { startDate: `${tuesday}T08:00`, endDate: `${tuesday}T12:00` },
      recurrence: { weekdays: ['tue', 'thu'], standing: true, billing: 'weekly' },
    });
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry').fill(futureCardExpiry());
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: 'Pay $120.00' }).click();
    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);

    await page.goto('/profile?tab=bookings');
    const standing = page.getByTestId('standing-booking');
    await standing.waitFor();
    expect(await standing.textContent()).toContain(`Standing Therapy Room ${stamp}`);
    expect(await standing.getByTestId('standing-next-charge').textContent()).toMatch(/^\$120\.00 on [A-Z][a-z]{2}, /);
    await expectNoSeriousA11yViolations(page, 'profile with a standing booking');

    await standing.getByRole('button', { name: 'End with notice' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'End this standing booking?' });
    await dialog.getByRole('button', { name: 'End with notice' }).click();
    await expect.poll(() => standing.textContent(), { timeout: 15_000 }).toMatch(/Ends on [A-Z][a-z]{2}, /);
    expect(await standing.getByRole('button', { name: 'End with notice' }).count()).toBe(0);
    expect(session.errors).toEqual([]);
  });
});
