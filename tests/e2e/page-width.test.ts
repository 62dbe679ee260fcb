/**
 * No page is wider than a phone (WCAG 1.4.10 Reflow): at 320 and 390 px, every route of the app
 * (tests/e2e/app-routes.ts) lays out within the viewport, `document.documentElement.scrollWidth <=
 * innerWidth`, signed out and signed in as a renter, an owner and an operator; with them a conversation
 * open on /messages, the profile's tabs, the owner's calendar and the console. Signed out, the
 * Log in dialog that a page needing a session opens is checked too.
 *
 * One browser and one context per person, the four side by side; each visits its routes inside the app
 * (no page loads after the first) and checks each at both widths by resizing. First the demo owner lists
 * a space with the longest title a listing may have and blocks a day of it with a long note, so the pages
 * that name a space (the calendar's filter and agenda, the owner's lists) are checked at their widest,
 * whatever the tests before this one listed.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listingFieldsSchema } from '../../src/shared/schemas/spaces';
import type { ConversationSummary } from '../../src/shared/schemas/messages';
import type { User } from '../../src/shared/schemas/users';
import { type Fixtures, loadFixtures, navigate, OWNER, type RouteCheck, routes, settled } from './app-routes';
import { listSpaceThroughApi, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const WIDTHS = [320, 390];
const HEIGHT = 800;
const DEMO_PASSWORD = 'clinicshare-demo';
/** The longest title a listing may have. */
const TITLE_MAX = listingFieldsSchema.shape.title.maxLength!;

/** The people the sweep visits as: signed out, and the demo renter, owner and operator. */
const PEOPLE = [
  { label: 'signed out' },
  { label: 'renter', email: 'renter@demo.clinicshare.test' },
  { label: 'owner', email: OWNER.email },
  { label: 'operator', email: 'admin@demo.clinicshare.test' },
] as const;

let session: BrowserSession;
let fixtures: Fixtures;

beforeAll(async () => {
  session = await openBrowser(baseUrl, { width: WIDTHS[0]!, height: HEIGHT });
  fixtures = await loadFixtures(baseUrl);
  const login = await session.context.request.post('/api/login', { data: OWNER });
  expect(login.status()).toBe(200);
  const words = `Multi-Specialty Examination and Procedure Suite with a Private Waiting Room near the Chicago Loop ${Date.now().toString(36)}`;
  const space = await listSpaceThroughApi(session.page, { title: `Spacious ${words}`.slice(0, TITLE_MAX) });
  // A blocked range tomorrow, its note a pasted link: one long word in the calendar's agenda on a phone.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const note = 'https://maintenance.example.test/work-orders/hvac-filter-replacement-and-sterilizer-inspection';
  const blocked = await session.context.request.post(`/api/spaces/${space.id}/blocked-dates`, {
    data: { start: tomorrow, end: tomorrow, note },
  });
  expect(blocked.status()).toBe(201);
  await session.context.clearCookies();
});
afterAll(async () => {
  await session?.close();
});

/** A context of the shared browser, signed in as `email` when given (the session cookie and the stored user, as after a login). */
async function openContext(browser: Browser, email?: string): Promise<{ context: BrowserContext; page: Page; user?: User }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: WIDTHS[0]!, height: HEIGHT }, reducedMotion: 'reduce' });
  // Offline, as the other browser tests: map tiles fail.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
  let user: User | undefined;
  if (email) {
    const login = await context.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    user = (await login.json()) as User;
    await context.addInitScript((stored) => window.localStorage.setItem('clinicshare:user', stored), JSON.stringify(user));
  }
  return { context, page: await context.newPage(), user };
}

/**
 * How much wider than the viewport the page lays out, with the innermost elements that reach past its
 * right edge (to say what to fix), or null when it fits.
 */
function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    const past = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 1;
    const innermost = [...document.body.querySelectorAll('*')].filter((element) => past(element) && ![...element.children].some(past));
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').slice(0, 80)}">${(element.textContent ?? '').trim().slice(0, 30)}`;
    return `${scrollWidth} px wide at ${window.innerWidth}: ${innermost.slice(0, 3).map(describe).join(' | ')}`;
  });
}

