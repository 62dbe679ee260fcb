/** Playwright on the system Chromium (docs/architecture.md#toolchain-notes): no browser download, no background networking. */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { USER_STORAGE_KEY } from '../../src/client/lib/auth';
import { buildDemoSpaces } from '../../src/server/seed/demo-data';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import type { CreateSpaceInput, Space, SpaceCard } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { futureCardExpiry } from '../helpers/dates';

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** console errors and page errors seen so far. */
  errors: string[];
  /** Map tile requests, all refused (the browser is offline). */
  tileRequests: string[];
  close(): Promise<void>;
}

/** Map tile servers: OpenStreetMap's default tiles and any other http(s) host outside localhost. */
const TILE_HOSTS = /^https?:\/\/(?!localhost|127\.0\.0\.1)[^/]+\/.*\d+\/\d+\/\d+\.(png|jpg|webp)/;

/** Launches Chromium (Playwright gives it a fresh temporary profile) and a page that records console errors. */
export async function openBrowser(baseUrl: string, viewport = { width: 1280, height: 900 }): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  // The browser never reaches the internet: map tiles (OpenStreetMap's by default) fail, as offline, and the
  // maps must still draw. Their failed loads are not page errors.
  const tileRequests: string[] = [];
  await context.route(TILE_HOSTS, (route) => {
    tileRequests.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // With the resource's address, so a failed load says what failed.
    const { url } = message.location();
    if (message.type() === 'error' && !TILE_HOSTS.test(url)) errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    browser,
    context,
    page,
    errors,
    tileRequests,
    async close() {
      await browser.close();
    },
  };
}

/** The toast carrying `text` (Radix also keeps a hidden screen-reader copy of its text). */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** Fails with the list of axe-core violations of serious or critical impact on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/**
 * Signs up through the header's Sign up dialog on the page as it is, and waits for /profile
 * (docs/product.md#behaviour: a successful registration goes there).
 */
export async function signUp(
  page: Page,
  person: { email: string; firstName: string; lastName: string; specialty?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Sign up' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Specialty').fill(person.specialty ?? 'Dermatology');
  await dialog.getByLabel('Password', { exact: true }).fill('a-strong-password');
  await dialog.getByLabel('Confirm password').fill('a-strong-password');
  await dialog.getByLabel('I accept the terms and conditions').check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/profile');
}

/**
 * Lists a space for the page's signed-in user through the API (where listing itself is not what is
 * tested): a daily exam room in Chicago unless `fields` say otherwise. Expects 201.
 */
