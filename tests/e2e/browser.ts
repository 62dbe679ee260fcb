/** Playwright on the system Chromium (STACK-NOTES): no browser download, no background networking. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

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
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    browser,
    context,
    page,
    errors,
    async close() {
      await browser.close();
    },
  };
}
