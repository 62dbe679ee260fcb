/**
 * The pages behind the footer (docs/product.md#static-pages) in a real browser: every footer link opens its own page
 * (its heading and title; the FAQ link scrolls to the FAQ of the Help Center), each page passes an
 * axe scan, and the contact form sends a message signed out, by keyboard alone, showing the field
 * errors first and then its confirmation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FOOTER_COLUMNS } from '../../src/client/components/layout/footer-links';
import { FAQ_SECTION_ID } from '../../src/shared/info-page-paths';
import { INFO_PAGES } from '../../src/shared/info-pages';
import { expectNoSeriousA11yViolations, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

const footer = (page: Page) => page.getByRole('contentinfo');

describe("the footer's pages", () => {
  it('each open from the footer with their own heading and title, and pass an axe scan', async () => {
    const { page, errors } = session;
    await page.goto('/');
    await footer(page).waitFor();
    const links = FOOTER_COLUMNS.flatMap((column) => column.links);
    expect(links.map((link) => link.label)).not.toContain('Careers');
    for (const link of links) {
      const [path, hash] = link.href.split('#') as [string, string | undefined];
      const info = Object.values(INFO_PAGES).find((candidate) => candidate.path === path)!;
      await footer(page).getByRole('link', { name: link.label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: info.heading }).waitFor();
      expect(new URL(page.url()).pathname, link.label).toBe(path);
      await expect.poll(() => page.title(), { timeout: 2000 }).toBe(info.title);
      if (hash) {
        // The FAQ link lands on the FAQ section of the Help Center, scrolled into view.
        expect(new URL(page.url()).hash).toBe(`#${FAQ_SECTION_ID}`);
        await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).isVisible()).toBe(true);
        const top = await page.locator(`#${FAQ_SECTION_ID}`).evaluate((element) => element.getBoundingClientRect().top);
        expect(top).toBeLessThan(200);
      } else {
        await expectNoSeriousA11yViolations(page, link.label);
      }
    }
    expect(errors).toEqual([]);
  });

  it('FAQ opens the Help Center at its FAQ from another page, and from a fresh load', async () => {
    const { page } = session;
    const faqTop = () => page.locator(`#${FAQ_SECTION_ID}`).evaluate((element) => element.getBoundingClientRect().top);
    await page.goto('/about');
    await footer(page).getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).waitFor();
    await expect.poll(faqTop).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.goto('/');
    await page.goto(`/help#${FAQ_SECTION_ID}`);
    await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).waitFor();
    await expect.poll(faqTop).toBeLessThan(200);
  });

  it('the Help Center states the cancellation tiers exactly', async () => {
    const { page } = session;
    await page.goto('/help');
    const section = page.getByRole('region', { name: 'Cancellation and refunds' });
    await section.waitFor();
    for (const text of [
      'Flexible: full refund if cancelled at least 24 hours before the start; no refund after that.',
      'Moderate: full refund if cancelled at least 7 days before the start, 50% if at least 24 hours before; no refund after that.',
      'Strict: 50% refund if cancelled at least 14 days before the start; no refund after that.',
    ])
      expect(await section.getByText(text, { exact: true }).count(), text).toBe(1);
  });
});

describe('the contact form', () => {
  it('sends a message signed out, by keyboard: field errors first, then the confirmation', async () => {
    const { page, errors } = session;
    await page.context().clearCookies();
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.waitFor();

    // Sent empty: each field says what is missing, and the first one takes the focus.
    await page.getByLabel('Your name').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send message');
    await page.keyboard.press('Enter');
    for (const message of [
      'Your name is required',
      'Please enter a valid email address',
      'Choose a topic',
      'Please write at least 10 characters',
    ])
      await form.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    await expectNoSeriousA11yViolations(page, 'contact form with errors');

    // Filled in with the keyboard alone.
    await page.keyboard.type('Dana Whitfield');
    await page.keyboard.press('Tab');
    await page.keyboard.type('dana.whitfield@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Payments');
    expect(await page.getByLabel('Topic').inputValue()).toBe('payments');
    await page.keyboard.press('Tab');
    await page.keyboard.type('How long does a refund take to reach my card?');
    await page.keyboard.press('Tab');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(201);

    const confirmation = page.getByRole('heading', { name: 'Thank you, your message was sent' });
    await confirmation.waitFor();
    expect(await confirmation.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText('We will answer by email at dana.whitfield@example.com.').waitFor();
    await expectNoSeriousA11yViolations(page, 'contact form sent');

    // Another message starts from an empty topic and message.
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Dana Whitfield');
    expect(errors).toEqual([]);
  });
});