export async function listSpaceThroughApi(page: Page, fields: Partial<CreateSpaceInput> & Pick<CreateSpaceInput, 'title'>): Promise<Space> {
  const created = await page.request.post('/api/spaces', {
    data: {
      description: 'An exam room listed by a browser test.',
      spaceType: 'Examination Room',
      address: '200 W Madison St',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60606',
      amenities: ['Wi-Fi'],
      equipment: ['Examination Table'],
      pricePerDay: '120.00',
      pricePeriod: 'daily',
      ...fields,
    } satisfies CreateSpaceInput,
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Space;
}

/**
 * Books `dates` of `spaceId` for the page's signed-in user and pays with the demo card, through the
 * API (where the booking dialog is not what is tested): the hold, the card payment, the booking
 * recorded. Expects each step to succeed.
 * @returns the booking's id and its amount (decimal dollars)
 */
export async function bookThroughApi(
  page: Page,
  spaceId: string,
  dates: { startDate: string; endDate: string },
): Promise<{ bookingId: string; amount: string }> {
  const intent = await page.request.post('/api/create-booking-payment-intent', {
    data: { spaceId, bookingDetails: dates, agreementVersion: AGREEMENT_VERSION },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const answer = (await intent.json()) as { bookingId: string; clientSecret: string; amount: string };
  const paid = await page.request.post('/api/demo-payments/confirm', {
    data: { clientSecret: answer.clientSecret, cardNumber: '4242424242424242', expiry: futureCardExpiry(), cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { paymentIntentId } = (await paid.json()) as { paymentIntentId: string };
  const recorded = await page.request.post('/api/bookings', {
    data: { spaceId, ...dates, totalPrice: answer.amount, paymentIntentId },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return { bookingId: answer.bookingId, amount: answer.amount };
}

/**
 * The demo seed's newest space (the first of `buildDemoSpaces()`, created last), found by its title
 * among the newest listings: `GET /api/spaces?limit=1` answers whatever another browser test listed last.
 */
export async function newestDemoSpace(baseUrl: string): Promise<SpaceCard> {
  const title = buildDemoSpaces()[0]!.title;
  const spaces = (await (await fetch(`${baseUrl}/api/spaces?limit=100`)).json()) as SpaceCard[];
  const space = spaces.find((card) => card.title === title);
  if (!space) throw new Error(`The demo space "${title}" is not among the newest 100 listings`);
  return space;
}

/** How the booking calendar names a date's day button (`YYYY-MM-DD` -> "Monday, March 2, 2026"), before ", available" or ", unavailable". */
export function calendarDayName(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day button of `date` in the booking calendar inside `dialog`, whatever its state. */
export function calendarDay(dialog: Locator, date: string): Locator {
  return dialog.getByRole('button', { name: new RegExp(`^${calendarDayName(date)}, `) });
}

/**
 * Shows the month of `date` (`YYYY-MM-DD`, later than the month shown) in the booking calendar of
 * `dialog`, pressing "Go to the Next Month" as often as needed, and waits until its availability
 * has loaded (the day's name no longer says "loading").
 */
export async function showCalendarMonth(dialog: Locator, date: string): Promise<Locator> {
  const day = calendarDay(dialog, date);
  // The calendar loads with the dialog's first opening.
  await dialog.getByRole('grid').first().waitFor();
  for (let i = 0; i < 25 && (await day.count()) === 0; i++) {
    await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect.poll(() => day.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/, (available|unavailable)/);
  return day;
}

/** Picks `date` in the booking calendar of `dialog` (it must be available); for daily spaces, a one-day range. */
export async function pickCalendarDay(dialog: Locator, date: string): Promise<void> {
  const day = await showCalendarMonth(dialog, date);
  expect(await day.getAttribute('aria-label')).toBe(`${calendarDayName(date)}, available`);
  await day.click();
}

/** Picks the days `first` to `last` (both included, both available, in the month shown or later) in a daily space's booking calendar. */
export async function pickCalendarDays(dialog: Locator, first: string, last: string): Promise<void> {
  await pickCalendarDay(dialog, first);
  if (last !== first) await pickCalendarDay(dialog, last);
}

/**
 * The first `count` consecutive dates on or after `from` that a space has free (GET
 * /api/spaces/{id}/availability), so that tests on demo listings avoid their closed days.
 */
export async function freeDates(baseUrl: string, spaceId: string, from: string, count = 1): Promise<string[]> {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 92 * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${baseUrl}/api/spaces/${spaceId}/availability?from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  const { days } = (await response.json()) as { days: { date: string; open: boolean; slots: { available: boolean }[] }[] };
  const free = days.map((day) => day.open && day.slots.some((slot) => slot.available));
  const start = free.findIndex(
    (_, index) => free.slice(index, index + count).length === count && free.slice(index, index + count).every(Boolean),
  );
  if (start < 0) throw new Error(`No ${count} free days in a row from ${from} for space ${spaceId}`);
  return days.slice(start, start + count).map((day) => day.date);
}

/**
 * Scrolls a space page, once it shows its heading, to its end: its opening hours and reviews load
 * when scrolled near (src/client/components/when-near-viewport.tsx), as a visitor scrolls to them.
 */
export async function scrollToSpaceSections(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('footer').scrollIntoViewIfNeeded();
}

/**
 * Registers an account through the API on `page`'s browser context (which keeps its session cookie)
 * and lets the app know it, as a sign-in would; `stamp` makes the email unique.
 */
export async function registerThroughApi(page: Page, firstName: string, lastName: string, stamp: number): Promise<User> {
  const registered = await page.request.post('/api/register', {
    data: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${stamp}@example.test`,
      password: 'a-strong-password',
      acceptedTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  const user = (await registered.json()) as User;
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [USER_STORAGE_KEY, JSON.stringify(user)] as const);
  return user;
}
