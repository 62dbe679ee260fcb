/** Playwright on the system Chromium (STACK-NOTES): no browser download, no background networking. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
