/**
 * Booking by keyboard alone: on a space's page a signed-in renter reaches Book Space with Tab, and
 * books it through to the confirmation with Tab, Shift+Tab, Enter, Space and Escape, typing only
 * into fields that the keyboard focused (the demo card form; the app runs in demo payments mode).
 * Every dialog of the checkout, closed by Escape or its Close button, gives focus back to the
 * button that opened it (the WAI-ARIA dialog pattern; WCAG 2.4.3 Focus Order); the booking form
 * opens on its calendar, the payment summary on 'Proceed to Payment'.
 *
 * And from the home page: a search, "Skip to results", a space, its dates and payment, focus
 * going to each new page's heading (a search's to its results' count, a payment's to its
 * confirmation); a first page load takes no focus. The skip links ("Skip to content" on every
 * page, "Skip to results" on /search and /map) are the first Tab stops and show when focused.
 *
 * Set-up that is not what is tested goes through the API: the owner and the listing, and the
 * renter's account and session (the browser context's cookies).
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../src/client/lib/auth';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { futureCardExpiry, futureDate, midnightIn } from '../helpers/dates';
import { calendarDay, calendarDayName, listSpaceThroughApi, openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  ownerContext = await session.browser.newContext({ baseURL: baseUrl });
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

/** Registers an account through the API on `page`'s browser context, which then has its session cookie; returns the user. */
async function registerThroughApi(page: Page, firstName: string, email: string): Promise<User> {
  const registered = await page.request.post('/api/register', {
    data: { firstName, lastName: 'Keys', email, password: 'a-strong-password', acceptedTerms: true },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()) as User;
}

/** The focused element for people: its tag, and its accessible name as far as the test needs one (label, aria-label, text). */
function focused(page: Page): Promise<{ tag: string; name: string; inDialog: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', name: '', inDialog: false };
    const labelled =
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.labels?.[0]?.textContent : null;
    const name = (element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { tag: element.tagName.toLowerCase(), name, inDialog: Boolean(element.closest('[role="dialog"]')) };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches `name`, at most `max` times;
 * fails with the names passed on the way.
 */
async function tabTo(page: Page, name: string | RegExp, { backwards = false, max = 60 } = {}): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (matches(now.name)) return;
    seen.push(`${now.tag}:${now.name.slice(0, 40)}`);
  }
  throw new Error(`Tab never reached ${String(name)}; passed ${seen.join(' | ')}`);
}

/** True when `locator` is the focused element. */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** True when the focused element is drawn on the screen, at least 40 by 16 px, inside the viewport (a skip link shown on focus). */
function focusedIsShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return Boolean(box && box.width >= 40 && box.height >= 16 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight);
  });
}

/** Presses Tab once and expects the skip link `name` to have the focus and to show. */
async function tabToSkipLink(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatchObject({ tag: 'a', name });
  expect(await focusedIsShown(page)).toBe(true);
}

/**
 * In the booking calendar's grid (focus on a day), presses ArrowRight until the focused day is
 * `date` (the grid moves on to the next month by itself), at most `max` times.
 */
