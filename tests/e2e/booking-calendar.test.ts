/**
 * The booking dialog's calendar (docs/product.md#schedules) on a demo session listing: closed
 * days are disabled, a free day shows its named sessions, a booked Morning is then shown as
 * unavailable; and the calendar and the session choices work with the keyboard alone.
 *
 * Set-up that is not what is tested goes through the API: the renter's account and session.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../src/client/lib/auth';
import type { Availability } from '../../src/shared/schemas/availability';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import { calendarDay, calendarDayName, openBrowser, pickCalendarDay, showCalendarMonth, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** A demo instant-book session listing with Morning and Afternoon sessions (the list's cards leave these out: each detail has them). */
async function sessionListing(): Promise<Space> {
  const response = await fetch(`${baseUrl}/api/spaces?period=session&limit=100`);
  const spaces = (await response.json()) as Space[];
  for (const listed of spaces.filter((candidate) => candidate.pricePeriod === 'session')) {
    const space = (await (await fetch(`${baseUrl}/api/spaces/${listed.id}`)).json()) as Space;
    if (space.instantBook && ['Morning', 'Afternoon'].every((name) => space.schedule?.sessions.some((s) => s.name === name))) return space;
  }
  throw new Error('The demo data has no instant-book session listing with Morning and Afternoon');
}

/**
 * A day at least a week ahead whose Morning and Afternoon are both free, and a closed day of the
 * same month (the demo session rooms close on Sundays), from the availability API.
 */
async function chooseDays(space: Space): Promise<{ day: string; closed: string }> {
  const from = futureDate(7);
  const to = futureDate(7 + 92);
  const answer = (await (await fetch(`${baseUrl}/api/spaces/${space.id}/availability?from=${from}&to=${to}`)).json()) as Availability;
  for (const candidate of answer.days) {
    if (!candidate.open || candidate.slots.length < 2 || !candidate.slots.every((slot) => slot.available)) continue;
    const closed = answer.days.find((other) => !other.open && other.date.slice(0, 7) === candidate.date.slice(0, 7));
    if (closed) return { day: candidate.date, closed: closed.date };
  }
  throw new Error(`No free day with a closed day in its month for ${space.id}`);
}

/** Registers a renter through the API (the browser context gets the session cookie) and lets the app know it. */
async function signInRenter(page: Page, stamp: number): Promise<User> {
  const registered = await page.request.post('/api/register', {
    data: { firstName: 'Cal', lastName: 'Endar', email: `cal.${stamp}@example.test`, password: 'a-strong-password', acceptedTerms: true },
  });
  expect(registered.status()).toBe(201);
  const renter = (await registered.json()) as User;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(renter)] as const);
  return renter;
}

/** The focused element's accessible name (aria-label, else its text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

describe('the booking calendar of a session listing', () => {
  let space: Space;
  let day = '';

  it('disables closed days, shows the free sessions of a day, books the Morning, then shows it unavailable', async () => {
    const { page } = session;
    space = await sessionListing();
    const chosen = await chooseDays(space);
    day = chosen.day;
    await signInRenter(page, Date.now());

    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    // The zone is named beside the times.
    await expect.poll(() => booking.getByText(`(${space.timeZone})`).isVisible()).toBe(true);

    await showCalendarMonth(booking, day);
    const closedDay = calendarDay(booking, chosen.closed);
    expect(await closedDay.getAttribute('aria-label')).toBe(`${calendarDayName(chosen.closed)}, unavailable`);
    expect(await closedDay.isDisabled()).toBe(true);

    await pickCalendarDay(booking, day);
    const morning = booking.getByRole('button', { name: /^Morning, 8:00 AM – 12:00 PM$/ });
    const afternoon = booking.getByRole('button', { name: /^Afternoon, 1:00 PM – 5:00 PM$/ });
    await morning.waitFor();
    expect(await afternoon.isEnabled()).toBe(true);
    expect(await morning.getAttribute('aria-pressed')).toBe('false');
    await morning.click();
    expect(await morning.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => booking.getByText(/^1 session × /).isVisible()).toBe(true);

    await booking.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    // The hold is asked for in the booking format, local to the space.
    const held = page.waitForRequest((request) => request.url().endsWith('/api/create-booking-payment-intent'));
    await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
    expect((await held).postDataJSON().bookingDetails).toMatchObject({ startDate: `${day}T08:00`, endDate: `${day}T12:00` });
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry').fill(futureCardExpiry());
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);

    // Booking again: that day's Morning is now unavailable, its Afternoon still free.
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    await booking.waitFor();
    await pickCalendarDay(booking, day);
    const taken = booking.getByRole('button', { name: /^Morning, 8:00 AM – 12:00 PM, unavailable$/ });
    await taken.waitFor();
    expect(await taken.isDisabled()).toBe(true);
    expect(await afternoon.isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'hidden' });
    expect(session.errors).toEqual([]);
  });

  it('can be used with the keyboard alone: the grid with the arrow keys, a session with Tab and Space', async () => {
    const { page } = session;
    await page.goto(`/spaces/${space.id}`);
    const bookSpace = page.getByRole('button', { name: 'Book Space' }).first();
    await bookSpace.focus();
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    // Once the month's availability is in: near a month's end its last days may all be closed or taken
    // (other tests book the demo rooms), and then a keyboard user goes on to the next month.
    const days = booking
      .getByRole('grid')
      .first()
      .getByRole('button', { name: /, (available|unavailable)/ });
    await days.first().waitFor();
    if ((await booking.getByRole('button', { name: /, available$/ }).count()) === 0) {
      await booking.getByRole('button', { name: 'Go to the Next Month' }).focus();
      await page.keyboard.press('Enter');
    }
    await booking
      .getByRole('button', { name: /, available$/ })
      .first()
      .waitFor();

    // Tab reaches the grid's focusable day; the arrow keys move day by day, into later months too.
    for (let i = 0; i < 6 && !/, available$/.test(await focusedName(page)); i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toMatch(/, available$/);
    const target = `${calendarDayName(day)}, `;
    for (let i = 0; i < 120 && !(await focusedName(page)).startsWith(target); i++) await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe(`${calendarDayName(day)}, available`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(`${calendarDayName(day)}, available, selected`);

    // Tab skips the booked Morning (disabled) to the Afternoon; Space chooses it.
    for (let i = 0; i < 6 && !(await focusedName(page)).startsWith('Afternoon'); i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Afternoon, 1:00 PM – 5:00 PM');
    await page.keyboard.press('Space');
    const afternoon = booking.getByRole('button', { name: /^Afternoon, / });
    expect(await afternoon.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => booking.getByText(/^1 session × /).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'hidden' });
    expect(session.errors).toEqual([]);
  });
});
