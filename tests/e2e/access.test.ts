/**
 * A booking's way in, in a real browser (src/shared/access.ts; docs/product.md#the-day-of-the-stay):
 * a renter of a door-code room sees, on My Bookings, when the code appears for a booking days
 * ahead, and the code with its hours and the owner's instructions for a booking inside the reveal
 * window; the owner sees the code on "Bookings of My Spaces". The owner chooses the door code, its
 * hours and instructions in the listing wizard, and the public listing shows no instructions. The
 * list and the wizard's fields pass an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, addHours, addMinutes, format } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookThroughApi, expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, signUp, type BrowserSession } from './browser';

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

/** The list item of a booking: its row and what the page draws under it (the Access panel). */
const itemOf = (page: Page, bookingId: string) => page.locator('li').filter({ has: page.locator(`[data-booking-id="${bookingId}"]`) });

const local = (instant: Date) => format(new TZDate(instant, 'America/Chicago'), "yyyy-MM-dd'T'HH:mm");

/** The next quarter hour at least 5 minutes from now plus `days` days, and an hour after it, as Chicago's wall times. */
function hourInChicago(days = 0): { startDate: string; endDate: string } {
  const quarter = 15 * 60_000;
  const start = addDays(new Date(Math.ceil(addMinutes(new Date(), 5).getTime() / quarter) * quarter), days);
  return { startDate: local(start), endDate: local(addHours(start, 1)) };
}

describe('the way in', () => {
  it('the renter sees when the door code appears, then the code and instructions; the owner sees the code', async () => {
    const word = `Wren${randomUUID().slice(0, 6)}`;
    await ownerPage.goto('/');
    await signUp(ownerPage, { email: `owner-${randomUUID()}@example.test`, firstName: 'Ines', lastName: 'Duarte' });
    const space = await listSpaceThroughApi(ownerPage, {
      title: `${word} Exam Room`,
      instantBook: true,
      pricePeriod: 'hourly',
      pricePerDay: '40.00',
      access: { method: 'door_code', revealHoursBefore: 2, instructions: 'Use the side door on Wells St.' },
    });

    const page = session.page;
    await page.goto('/');
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Noor', lastName: 'Haddad' });
    const soon = await bookThroughApi(page, space.id, hourInChicago());
    const later = await bookThroughApi(page, space.id, hourInChicago(3));

    await page.goto('/profile?tab=bookings');
    const laterRow = itemOf(page, later.bookingId);
    await expect
      .poll(async () => (await laterRow.getByTestId('access-panel').textContent()) ?? '')
      .toMatch(/Your door code appears on \w{3}, \w{3} \d+, \d+:\d{2} [AP]M\./);
    expect(await laterRow.getByTestId('door-code').count()).toBe(0);

    // The code is made by a job moments after the booking: the list shows it once it is there.
    const soonRow = itemOf(page, soon.bookingId);
    await expect
      .poll(
        async () => {
          await page.reload();
          await soonRow.getByTestId('access-panel').waitFor();
          return (await soonRow.getByTestId('door-code').count()) > 0;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const code = (await soonRow.getByTestId('door-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(await soonRow.getByTestId('access-panel').textContent()).toMatch(/Works from .+ to .+\./);
    expect(await soonRow.getByTestId('access-instructions').textContent()).toBe('Use the side door on Wells St.');
    await expectNoSeriousA11yViolations(page, 'my bookings with the access panel');

    await ownerPage.goto('/profile?tab=bookings');
    const owned = itemOf(ownerPage, soon.bookingId);
    await expect.poll(async () => (await owned.getByTestId('door-code').textContent()) ?? '').toBe(code);
    const ownedLater = itemOf(ownerPage, later.bookingId);
    await expect.poll(async () => (await ownedLater.getByTestId('door-code').count()) > 0).toBe(true);
  });

  it('the owner chooses the door code, its hours and instructions in the listing wizard; the public listing shows no instructions', async () => {
    const title = `Keyed Consult Room ${randomUUID().slice(0, 6)}`;
    await ownerPage.goto('/list-space');
    const next = ownerPage.getByRole('button', { name: 'Next' });
    await ownerPage.getByLabel('Title').fill(title);
    await ownerPage.getByLabel('Space type').selectOption('Consultation Room');
    await ownerPage.getByLabel('Description').fill('A consult room with a keypad lock on its own door.');
    await next.click();
    await ownerPage.getByLabel('Street address').fill('200 Clarendon St');
    await ownerPage.getByLabel('City').fill('Boston');
    await ownerPage.getByLabel('State').selectOption('MA');
    await ownerPage.getByLabel('ZIP code').fill('02116');
    await next.click();
    await ownerPage.getByRole('checkbox', { name: 'Wi-Fi' }).click();
    await next.click();
    await ownerPage.getByLabel('Price (USD)').fill('80');
    await ownerPage.getByLabel('How renters get in').selectOption('door_code');
    await ownerPage.getByLabel('Show it to the renter (hours before the start)').fill('6');
    await ownerPage.getByLabel('Access instructions (optional)').fill('Suite 4, second floor.');
    await expectNoSeriousA11yViolations(ownerPage, 'wizard access fields');
    await ownerPage.getByRole('button', { name: 'List Your Space' }).click();
    await ownerPage.waitForURL(/\/spaces\/[0-9a-f-]{36}$/);
    const spaceId = new URL(ownerPage.url()).pathname.split('/').pop()!;

    const asOwner = (await (await ownerPage.request.get(`/api/spaces/${spaceId}`)).json()) as { access: unknown };
    expect(asOwner.access).toEqual({ method: 'door_code', revealHoursBefore: 6, instructions: 'Suite 4, second floor.' });
    const asPublic = (await (await fetch(`${baseUrl}/api/spaces/${spaceId}`)).json()) as { access: unknown };
    expect(asPublic.access).toEqual({ method: 'door_code', revealHoursBefore: 6 });
  });
});