async function arrowTo(page: Page, date: string, max = 62): Promise<void> {
  const name = calendarDayName(date);
  for (let i = 0; i < max; i++) {
    if ((await focused(page)).name.startsWith(`${name}, `)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`The arrow keys never reached ${name}`);
}

describe('booking a space by keyboard alone', () => {
  const stamp = Date.now();
  const title = `Keyboard Exam Room ${stamp}`;
  let space: Space;

  it('books an instant-book space from its page to the confirmation, focus coming back to Book Space from every dialog', async () => {
    const { page } = session;
    const ownerPage = await ownerContext.newPage();
    await registerThroughApi(ownerPage, 'Owen', `owen.keys.${stamp}@example.test`);
    space = await listSpaceThroughApi(ownerPage, { title, pricePerDay: '150.00' });
    expect(space).toMatchObject({ instantBook: true, pricePeriod: 'daily' });
    const renter = await registerThroughApi(page, 'Kira', `kira.keys.${stamp}@example.test`);
    // The app shows the stored user at once and checks it against the session, as after a sign-up.
    await page.goto('/');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(renter)] as const);

    await page.goto(`/spaces/${space.id}`);
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    const bookSpace = page.getByRole('button', { name: 'Book Space' });
    const startDate = futureDate(20);
    const lastDay = futureDate(22);
    const endDate = futureDate(23);

    // Tab from the top of the page to Book Space; Enter opens the booking form, focus on a day of its calendar.
    await tabTo(page, 'Book Space', { max: 80 });
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/^\w+day, \w+ \d+, \d{4}, available$/);
    expect((await focused(page)).inDialog).toBe(true);

    // Its Close button (Shift+Tab wraps round to it) closes it, and focus is back on Book Space.
    await tabTo(page, 'Close', { backwards: true, max: 5 });
    await page.keyboard.press('Enter');
    await booking.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(bookSpace)).toBe(true);

    // Space opens it again, on the calendar's grid; the arrow keys move to the first day and
    // Enter picks it, then to the last day (3 days: the booking ends the day after); Escape closes it, back to Book Space.
    await page.keyboard.press('Space');
    await booking.waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/, available$/);
    await arrowTo(page, startDate);
    await page.keyboard.press('Enter');
    await arrowTo(page, lastDay);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe(`${calendarDayName(lastDay)}, available, selected`);
    await expect.poll(() => booking.getByText('$450.00').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(bookSpace)).toBe(true);

    // Enter again: the form kept its dates, and opens on the first of them. On to payment, which opens on
    // 'Proceed to Payment'; Escape there also returns to Book Space.
    await page.keyboard.press('Enter');
    await booking.waitFor();
    await expect
      .poll(() => calendarDay(booking, lastDay).getAttribute('aria-label'))
      .toBe(`${calendarDayName(lastDay)}, available, selected`);
    await expect.poll(async () => (await focused(page)).name).toBe(`${calendarDayName(startDate)}, available, selected`);
    await expect.poll(() => booking.getByText('$450.00').isVisible()).toBe(true);
    await tabTo(page, 'Additional Notes', { max: 10 });
    await page.keyboard.type('Keyboard only, please.');
    await tabTo(page, 'Continue to Payment', { max: 4 });
    await page.keyboard.press('Enter');
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.waitFor();
    await expect.poll(() => hasFocus(payment.getByRole('button', { name: 'Proceed to Payment' }))).toBe(true);
    await page.keyboard.press('Escape');
    await payment.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(bookSpace)).toBe(true);

    // The whole way: form, payment, hold, demo card, confirmation.
    await page.keyboard.press('Enter');
    await booking.waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe(`${calendarDayName(startDate)}, available, selected`);
    await tabTo(page, 'Continue to Payment', { max: 12 });
    await page.keyboard.press('Enter');
    await payment.waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('Proceed to Payment');
    await page.keyboard.press('Enter');
    await payment.getByLabel('Card number').waitFor();
    expect(await payment.locator('dl').textContent()).toContain('$450.00');
    await tabTo(page, 'Card number', { max: 8 });
    await page.keyboard.type('4242424242424242');
    await tabTo(page, 'Expiry', { max: 3 });
    await page.keyboard.type(futureCardExpiry().replace(/\D/g, ''));
    await tabTo(page, 'CVC', { max: 3 });
    await page.keyboard.type('123');
    await tabTo(page, /^Pay \$/, { max: 3 });
    await page.keyboard.press('Space');

    await expect.poll(() => toast(page, 'Booking confirmed!').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('Your booking is confirmed').isVisible()).toBe(true);
    expect(page.url()).toContain(`/space/${space.id}?payment_success=true`);

    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    const list = await (await page.request.get(`/api/users/${me.id}/bookings`)).json();
    expect(list).toEqual([
      expect.objectContaining({
        spaceId: space.id,
        status: 'confirmed',
        startDate: midnightIn(startDate, space.timeZone).toISOString(),
        endDate: midnightIn(endDate, space.timeZone).toISOString(),
        totalPrice: '450.00',
        notes: 'Keyboard only, please.',
      }),
    ]);
    expect(session.errors).toEqual([]);
  });

  it("books from the home page by keyboard: a search, Skip to results, a space, its dates, payment; focus on each new page's heading", async () => {
    const { page } = session;
    const homeTitle = `Home Keys Suite ${stamp}`;
    const ownerPage = await ownerContext.newPage();
    await registerThroughApi(ownerPage, 'Olga', `olga.keys.${stamp}@example.test`);
    const listed = await listSpaceThroughApi(ownerPage, { title: homeTitle, pricePerDay: '120.00' });
    // Another renter, on a fresh page: away from the app (on this origin, for its storage) while the session changes.
    await page.goto('/api/health');
    await page.context().clearCookies();
    const renter = await registerThroughApi(page, 'Hana', `hana.keys.${stamp}@example.test`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(renter)] as const);
    const startDate = futureDate(30);
    const lastDay = futureDate(31);

    // A first page load leaves focus to the browser; the first Tab stop is "Skip to content", shown.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await focused(page)).tag).toBe('body');
    await tabToSkipLink(page, 'Skip to content');

    // The hero's search, typed and sent with Enter: focus goes to the results' count.
    await tabTo(page, 'Location', { max: 20 });
    await page.keyboard.type(homeTitle);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?location=/);
    const count = page.getByRole('heading', { name: '1 space found' });
    await expect.poll(() => hasFocus(count)).toBe(true);

    // The same search loaded afresh: no focus; Tab, Tab is "Skip to results", past the search form and the
    // filters to the count, and the next Tab is the result.
    await page.reload();
    await count.waitFor();
    expect((await focused(page)).tag).toBe('body');
    await tabToSkipLink(page, 'Skip to content');
    await tabToSkipLink(page, 'Skip to results');
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(count)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: expect.stringContaining(homeTitle) as string });

    // Enter opens the space: focus on its title, the page's h1.
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/spaces/${listed.id}`);
    await expect.poll(() => hasFocus(page.getByRole('heading', { level: 1, name: homeTitle }))).toBe(true);

    // Book Space opens on the calendar; two days by the arrow keys, then payment, which opens on 'Proceed to Payment'.
    await tabTo(page, 'Book Space', { max: 40 });
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Book Space' });
    await booking.waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/^\w+day, \w+ \d+, \d{4}, available$/);
    await arrowTo(page, startDate);
    await page.keyboard.press('Enter');
    await arrowTo(page, lastDay);
    await page.keyboard.press('Enter');
    await expect.poll(() => booking.getByText('$240.00').isVisible()).toBe(true);
    await tabTo(page, 'Continue to Payment', { max: 12 });
    await page.keyboard.press('Enter');
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.waitFor();
    await expect.poll(() => hasFocus(payment.getByRole('button', { name: 'Proceed to Payment' }))).toBe(true);
    await page.keyboard.press('Enter');

    // The demo card, then Pay: the page moves to its confirmation, whose heading has the focus.
    await payment.getByLabel('Card number').waitFor();
    await tabTo(page, 'Card number', { max: 8 });
    await page.keyboard.type('4242424242424242');
    await tabTo(page, 'Expiry', { max: 3 });
    await page.keyboard.type(futureCardExpiry().replace(/\D/g, ''));
    await tabTo(page, 'CVC', { max: 3 });
    await page.keyboard.type('123');
    await tabTo(page, /^Pay \$/, { max: 3 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/space/${listed.id}?payment_success=true**`, { timeout: 20_000 });
    await expect.poll(() => hasFocus(page.getByRole('heading', { name: 'Your booking is confirmed.' }))).toBe(true);

    const list = await (await page.request.get(`/api/users/${renter.id}/bookings`)).json();
    expect(list).toEqual([
      expect.objectContaining({
        spaceId: listed.id,
        status: 'confirmed',
        startDate: midnightIn(startDate, listed.timeZone).toISOString(),
        endDate: midnightIn(futureDate(32), listed.timeZone).toISOString(),
      }),
    ]);
    expect(session.errors).toEqual([]);
  });
});

