/**
 * Calendars in a real browser: the demo renter opens the profile's Bookings tab, finds Add to
 * calendar on a booking, gets the private feed address, copies it, and the address (fetched with no
 * session, as a calendar app does) holds that booking's event; a new address turns the old one off.
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/bookings';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  // The Copy button writes to the clipboard.
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
});
afterAll(async () => {
  await session?.close();
});

async function logIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('clinicshare-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/profile');
}

/** The UIDs of an iCalendar text's events. */
const uidsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid'));

/** The feed fetched as a calendar app fetches it: no cookie, the token in the path. */
const fetchFeed = (url: string) => fetch(`${baseUrl}${new URL(url).pathname}`);

describe('calendars', () => {
  it('gives a booking’s .ics and a private feed address that holds it', async () => {
    const { page } = session;
    await logIn(page, 'renter@demo.clinicshare.test');
    const me = (await (await page.request.get('/api/me')).json()) as User;
    const bookings = (await (await page.request.get(`/api/users/${me.id}/bookings`)).json()) as Booking[];
    // An upcoming booking of the seed, whatever other browser tests did to the rest; not one of the
    // running weekly series, whose occurrences the list shows inside the series' card.
    const booking = bookings.find(
      (b) => !b.seriesId && ['pending', 'confirmed'].includes(b.status) && new Date(b.endDate).getTime() > Date.now(),
    );
    if (!booking) throw new Error('The demo renter has no upcoming booking');
    const uid = `booking-${booking.id}@clinicshare`;

    await page.goto('/profile?tab=bookings');
    const row = page.locator(`[data-testid="booking-row"][data-booking-id="${booking.id}"]`);
    const add = row.getByRole('link', { name: /^Add to calendar/ });
    await add.waitFor();
    const href = await add.getAttribute('href');
    expect(href).toBe(`/api/bookings/${booking.id}/calendar.ics`);
    const file = await page.request.get(href!);
    expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(uidsOf(await file.text())).toEqual([uid]);

    // The feed: asked for, shown once, copied.
    const section = page.getByTestId('calendar-feed');
    await section.getByRole('button', { name: 'Get my feed address' }).click();
    const address = section.getByLabel('Feed address');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/^https?:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
    await expectNoSeriousA11yViolations(page, 'calendar feed');
    await section.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Feed address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    expect(uidsOf(await feed.text())).toContain(uid);

    // A new address, after confirming: the old one stops working.
    await section.getByRole('button', { name: 'Make a new address' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new address' }).click();
    await toast(page, 'New feed address ready').waitFor();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    const newUrl = await address.inputValue();
    expect((await fetchFeed(url)).status).toBe(404);
    expect(uidsOf(await (await fetchFeed(newUrl)).text())).toContain(uid);

    // After a reload the address cannot be shown again: the feed is active, a new address can be made.
    await page.reload();
    await section.getByRole('button', { name: 'Get my feed address' }).click();
    await section.getByTestId('calendar-feed-hidden').waitFor();
    expect(await section.getByLabel('Feed address').count()).toBe(0);
    expect((await fetchFeed(newUrl)).status).toBe(200);
    expect(session.errors).toEqual([]);
  });
});
