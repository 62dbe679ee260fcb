/** Playwright on the system Chromium (docs/architecture.md#toolchain-notes): no browser download, no background networking. */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CreateSpaceInput, Space } from '../../src/shared/schemas/spaces';

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
    if (message.type() === 'error' && !TILE_HOSTS.test(message.location().url)) errors.push(message.text());
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
