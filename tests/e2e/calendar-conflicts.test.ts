/**
 * The journey in a real browser (docs/decisions/038-calendar-import.md): a renter has
 * booked Tuesday mornings of a new session listing (two paid, one hold still unpaid); its owner then
 * imports their practice calendar on the calendar page, busy on Tuesday mornings, and syncs it. The
 * free Tuesday's Morning is no longer offered to renters (its Afternoon still is); the three bookings
 * appear in the owner's conflict inbox with their times in the space's zone. "Keep booking" takes one
 * off the list; cancelling the hold is refused in the server's words; the other booking is cancelled
 * by keyboard after a confirmation, and the renter's booking is then cancelled. On a phone the
 * inbox fits the screen.
 *
 * Set-up that is not what is tested goes through the API: the accounts, the listing, the bookings.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import type { Availability } from '../../src/shared/schemas/availability';
import type { Booking } from '../../src/shared/schemas/bookings';
import type { Space } from '../../src/shared/schemas/spaces';
import { futureCardExpiry, futureWeekday } from '../helpers/dates';
import {
  calendarDay,
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  pickCalendarDay,
  registerThroughApi,
  type BrowserSession,
} from './browser';

const baseUrl = inject('baseUrl');
const TIME_ZONE = 'America/Chicago'; // the listing is in Chicago
let session: BrowserSession; // the renter
let ownerContext: BrowserContext;
let ownerPage: Page;
let feeds: http.Server;
let feedText = '';
let feedBase = '';

beforeAll(async () => {
  feeds = http.createServer((request, response) => {
    if (request.url?.startsWith('/practice.ics')) response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(feedText);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  session = await openBrowser(baseUrl);
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  ownerPage = await ownerContext.newPage();
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
  feeds?.closeAllConnections();
  await new Promise((resolve) => feeds?.close(resolve));
});

/** `date` (`YYYY-MM-DD`) plus `days`. */
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The ICS form (`20261208T150000Z`) of local `date` at `hour`:00 in Chicago. */
function chicagoStamp(date: string, hour: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, 0, TIME_ZONE).getTime())
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d+/, '');
}

