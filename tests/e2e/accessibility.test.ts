/**
 * Accessibility in a real browser: axe-core over every route of the app
 * (src/client/app.tsx), signed out and signed in, at a desktop width (1280)
 * and a phone width (390), and inside every dialog a person can open there,
 * failing on any WCAG 2.0, 2.1 or 2.2 A/AA violation. Also: focus returns to
 * the control that opened a dialog when it closes, and the tooltip timing.
 *
 * One browser; one context per width and sign-in state, the four run side
 * by side. Nothing here changes data: dialogs are opened and closed, never
 * confirmed. Signed in is the demo owner (`owner@demo.clinicshare.test`),
 * who lists spaces, rents one and has an incoming request and messages.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureDate } from '../helpers/dates';
import { CHROMIUM_PATH } from './global-setup';
import { type Fixtures, loadFixtures, navigate, OWNER, routes, settled } from './app-routes';
import { freeDates, pickCalendarDay } from './browser';

const baseUrl = inject('baseUrl');

/** Every WCAG 2.x level A and AA rule axe-core knows. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;

let fixtures: Fixtures;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  fixtures = await loadFixtures(baseUrl);
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a fresh context at `viewport`; signed in as the demo owner when `signedIn`. Map tiles fail, as offline. */
async function openPage(
  viewport: { width: number; height: number },
  signedIn: boolean,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
  if (signedIn) {
    const login = await context.request.post('/api/login', { data: OWNER });
    expect(login.status()).toBe(200);
    // The app shows the stored user at once and checks it with GET /api/me.
    await context.addInitScript((user) => window.localStorage.setItem('clinicshare:user', user), await login.text());
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The WCAG A/AA violations axe-core finds on the page as it is now (or inside `include`), one line each. */
async function violations(page: Page, name: string, include?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself (no extra page per scan); only violations are collected in full.
  // (options first: it replaces the options that withTags sets.)
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${name}: ${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/** Visits every route (the first by loading the page, the others inside the app) and scans it. */
async function scanRoutes(page: Page, label: string, signedIn: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const [index, route] of routes(fixtures, signedIn).entries()) {
    if (index === 0) await page.goto(route.path);
    else await navigate(page, route.path);
    // Signed out, a page that needs a session opens the Log in dialog; closed, focus is on the page's own Log in.
    if (route.asksToLogIn)
      found.push(
        ...(await scanDialog(page, `${label} ${route.name} log in dialog`, page.locator('main').getByRole('button', { name: 'Log in' }))),
      );
    await route.ready(page).first().waitFor();
    await settled(page);
    found.push(...(await violations(page, `${label} ${route.name}`)));
  }
  return found;
}

/** The open dialog (Radix dialogs and confirmations). */
const openDialog = (page: Page) => page.locator('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');

/** Scans the open dialog, closes it with Escape and checks focus went back to `opener`. */
async function scanDialog(page: Page, name: string, opener: Locator): Promise<string[]> {
  const dialog = openDialog(page);
  await dialog.waitFor();
  await settled(page);
  const found = await violations(page, name, '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Radix moves focus on close after a task; give it a moment.
  const back = await page
    .waitForFunction((element) => element === document.activeElement, await opener.elementHandle(), { timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  if (!back)
    found.push(
      `${name}: focus did not return to its opener (it is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`,
    );
  return found;
}

/** Clicks `opener` (opening a dialog) and scans the dialog. */
async function openAndScan(page: Page, name: string, opener: Locator): Promise<string[]> {
  await opener.click();
  return scanDialog(page, name, opener);
}

/** The header's Log in / Sign up buttons: in the menu on a phone, where focus returns to the menu button. */
async function signedOutDialogs(page: Page, label: string, phone: boolean): Promise<string[]> {
  await page.goto('/terms');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const found: string[] = [];
  for (const name of ['Log in', 'Sign up']) {
    if (phone) {
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      await page.locator('#mobile-menu').waitFor();
      found.push(...(await violations(page, `${label} menu`, 'header')));
      await page.locator('#mobile-menu').getByRole('button', { name }).click();
      found.push(...(await scanDialog(page, `${label} ${name} dialog`, menu)));
    } else {
      found.push(...(await openAndScan(page, `${label} ${name} dialog`, page.getByRole('banner').getByRole('button', { name }))));
    }
  }
  // Log in, then Sign up from inside it: focus still returns to the header's Log in.
  if (!phone) {
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await logIn.click();
    await openDialog(page).getByRole('button', { name: 'Sign up' }).click();
    await openDialog(page).getByRole('heading', { name: 'Create your account' }).waitFor();
    found.push(...(await scanDialog(page, `${label} Sign up from Log in`, logIn)));
    // Log in, then Forgot password?: the same dialog asks for the email.
    await logIn.click();
    await openDialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    await openDialog(page).getByRole('heading', { name: 'Reset your password' }).waitFor();
    found.push(...(await scanDialog(page, `${label} Forgot password from Log in`, logIn)));
  }
  return found;
}

/**
 * The favourite heart's tooltip: the pointer resting on it opens it after 700 ms (never sooner), keyboard
 * focus at once; it describes the button, and Escape closes it.
 */
async function checkTooltip(page: Page, name: string, heart: Locator): Promise<string[]> {
  const found: string[] = [];
  const tooltip = page.getByRole('tooltip');
  const started = performance.now();
  await heart.hover();
  await tooltip.waitFor();
  const waited = performance.now() - started;
  if (waited < 650) found.push(`${name}: opened after ${Math.round(waited)} ms on hover, not 700`);
  if ((await tooltip.textContent()) !== 'Add to favorites') found.push(`${name}: reads ${await tooltip.textContent()}`);
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'detached' });
  // The element before the heart, then Tab onto it.
  await heart.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await tooltip.waitFor({ timeout: 500 }).catch(() => found.push(`${name}: keyboard focus did not open it at once`));
  const describedBy = await heart.getAttribute('aria-describedby');
  if (!describedBy || describedBy !== (await tooltip.getAttribute('id'))) found.push(`${name}: does not describe the button`);
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'detached', timeout: 1000 }).catch(() => found.push(`${name}: Escape did not close it`));
  return found;
}

async function signedInDialogs(page: Page, label: string, phone: boolean): Promise<string[]> {
  const { otherSpace } = fixtures;
  const found: string[] = [];

  await page.goto(`/spaces/${otherSpace.id}`);
  await page.getByRole('heading', { level: 1, name: otherSpace.title }).waitFor();
  if (!phone)
    found.push(
      ...(await checkTooltip(
        page,
        `${label} favourite tooltip`,
        page.getByRole('button', { name: `Add ${otherSpace.title} to favorites` }),
      )),
    );
  found.push(...(await openAndScan(page, `${label} message owner dialog`, page.getByRole('button', { name: 'Message Owner' }))));

  const book = page.getByRole('button', { name: /^(Book Space|Request to Book)$/ }).first();
  await book.click();
  const booking = openDialog(page);
  await booking.waitFor();
  found.push(...(await violations(page, `${label} booking dialog`, '[role="dialog"]')));
  // A day the demo listing is open (its schedule may close some).
  const [day] = await freeDates(baseUrl, otherSpace.id, futureDate(60));
  await pickCalendarDay(booking, day!);
  await booking.getByRole('button', { name: 'Continue to Payment' }).click();
  await openDialog(page).getByRole('heading', { name: 'Complete Payment' }).waitFor();
  await settled(page);
  found.push(...(await violations(page, `${label} payment dialog`, '[role="dialog"]')));
  await page.keyboard.press('Escape');
  await openDialog(page).waitFor({ state: 'detached' });

  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Spaces/ }).waitFor();
  await settled(page);
  found.push(...(await openAndScan(page, `${label} edit profile dialog`, page.getByRole('button', { name: 'Edit Profile' }))));
  found.push(...(await openAndScan(page, `${label} log out everywhere dialog`, page.getByRole('button', { name: 'Log out everywhere' }))));
  // The header's notification panel (a Radix popover: role dialog), on every width.
  found.push(
    ...(await openAndScan(page, `${label} notifications panel`, page.getByRole('banner').getByRole('button', { name: /^Notifications/ }))),
  );

  for (const tab of ['spaces', 'bookings', 'favorites', 'messages']) {
    await page.goto(`/profile?tab=${tab}`);
    await page.getByRole('tabpanel').waitFor();
    await settled(page);
    found.push(...(await violations(page, `${label} profile ${tab} tab`)));
    if (tab === 'spaces')
      found.push(...(await openAndScan(page, `${label} delete space dialog`, page.getByRole('button', { name: /^Delete / }).first())));
    if (tab === 'bookings') {
      const cancel = page.getByRole('button', { name: 'Cancel', exact: true }).first();
      if (await cancel.count()) found.push(...(await openAndScan(page, `${label} cancel booking dialog`, cancel)));
    }
  }

  // A conversation open on /messages.
  await page.goto('/messages');
  await page.getByRole('region', { name: 'Conversations' }).getByRole('button').first().click();
  await page.getByRole('textbox').last().waitFor();
  await settled(page);
  found.push(...(await violations(page, `${label} conversation`)));
  return found;
}

describe('accessibility (WCAG 2.2 A/AA, axe-core)', () => {
  // The two widths side by side; each signed out, then signed in.
  it.concurrent.for([
    { width: 'desktop', viewport: DESKTOP },
    { width: 'phone', viewport: PHONE },
  ])(
    '$width: every route and dialog, signed out and signed in',
    // Every route twice and every dialog, at two widths at once: longer than the e2e project's 120 s.
    { timeout: 300_000 },
    async ({ width, viewport }, { expect }) => {
      const found: string[] = [];
      for (const signedIn of [false, true]) {
        const label = `${width} ${signedIn ? 'signed in' : 'signed out'}`;
        const { context, page, errors } = await openPage(viewport, signedIn);
        try {
          found.push(...(await scanRoutes(page, label, signedIn)));
          found.push(
            ...(signedIn
              ? await signedInDialogs(page, label, viewport === PHONE)
              : await signedOutDialogs(page, label, viewport === PHONE)),
          );
          found.push(...errors.map((error) => `${label}: page error ${error}`));
        } finally {
          await context.close();
        }
      }
      expect(found).toEqual([]);
    },
  );
});
