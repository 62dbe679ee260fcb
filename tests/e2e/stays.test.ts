/**
 * The day of a stay in a real browser (src/shared/stays.ts): a renter whose hour in a new hourly
 * room (check-in required) starts in a few minutes checks in from My Bookings, then checks out,
 * ticking the room's turnover checklist first; both times show on the renter's booking and on the
 * owner's "Bookings of My Spaces", where the owner reads the checklist. The list passes an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addHours, addMinutes, format } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  bookThroughApi,
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  signUp,
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

/** The next quarter hour at least 5 minutes from now, and an hour after it, as Chicago's wall times (the room's zone). */
function soonInChicago(): { startDate: string; endDate: string } {
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil(addMinutes(new Date(), 5).getTime() / quarter) * quarter);
  const local = (instant: Date) => format(new TZDate(instant, 'America/Chicago'), "yyyy-MM-dd'T'HH:mm");
  return { startDate: local(start), endDate: local(addHours(start, 1)) };
}

describe('checking in and out', () => {
  it('the renter checks in and out from My Bookings, and both sides see the times', async () => {
    const word = `Heron${randomUUID().slice(0, 6)}`;
    await ownerPage.goto('/');
    await signUp(ownerPage, { email: `owner-${randomUUID()}@example.test`, firstName: 'Imani', lastName: 'Okafor' });
    const space = await listSpaceThroughApi(ownerPage, {
      title: `${word} Exam Room`,
      instantBook: true,
      pricePeriod: 'hourly',
      pricePerDay: '40.00',
      requiresCheckIn: true,
      turnoverChecklist: ['Surfaces disinfected', 'Exam table paper replaced'],
    });

    // A renter books the coming hour and pays with the demo card (the booking dialog is tested elsewhere).
    const page = session.page;
    await page.goto('/');
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Tomas', lastName: 'Reyes' });
    const hour = soonInChicago();
    const answer = await bookThroughApi(page, space.id, hour);

    await page.goto('/profile?tab=bookings');
    const booking = page.locator(`[data-booking-id="${answer.bookingId}"]`);
    await booking.waitFor();
    expect(await booking.getByTestId('stay-times').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'my bookings with Check in');
    await page.getByRole('button', { name: 'Check in' }).click();
    await toast(page, 'Checked in').waitFor();
    await expect.poll(() => booking.getByTestId('stay-times').textContent()).toMatch(/^Checked in \w{3} \d+, \d{4} \d+:\d{2} [AP]M$/);

    // Checking out asks for the turnover checklist first.
    await page.getByRole('button', { name: 'Check out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check out' });
    await dialog.getByRole('checkbox', { name: 'Surfaces disinfected' }).click();
    await dialog.getByLabel('Note for the owner (optional)').fill('Paper roll ran out.');
    await expectNoSeriousA11yViolations(page, 'the check-out checklist');
    await dialog.getByRole('button', { name: 'Check out' }).click();
    await toast(page, 'Checked out').waitFor();
    await expect.poll(() => booking.getByTestId('stay-times').textContent()).toMatch(/ · Checked out \w{3} \d+, \d{4} \d+:\d{2} [AP]M$/);
    expect(await page.getByRole('button', { name: /^Check (in|out)$/ }).count()).toBe(0);

    // The owner sees both times on the booking of their room.
    await ownerPage.goto('/profile?tab=bookings');
    const owned = ownerPage.getByTestId('space-booking').filter({ hasText: `${word} Exam Room` });
    await expect.poll(() => owned.getByTestId('stay-times').textContent()).toContain('Checked out');
    await ownerPage.getByRole('button', { name: 'Turnover checklist' }).click();
    const log = ownerPage.getByRole('dialog', { name: 'Turnover checklist' }).getByTestId('turnover-entries');
    await expect.poll(() => log.textContent()).toContain('✓ Surfaces disinfected');
    expect(await log.textContent()).toContain('✗ Exam table paper replaced');
    expect(await log.textContent()).toContain('Paper roll ran out.');
  });
});