/** A practice calendar busy from 9 to 11 in the morning of each of `dates` (Chicago time). */
function busyMornings(dates: readonly string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ClinicShare browser test//EN',
    ...dates.flatMap((date) => [
      'BEGIN:VEVENT',
      `UID:hygienist-${date}@browser.test`,
      `DTSTAMP:${chicagoStamp(date, 0)}`,
      `DTSTART:${chicagoStamp(date, 9)}`,
      `DTEND:${chicagoStamp(date, 11)}`,
      'SUMMARY:Hygienist (private)',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** How the inbox starts a date's times: "Tue, Dec 8," (the space's zone is the date's own). */
function dayText(date: string): string {
  return (
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }) + ','
  );
}

/** The renter holds `date`'s Morning (08:00 to 12:00) and, unless `pay` is false, pays with the demo card. */
async function bookMorning(page: Page, spaceId: string, date: string, pay = true): Promise<string> {
  const bookingDetails = { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
  const intent = await page.request.post('/api/create-booking-payment-intent', {
    data: { spaceId, bookingDetails, agreementVersion: AGREEMENT_VERSION },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const answer = (await intent.json()) as { bookingId: string; clientSecret: string; amount: string };
  if (!pay) return answer.bookingId;
  const paid = await page.request.post('/api/demo-payments/confirm', {
    data: { clientSecret: answer.clientSecret, cardNumber: '4242424242424242', expiry: futureCardExpiry(), cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { paymentIntentId } = (await paid.json()) as { paymentIntentId: string };
  const recorded = await page.request.post('/api/bookings', {
    data: { spaceId, ...bookingDetails, totalPrice: answer.amount, paymentIntentId },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return answer.bookingId;
}

/** Whether `date`'s Morning is free for renters (GET /api/spaces/{id}/availability). */
async function morningFree(spaceId: string, date: string): Promise<boolean | undefined> {
  const response = await fetch(`${baseUrl}/api/spaces/${spaceId}/availability?from=${date}&to=${date}`);
  const { days } = (await response.json()) as Availability;
  return days[0]?.slots.find((slot) => slot.start === `${date}T08:00`)?.available;
}

describe('calendar conflicts', () => {
  const stamp = Date.now();
  // A free Tuesday a week or more ahead, and three Tuesdays after it that the renter books first.
  const freeTuesday = futureWeekday(2, 7);
  const [keptTuesday, heldTuesday, cancelledTuesday] = [7, 14, 21].map((days) => shiftDate(freeTuesday, days)) as [string, string, string];
  let space: Space;
  const bookingIds: Record<string, string> = {};

  /** The inbox on the owner's calendar page. */
  const inbox = () => ownerPage.getByTestId('calendar-conflicts');
  /** The inbox's conflict over the booking of `date`. */
  const conflictOn = (date: string): Locator =>
    inbox()
      .getByTestId('calendar-conflict')
      .filter({ hasText: dayText(date) });

  it('raises the bookings under an imported busy morning in the inbox, and stops offering the free morning', async () => {
    await registerThroughApi(ownerPage, 'Olga', 'Conflict', stamp);
    const hours = [{ start: '08:00', end: '17:00' }];
    space = await listSpaceThroughApi(ownerPage, {
      title: `Conflict Consult Room ${stamp}`,
      spaceType: 'Consultation Room',
      pricePerDay: '60.00',
      pricePeriod: 'session',
      instantBook: true,
      schedule: {
        weeklyHours: { tue: hours },
        sessions: [
          { name: 'Morning', start: '08:00', end: '12:00' },
          { name: 'Afternoon', start: '13:00', end: '17:00' },
        ],
        bufferMinutes: 0,
        minNoticeHours: 0,
        maxAdvanceDays: 365,
      },
    });
    expect(space.timeZone).toBe(TIME_ZONE);

    // The bookings exist before the calendar is imported: two paid, one hold not yet paid.
    const { page } = session;
    await registerThroughApi(page, 'Rafa', 'Conflict', stamp);
    bookingIds.kept = await bookMorning(page, space.id, keptTuesday);
    bookingIds.cancelled = await bookMorning(page, space.id, cancelledTuesday);
    bookingIds.held = await bookMorning(page, space.id, heldTuesday, false);
    expect(await morningFree(space.id, freeTuesday)).toBe(true);

    // The owner's calendar page: no conflicts yet.
    await ownerPage.goto('/calendar');
    await inbox().getByRole('heading', { name: 'Calendar conflicts' }).waitFor();
    await inbox().getByText('No conflicts with your imported calendars.').waitFor();

    // The practice calendar, busy 9 to 11 on the four Tuesdays, imported and synced from the Calendars section.
    feedText = busyMornings([freeTuesday, keptTuesday, heldTuesday, cancelledTuesday]);
    const calendars = ownerPage.getByTestId('calendar-imports');
    await calendars.getByLabel('Name').fill('Practice calendar');
    await calendars.getByLabel('Calendar address').fill(`${feedBase}/practice.ics`);
    await calendars.getByRole('button', { name: 'Add calendar' }).click();
    const feed = calendars.getByRole('listitem', { name: 'Practice calendar' });
    await feed.getByRole('button', { name: 'Sync now' }).click();
    await feed.getByText('Last synced just now · 4 events imported').waitFor();

    // The sync refreshes the inbox: one conflict per booking, with the space's times and the booking's status.
    await expect.poll(() => inbox().getByTestId('calendar-conflict').count()).toBe(3);
    expect(await inbox().getByRole('heading', { name: 'Calendar conflicts' }).textContent()).toBe('Calendar conflicts (3)');
    const kept = conflictOn(keptTuesday);
    const plain = async (locator: Locator) => (await locator.textContent())?.replaceAll(/\s/g, ' ');
    expect(await kept.getByText(`${space.title}`).count()).toBe(1);
    expect(await plain(kept.getByTestId('conflict-booking-times'))).toBe(`${dayText(keptTuesday)} 8:00 AM – 12:00 PM CST`);
    expect(await plain(kept.getByTestId('conflict-busy-times'))).toBe(`${dayText(keptTuesday)} 9:00 – 11:00 AM CST`);
    expect(await kept.textContent()).toContain('Rafa');
    expect(await kept.textContent()).toContain('Busy in “Practice calendar”');
    expect(await kept.textContent()).not.toContain('Hygienist');
    expect(await kept.getByTestId('booking-status').textContent()).toBe('confirmed');
    expect(await conflictOn(heldTuesday).getByTestId('booking-status').textContent()).toBe('awaiting payment');
    await expectNoSeriousA11yViolations(ownerPage, 'calendar conflicts');

    // The renter's booking calendar: that Tuesday's Morning is no longer offered, its Afternoon still is.
    expect(await morningFree(space.id, freeTuesday)).toBe(false);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Book Space' }).first().click();
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await pickCalendarDay(booking, freeTuesday);
    const morning = booking.getByRole('button', { name: /^Morning, 8:00 AM – 12:00 PM, unavailable$/ });
    await morning.waitFor();
    expect(await morning.isDisabled()).toBe(true);
    expect(await booking.getByRole('button', { name: /^Afternoon, 1:00 PM – 5:00 PM$/ }).isEnabled()).toBe(true);
    expect(await calendarDay(booking, freeTuesday).getAttribute('aria-label')).toMatch(/, available, selected$/);
    await page.keyboard.press('Escape');
    expect(session.errors).toEqual([]);
  });

  it('keeps one booking, shows why the hold cannot be cancelled, and cancels the other by keyboard after asking', async () => {
    // Keep: the conflict leaves the list, and the outcome is read out.
    await conflictOn(keptTuesday).getByRole('button', { name: 'Keep booking' }).click();
    await conflictOn(keptTuesday).waitFor({ state: 'detached' });
    await inbox()
      .getByRole('status')
      .filter({ hasText: `The booking of ${space.title} by Rafa is kept.` })
      .waitFor();
    expect(await inbox().getByTestId('calendar-conflict').count()).toBe(2);

    // Cancelling the unpaid hold: asked first, then refused in the server's words; it stays listed.
    await conflictOn(heldTuesday).getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = ownerPage.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    expect(await confirm.textContent()).toContain('Rafa is refunded in full and told at once.');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Only a confirmed booking that has not ended can be cancelled.' }).waitFor();
    await confirm.getByRole('button', { name: 'Keep the booking' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await conflictOn(heldTuesday).count()).toBe(1);

    // The other paid booking, by keyboard: Enter opens the confirmation, Tab reaches "Cancel booking", Enter cancels it.
    await conflictOn(cancelledTuesday).getByRole('button', { name: 'Cancel booking' }).focus();
    await ownerPage.keyboard.press('Enter');
    await confirm.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    for (let i = 0; i < 4; i++) {
      const focused = await ownerPage.evaluate(() => document.activeElement?.textContent?.trim());
      if (focused === 'Cancel booking') break;
      await ownerPage.keyboard.press('Tab');
    }
    await ownerPage.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await conflictOn(cancelledTuesday).waitFor({ state: 'detached' });
    await inbox()
      .getByRole('status')
      .filter({ hasText: `The booking of ${space.title} by Rafa is cancelled.` })
      .waitFor();
    const cancelled = await session.page.request.get(`/api/bookings/${bookingIds.cancelled}`);
    expect(((await cancelled.json()) as Booking).status).toBe('cancelled');
    const keptBooking = await session.page.request.get(`/api/bookings/${bookingIds.kept}`);
    expect(((await keptBooking.json()) as Booking).status).toBe('confirmed');

    // A decided conflict is not raised again by the next sync.
    const feed = ownerPage.getByTestId('calendar-imports').getByRole('listitem', { name: 'Practice calendar' });
    await feed.getByRole('button', { name: 'Sync now' }).click();
    await feed.getByRole('status').filter({ hasText: 'synced' }).waitFor();
    await ownerPage.reload();
    await conflictOn(heldTuesday).waitFor();
    expect(await inbox().getByTestId('calendar-conflict').count()).toBe(1);
  });

  it('fits a phone', async () => {
    await ownerPage.setViewportSize({ width: 375, height: 800 });
    await ownerPage.reload();
    await conflictOn(heldTuesday).getByRole('button', { name: 'Keep booking' }).waitFor();
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await conflictOn(heldTuesday).getByRole('button', { name: 'Cancel booking' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(ownerPage, 'calendar conflicts on a phone');
  });
});