/** Checks the page as it is now at each width; returns what overflowed. */
async function checkWidths(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    // Layout follows the resize; two frames let ResizeObserver-driven components (the map, charts) settle.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const wide = await overflow(page);
    if (wide) found.push(`${name}: ${wide}`);
  }
  return found;
}

/** The routes `person` can reach: the common list (tests/e2e/app-routes.ts) and what their account adds. */
async function routesOf(label: (typeof PEOPLE)[number]['label'], page: Page, user: User | undefined): Promise<RouteCheck[]> {
  const common = routes(fixtures, user !== undefined);
  if (!user) return common;
  const panel = (page: Page) => page.getByRole('tabpanel');
  const conversations = (await (await page.request.get(`/api/users/${user.id}/conversations`)).json()) as ConversationSummary[];
  const extra: RouteCheck[] = [
    ...['spaces', 'bookings', 'favorites', 'messages'].map((tab) => ({
      name: `profile ${tab} tab`,
      path: `/profile?tab=${tab}`,
      ready: panel,
    })),
    ...conversations.slice(0, 1).map((conversation) => ({
      name: 'a conversation',
      path: `/messages?conversation=${conversation.conversationId}`,
      ready: (page: Page) => page.getByRole('textbox').last(),
    })),
  ];
  if (label === 'owner') {
    extra.push(
      { name: 'calendar', path: '/calendar', ready: (page) => page.getByRole('heading', { level: 1, name: 'Calendar' }) },
      { name: 'profile earnings tab', path: '/profile?tab=earnings', ready: panel },
    );
  }
  // The console's tabs that list things: Users and Listings are stacks of cards on a phone, and Reports
  // wraps a reported email address or link.
  if (label === 'operator') {
    extra.push(
      ...['users', 'listings', 'reports', 'overview'].map((tab) => ({
        name: `console ${tab} tab`,
        path: `/admin?tab=${tab}`,
        ready: (page: Page) =>
          page
            .getByRole('tabpanel')
            .getByRole(tab === 'reports' ? 'listitem' : tab === 'overview' ? 'table' : 'row')
            .first(),
      })),
    );
  }
  return [
    // The edit page's form is its owner's; anyone else's list (of conversations) may be empty.
    ...common
      .filter((route) => label === 'owner' || route.name !== 'edit space')
      .map((route) =>
        route.name === 'messages' && label !== 'owner'
          ? { ...route, ready: (page: Page) => page.getByRole('region', { name: 'Conversations' }) }
          : route,
      ),
    ...extra,
  ];
}

/** Visits every route of `person` (the first by loading the page, the others inside the app) and checks its width. */
async function sweep(person: (typeof PEOPLE)[number]): Promise<string[]> {
  const { context, page, user } = await openContext(session.browser, 'email' in person ? person.email : undefined);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${person.label}: page error ${error.message}`));
  const found: string[] = [];
  try {
    for (const [index, route] of (await routesOf(person.label, page, user)).entries()) {
      const name = `${person.label} ${route.name}`;
      await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
      if (index === 0) await page.goto(route.path);
      else await navigate(page, route.path);
      if (route.asksToLogIn) {
        const dialog: Locator = page.getByRole('dialog', { name: 'Welcome back' });
        await dialog.waitFor();
        found.push(...(await checkWidths(page, `${name} log in dialog`)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      await route.ready(page).first().waitFor();
      await settled(page);
      found.push(...(await checkWidths(page, name)));
    }
  } finally {
    await context.close();
  }
  return [...found, ...errors];
}

describe('page width on phones', () => {
  it('lays out every route within 320 and 390 px, signed out and as a renter, an owner and an operator', { timeout: 300_000 }, async () => {
    const found = (await Promise.all(PEOPLE.map((person) => sweep(person)))).flat();
    expect(found).toEqual([]);
  });
});
