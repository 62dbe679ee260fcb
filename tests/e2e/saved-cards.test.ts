/**
 * A saved card in a real browser (docs/decisions/039-saved-cards.md), on demo payments: a renter
 * adds a test card on the profile through the demo card form (a setup intent confirmed, then read
 * back by the server), sees "Visa ending in 4242", keeps it after a reload, and removes it, all by
 * keyboard where a person would.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureCardExpiry } from '../helpers/dates';
import { expectNoSeriousA11yViolations, openBrowser, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

describe('a saved payment card', () => {
  it('is added on the profile with a test card, shown by its brand and last 4 digits, and removed', async () => {
    const { page } = session;
    const stamp = Date.now();
    await page.goto('/');
    await signUp(page, { email: `riley.${stamp}@example.test`, firstName: 'Riley', lastName: 'Chen' });

    const section = page.getByTestId('payment-card-section');
    await section.getByRole('heading', { name: 'Payment card' }).waitFor();
    await section.getByText('No card saved').waitFor();

    // A declined card is refused and nothing is saved.
    await section.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add card' });
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry').fill(futureCardExpiry());
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await toast(page, 'Your card was declined.').waitFor();

    // The test card, submitted from the keyboard.
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('CVC').press('Enter');
    await toast(page, 'Card saved').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('Visa ending in 4242').waitFor();
    await expectNoSeriousA11yViolations(page, 'profile with a saved card');

    await page.reload();
    await section.getByText('Visa ending in 4242').waitFor();

    // Remove it: a confirmation first, then nothing is saved.
    await section.getByRole('button', { name: 'Remove card' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Remove this card?' });
    await confirm.getByText('Visa ending in 4242 will no longer be charged.').waitFor();
    await confirm.getByRole('button', { name: 'Remove card' }).click();
    await toast(page, 'Card removed').first().waitFor();
    await section.getByText('No card saved').waitFor();
    expect(await section.getByRole('button', { name: 'Remove card' }).count()).toBe(0);
    // The declined card's 402 is the only failed request the console reports.
    expect(session.errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
  });
});
