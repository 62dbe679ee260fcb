/**
 * Live messaging in two browsers: the renter writes from a space
 * page; the owner, already on /messages, sees it appear without reloading,
 * opens it and replies; the renter sees the reply and the read mark, live.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
let session: BrowserSession;
let ownerContext: BrowserContext;
let ownerPage: Page;
const ownerErrors: string[] = [];

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  // A second, separate browser context: its own cookies and storage, like another person's browser.
  ownerContext = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  ownerPage = await ownerContext.newPage();
  ownerPage.on('console', (message) => {
    if (message.type() === 'error') ownerErrors.push(message.text());
  });
  ownerPage.on('pageerror', (error) => ownerErrors.push(error.message));
});
afterAll(async () => {
  await ownerContext?.close();
  await session?.close();
});

async function logIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('clinicshare-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/profile');
}

describe('messaging between a renter and an owner', () => {
  it('delivers a message, the reply and the read receipt live', async () => {
    const renterPage = session.page;
    const question = `Is the room free next Tuesday morning? (${Date.now()})`;

    // The owner signs in and waits on /messages.
    await logIn(ownerPage, 'owner@demo.clinicshare.test');
    const owner = (await (await ownerPage.request.get('/api/me')).json()) as User;
    const spaces = (await (await ownerPage.request.get(`/api/spaces?ownerId=${owner.id}&limit=1`)).json()) as Space[];
    const space = spaces[0];
    if (!space) throw new Error('The demo owner has no space');
    await ownerPage.getByRole('link', { name: /^Messages/ }).click();
    await ownerPage.waitForURL('**/messages');
    const ownerList = ownerPage.getByRole('region', { name: 'Conversations' });
    await ownerPage.getByText('Select a conversation').waitFor();

    // The renter writes from the space page.
    await logIn(renterPage, 'renter@demo.clinicshare.test');
    await renterPage.goto(`/spaces/${space.id}`);
    await renterPage.getByRole('button', { name: 'Message Owner' }).click();
    const dialog = renterPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByText('Message cannot be empty').waitFor();
    await dialog.getByLabel('Your Message').fill(question);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(renterPage, 'Message sent!').waitFor();
    expect(await toast(renterPage, 'Message sent!').textContent()).toContain('The space owner will receive your message.');

    // The owner sees it arrive without reloading: in the list, with an unread badge, and in the header.
    await ownerList.getByText(question).waitFor({ timeout: 5000 });
    await ownerList.getByLabel('1 unread').waitFor();
    await ownerPage.getByRole('link', { name: 'Messages (1 unread)' }).waitFor();

    // The renter opens the conversation: the message is sent, not yet read.
    await renterPage.getByRole('link', { name: /^Messages/ }).click();
    await renterPage.getByRole('region', { name: 'Conversations' }).getByText(question).click();
    const renterThread = renterPage.getByRole('region', { name: /^Conversation with / });
    await renterThread.getByText('Connected', { exact: true }).waitFor();
    await renterThread.getByText(question).waitFor();
    expect(await renterThread.getByLabel('Read').count()).toBe(0);

    // The owner opens it (which marks it read) and replies: Shift+Enter adds a line, Enter sends.
    await ownerList.getByText(question).click();
    expect(ownerPage.url()).toContain('/messages?conversation=');
    const ownerThread = ownerPage.getByRole('region', { name: 'Conversation with Taylor Brooks' });
    await ownerThread.getByText('Connected', { exact: true }).waitFor();
    await ownerThread.getByText(question).waitFor();
    await ownerThread.getByText(/Do not share patient names|protected health information/i).waitFor();
    const input = ownerThread.getByLabel('Message', { exact: true });
    await input.fill('Yes, Tuesday is free.');
    await input.press('Shift+Enter');
    await input.pressSequentially('Come by at 9.');
    expect(await input.inputValue()).toBe('Yes, Tuesday is free.\nCome by at 9.');
    await input.press('Enter');
    await ownerThread.getByText('Come by at 9.').waitFor();
    expect(await input.inputValue()).toBe('');
    await ownerPage.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // The renter sees the reply and the read mark, without reloading.
    await renterThread.getByText('Come by at 9.').waitFor({ timeout: 5000 });
    await expect.poll(() => renterThread.getByText('Jordan Avery').count()).toBeGreaterThanOrEqual(2);
    await renterThread.getByLabel('Read').first().waitFor({ timeout: 5000 });

    // On a phone the list and the thread are two screens.
    await renterPage.setViewportSize({ width: 390, height: 800 });
    await renterThread.getByText('Come by at 9.').waitFor();
    expect(await renterPage.getByRole('region', { name: 'Conversations' }).isVisible()).toBe(false);
    await renterThread.getByRole('button', { name: 'Back to conversations' }).click();
    await renterPage.getByRole('region', { name: 'Conversations' }).getByText('Come by at 9.').waitFor();
    expect(await renterThread.count()).toBe(0);

    await expectNoSeriousA11yViolations(ownerPage, '/messages');
    expect(session.errors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  });
});
