/**
 * The bell in two browsers (docs/product.md#notifications): the owner waits on their profile; a renter in another
 * browser context sends a booking request; the owner's bell shows the new notification without a
 * reload, the panel lists it, and Mark as read / Mark all as read clear the count. The panel works
 * from the keyboard and passes axe. A notification's link and the emailed Accept and Decline show
 * the request with the focus on it, answering nothing by themselves. The profile's email switches
 * are saved.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureCardExpiry, futureDate } from '../helpers/dates';
import {
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  pickCalendarDay,
  signUp,
  toast,
  type BrowserSession,
} from './browser';
import { emailedLink } from './outbox';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;
let ownerPage: Page;
const ownerErrors: string[] = [];

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  ownerPage = await ownerContext.newPage();
  ownerPage.on('pageerror', (error) => ownerErrors.push(error.message));
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** The renter asks to book the space for one day, `days` from today, and pays (the card is authorised). */
async function requestToBook(renterPage: Page, spaceId: string, days: number): Promise<void> {
  await renterPage.goto(`/spaces/${spaceId}`);
  await renterPage.getByRole('button', { name: 'Request to Book' }).click();
  const booking = renterPage.getByRole('dialog');
  await pickCalendarDay(booking, futureDate(days));
  await booking.getByRole('button', { name: 'Continue to Payment' }).click();
  const payment = renterPage.getByRole('dialog');
  await payment.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry').fill(futureCardExpiry());
  await payment.getByLabel('CVC').fill('123');
  await payment.getByRole('button', { name: /^Request to Book · / }).click();
  await expect.poll(() => toast(renterPage, 'Request sent!').isVisible(), { timeout: 20_000 }).toBe(true);
}

