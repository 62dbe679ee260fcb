/**
 * The unsubscribe page (docs/decisions/022-notifications-and-email.md) in a real
 * browser: a link with a bad or missing token says so clearly and offers no button. (A valid
 * token's flow is covered through the API in tests/api/unsubscribe.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations, openBrowser, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

describe('the unsubscribe page', () => {
  it('says a bad or missing link is not valid, without a button', async () => {
    const { page } = session;
    for (const path of ['/unsubscribe?token=not-a-token', '/unsubscribe']) {
      await page.goto(path);
      // The first render is a transition (src/client/main.tsx): the page is in the document a moment after `load`.
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
      const alert = page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid or has expired.' });
      await alert.waitFor();
      expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    }
    await expectNoSeriousA11yViolations(page, 'unsubscribe');
  });
});