describe('skip links and focus after a move inside the app', () => {
  it('skips to the results on /search and /map, to the content elsewhere; a header link focuses the new h1, a filter keeps its focus', async () => {
    const { page } = session;

    // /map: "Skip to results" leads past the filters to the map, named by its count.
    await page.goto('/map');
    const mapResults = page.getByRole('region', { name: /medical spaces available$/ });
    await mapResults.waitFor();
    expect((await focused(page)).tag).toBe('body');
    await tabToSkipLink(page, 'Skip to content');
    await tabToSkipLink(page, 'Skip to results');
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(mapResults)).toBe(true);

    // /about has no results: its second Tab stop is the header's; "Skip to content" focuses the main content.
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabToSkipLink(page, 'Skip to content');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).not.toBe('Skip to results');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(page.locator('main'))).toBe(true);

    // A header link followed by keyboard: focus on the new page's h1, which is no Tab stop.
    await tabTo(page, 'Browse Spaces', { backwards: true, max: 20 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search');
    const heading = page.getByRole('heading', { level: 1, name: 'Find medical space' });
    await expect.poll(() => hasFocus(heading)).toBe(true);
    expect(await heading.getAttribute('tabindex')).toBe('-1');

    // A filter changes the address, and focus stays on it.
    const topRated = page.getByLabel('4+ stars');
    await topRated.focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/search?minRating=4');
    await page.getByRole('heading', { name: /found$/ }).waitFor();
    expect(await hasFocus(topRated)).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