describe('the notification bell', () => {
  const stamp = Date.now();
  const title = `Bell Test Exam Room ${stamp}`;
  let spaceId = '';

  it('shows a booking request made in another browser without a reload, and marks it read', async () => {
    // The owner lists a request-to-book space and waits on the profile.
    await ownerPage.goto('/');
    await signUp(ownerPage, { email: `nora.${stamp}@example.test`, firstName: 'Nora', lastName: 'Nguyen' });
    const space = await listSpaceThroughApi(ownerPage, { title, pricePerDay: '150.00', instantBook: false });
    spaceId = space.id;
    await ownerPage.goto('/profile');
    await expect.poll(() => bell(ownerPage).getAttribute('aria-label')).toBe('Notifications');
    expect(await ownerPage.getByTestId('notification-badge').count()).toBe(0);

    // The empty panel, from the keyboard: Enter opens it, Escape closes it and focus returns to the bell.
    await bell(ownerPage).focus();
    await ownerPage.keyboard.press('Enter');
    await expect.poll(() => panel(ownerPage).getByText('No notifications yet').isVisible()).toBe(true);
    await ownerPage.keyboard.press('Escape');
    await expect.poll(() => panel(ownerPage).count()).toBe(0);
    expect(await bell(ownerPage).evaluate((element) => element === document.activeElement)).toBe(true);

    // The renter, in another browser context, sends a request.
    const renterPage = session.page;
    await renterPage.goto('/');
    await signUp(renterPage, { email: `remy.${stamp}@example.test`, firstName: 'Remy', lastName: 'Rao' });
    await requestToBook(renterPage, space.id, 10);

    // The owner's bell counts it, live.
    await expect.poll(() => bell(ownerPage).getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    expect(await ownerPage.getByTestId('notification-badge').textContent()).toBe('1');

    await bell(ownerPage).click();
    const item = panel(ownerPage).getByRole('listitem').first();
    await expect.poll(() => item.isVisible()).toBe(true);
    expect(await item.textContent()).toContain(title);
    expect(await item.locator('time').textContent()).toBe('just now');
    await expectNoSeriousA11yViolations(ownerPage, 'notification panel');

    // Mark as read on the item.
    await item.getByRole('button', { name: /^Mark as read/ }).click();
    await expect.poll(() => bell(ownerPage).getAttribute('aria-label')).toBe('Notifications');
    // The item and the panel's button follow the count a moment later (the list is its own query).
    await expect.poll(() => item.getByRole('button', { name: /^Mark as read/ }).count()).toBe(0);
    await expect.poll(() => panel(ownerPage).getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await ownerPage.keyboard.press('Escape');

    // After a reload the count is still 0: it was saved.
    await ownerPage.reload();
    await expect.poll(() => bell(ownerPage).getAttribute('aria-label')).toBe('Notifications');
    expect(ownerErrors).toEqual([]);
  });

  it('marks every notification read with Mark all as read, and the link leads to the booking', async () => {
    // A second request from the renter.
    const renterPage = session.page;
    await requestToBook(renterPage, spaceId, 20);

    await expect.poll(() => bell(ownerPage).getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    await bell(ownerPage).click();
    await panel(ownerPage).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell(ownerPage).getAttribute('aria-label')).toBe('Notifications');

    // The newest notification's link opens where it leads, and the panel closes.
    const link = panel(ownerPage).getByRole('listitem').first().getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    await link.click();
    await expect.poll(() => new URL(ownerPage.url()).pathname + new URL(ownerPage.url()).search).toBe(href);
    await expect.poll(() => panel(ownerPage).count()).toBe(0);
    // There, the request it is about (made after the list was loaded) stands out and has the focus.
    const linkedRow = ownerPage.locator('[data-testid="booking-request"][data-linked="true"]');
    await expect.poll(() => linkedRow.count()).toBe(1);
    expect(href).toContain(`booking=${await linkedRow.getAttribute('data-booking-id')}`);
    await expect.poll(() => linkedRow.evaluate((row) => row === document.activeElement)).toBe(true);
  });

  it("opens the emailed Accept with that request's button focused, answering nothing until pressed; an answered request's link says so", async () => {
    await ownerPage.goto('/profile?tab=bookings');
    const requests = ownerPage.getByTestId('booking-request');
    await expect.poll(() => requests.count()).toBe(2);
    const bookingId = (await requests.first().getAttribute('data-booking-id'))!;
    const emailed = (answer: string) =>
      emailedLink(
        baseUrl,
        `nora.${stamp}@example.test`,
        new RegExp(`https?://[^\\s"'<>\\]]+\\?tab=bookings&booking=${bookingId}&answer=${answer}`),
      );

    const accept = new URL(await emailed('accept'));
    await ownerPage.goto(accept.pathname + accept.search);
    const row = ownerPage.locator(`[data-testid="booking-request"][data-booking-id="${bookingId}"]`);
    await expect.poll(() => row.getAttribute('data-linked')).toBe('true');
    await expect.poll(() => ownerPage.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Accept');
    expect(await row.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Opening the link answered nothing: both requests still wait.
    expect(await requests.count()).toBe(2);
    await ownerPage.keyboard.press('Enter');
    await expect.poll(() => toast(ownerPage, 'Booking request accepted!').isVisible()).toBe(true);
    await expect.poll(() => requests.count()).toBe(1);

    // The same request's Decline link, now that it is answered: a notice, and its booking stands out among the space's bookings.
    const decline = new URL(await emailed('decline'));
    await ownerPage.goto(decline.pathname + decline.search);
    await expect.poll(() => ownerPage.getByTestId('linked-request-gone').isVisible()).toBe(true);
    const booking = ownerPage.locator(`[data-testid="space-booking"][data-booking-id="${bookingId}"]`);
    await expect.poll(() => booking.getAttribute('data-linked')).toBe('true');
    expect(await requests.count()).toBe(1);
    expect(ownerErrors).toEqual([]);
  });

  it('saves the email switches on the profile', async () => {
    await ownerPage.goto('/profile');
    const section = ownerPage.getByTestId('notification-preferences');
    const messages = section.getByRole('checkbox', { name: 'Messages' });
    await expect.poll(() => messages.getAttribute('aria-checked')).toBe('true');
    expect(await section.textContent()).toContain('Security emails');
    await messages.click();
    await expect.poll(() => toast(ownerPage, 'Email preferences saved').isVisible()).toBe(true);
    await ownerPage.reload();
    await expect.poll(() => section.getByRole('checkbox', { name: 'Messages' }).getAttribute('aria-checked')).toBe('false');
    expect(await section.getByRole('checkbox', { name: 'Booking updates' }).getAttribute('aria-checked')).toBe('true');
  });
});
