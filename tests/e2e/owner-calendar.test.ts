/**
 * The owner's calendar in a real browser (docs/product.md#calendar): signed out, /calendar asks to
 * log in; the demo owner opens it from the header, sees a booking of theirs, drags across two
 * future days of the month view, confirms blocking them on one space, and the availability API
 * then shows those days closed; opening the blocked range and choosing Unblock opens them again.
 */
import { addMonths, format, getDay, setDate } from 'date-fns';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Availability, CalendarEvents } from '../../src/shared/schemas/availability';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** Three months ahead, past the days other browser tests book (BROWSER_TEST_DAYS), two days side by side in one week row. */
function daysToBlock(): [Date, Date] {
  const first = setDate(addMonths(new Date(), 3), 14);
  // Saturday ends a week row: start on the Sunday after instead.
  const start = getDay(first) === 6 ? setDate(first, 15) : first;
  return [start, setDate(start, start.getDate() + 1)];
}

/** The middle of the lower part of the month view's day cell for `day` (of the month shown), where a drag selects. */
async function dayCellPoint(page: Page, day: number): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((wanted) => {
    for (const row of document.querySelectorAll('.rbc-month-row')) {
      const dates = [...row.querySelectorAll('.rbc-date-cell')];
      const index = dates.findIndex((cell) => !cell.classList.contains('rbc-off-range') && cell.textContent?.trim() === String(wanted));
      if (index < 0) continue;
      const box = row.querySelectorAll('.rbc-day-bg')[index]!.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height * 0.75 };
    }
    return null;
  }, day);
  if (!point) throw new Error(`No day cell for ${day}`);
  return point;
}

/**
 * Waits until the calendar holds the dates it shows: while a range loads, the previous range's items
 * stay on screen, dimmed, and the accessibility pass would measure the dimmed colours.
 */
const calendarSettled = (page: Page) => page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));

const availability = async (page: Page, spaceId: string, from: string, to: string) => {
  const response = await page.request.get(`/api/spaces/${spaceId}/availability?from=${from}&to=${to}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Availability).days.map((day) => day.open);
};

describe('the owner’s calendar', () => {
  it('shows the owner’s bookings, blocks dragged days on a space and unblocks them', async () => {
    const { page } = session;
    await page.goto('/calendar');
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').waitFor();
    await login.getByLabel('Email').fill('owner@demo.clinicshare.test');
    await login.getByLabel('Password').fill('clinicshare-demo');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();

    // A booking of theirs (the seed's confirmed booking a week ahead), in the agenda's 30 days.
    const me = (await (await page.request.get('/api/me')).json()) as User;
    const today = format(new Date(), 'yyyy-MM-dd');
    const soon = format(new Date(Date.now() + 29 * 86_400_000), 'yyyy-MM-dd');
    const events = (await (
      await page.request.get(`/api/users/${me.id}/calendar-events?from=${today}&to=${soon}`)
    ).json()) as CalendarEvents;
    const booking = events.bookings.find((b) => b.status === 'confirmed');
    if (!booking) throw new Error('The demo owner has no confirmed booking in the next 30 days');
    await page.getByRole('link', { name: 'Calendar' }).first().waitFor();
    await page.getByRole('button', { name: 'Agenda' }).click();
    await page.locator('.rbc-agenda-view').getByText(`Confirmed · ${booking.renterFirstName} · ${booking.spaceTitle}`).first().waitFor();
    await calendarSettled(page);
    await expectNoSeriousA11yViolations(page, 'owner calendar agenda');

    // Month view, three months on: drag across two days.
    await page.getByRole('button', { name: 'Month' }).click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
    const [first, second] = daysToBlock();
    await page
      .locator('.rbc-toolbar-label')
      .filter({ hasText: format(first, 'MMMM yyyy') })
      .waitFor();
    await calendarSettled(page);
    await expectNoSeriousA11yViolations(page, 'owner calendar month');
    const from = await dayCellPoint(page, first.getDate());
    const to = await dayCellPoint(page, second.getDate());
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Block ${format(first, 'MMM d')} – ${format(second, 'MMM d')}` }).waitFor();
    await dialog.getByLabel('Space').selectOption({ label: booking.spaceTitle });
    await dialog.getByLabel(/^Note/).fill('Browser test closure');
    const [start, end] = [format(first, 'yyyy-MM-dd'), format(second, 'yyyy-MM-dd')];
    expect(await availability(page, booking.spaceId, start, end)).toEqual([true, true]);
    await dialog.getByRole('button', { name: 'Block dates' }).click();
    await toast(page, 'Dates blocked').waitFor();
    expect(await availability(page, booking.spaceId, start, end)).toEqual([false, false]);

    // The range is on the calendar; opening it offers Unblock.
    const blocked = page.locator('.owner-calendar-blocked').filter({ hasText: 'Browser test closure' });
    await blocked.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
    await toast(page, 'Dates unblocked').waitFor();
    await blocked.first().waitFor({ state: 'detached' });
    expect(await availability(page, booking.spaceId, start, end)).toEqual([true, true]);
    expect(session.errors).toEqual([]);
  });
});
