/**
 * Signed-out visits to pages that need a session (docs/product.md#signed-out-visits), in a real browser:
 * the page (opened directly, as an emailed link opens it) asks to log in with the Log in dialog, and the
 * login or sign-up lands back on the same address with its query string. Closing the dialog leaves a
 * signed-out page with a Log in button, never a load error; a session that ends on such a page asks
 * the same way; logging out from one goes home without asking.
 */
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { displayName } from '../../src/shared/names';
import type { ConversationSummary } from '../../src/shared/schemas/messages';
import type { User } from '../../src/shared/schemas/users';
import { openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };
const PASSWORD = 'a-strong-password';
let session: BrowserSession;
let api: APIRequestContext;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
  api = await request.newContext({ baseURL: baseUrl });
});
afterAll(async () => {
  await api?.dispose();
  await session?.close();
});

/** A fresh account, registered outside the browser (whose context stays signed out). */
async function registeredUser(firstName: string): Promise<User & { password: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.test`;
  const registered = await api.post('/api/register', {
    data: { firstName, lastName: 'Visitor', email, password: PASSWORD, acceptedTerms: true },
  });
  expect(registered.status()).toBe(201);
  return { ...((await registered.json()) as User), password: PASSWORD };
}

/** Signs the browser out entirely: no session cookie, no stored user. */
async function signOutBrowser(page: Page): Promise<void> {
  await session.context.clearCookies();
  await page.goto('/terms');
  await page.evaluate(() => localStorage.clear());
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome back' });

/** Fills and sends the open Log in dialog. */
async function logInThroughDialog(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByLabel('Email').fill(credentials.email);
  await dialog.getByLabel('Password').fill(credentials.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Waits until the login has gone through (the header offers Log out), then expects the address to be
 * exactly `path` (path and query string): the page the visitor was on may already have that address.
 */
async function landsOn(page: Page, path: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor();
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe(path);
}

/** Errors the browser logged, without the 401s the test caused on purpose by ending the session. */
const unexpectedErrors = () => session.errors.filter((error) => !error.includes('status of 401'));

describe('signed-out visits to pages that need a session', () => {
  it('opens the Log in dialog on /profile?tab=bookings and, after logging in, shows that same tab', async () => {
    const { page } = session;
    const user = await registeredUser('Avery');
    await signOutBrowser(page);

    await page.goto('/profile?tab=bookings');
    await loginDialog(page).waitFor();
    expect(await page.getByText('Unable to load profile data.').count()).toBe(0);
    await logInThroughDialog(page, user);

    await landsOn(page, '/profile?tab=bookings');
    await loginDialog(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: displayName(user) }).waitFor();
    expect(await page.getByRole('tab', { name: /^Bookings/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'My Bookings' }).waitFor();
    await toast(page, 'Welcome back!').waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('leaves a signed-out page with Log in when the dialog is closed, and returns to the conversation after logging in', async () => {
    const { page } = session;
    const owner = (await (await api.post('/api/login', { data: OWNER })).json()) as User;
    const conversations = (await (await api.get(`/api/users/${owner.id}/conversations`)).json()) as ConversationSummary[];
    const conversation = conversations[0];
    if (!conversation) throw new Error('The demo owner has no conversation');
    await api.post('/api/logout');
    await signOutBrowser(page);

    const address = `/messages?conversation=${conversation.conversationId}`;
    await page.goto(address);
    await loginDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await loginDialog(page).waitFor({ state: 'detached' });

    // The page says why and offers a way in; the address is unchanged.
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Please log in' }).waitFor();
    await main.getByText('You need to be logged in to access messages.').waitFor();
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(address);
    const logIn = main.getByRole('button', { name: 'Log in' });
    await expect.poll(() => logIn.evaluate((element) => element === document.activeElement)).toBe(true);

    await logIn.click();
    await logInThroughDialog(page, OWNER);
    await landsOn(page, address);
    // The conversation is open: its reply box is there.
    await page.getByRole('textbox').last().waitFor();
    await page.getByRole('region', { name: 'Conversations' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('returns to /list-space after signing up from its dialog', async () => {
    const { page } = session;
    await signOutBrowser(page);
    await page.goto('/list-space');
    await loginDialog(page).getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('First name').fill('Jordan');
    await dialog.getByLabel('Last name').fill('Lister');
    await dialog.getByLabel('Email').fill(`jordan.${Date.now()}@example.test`);
    await dialog.getByLabel('Specialty').fill('Dermatology');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByLabel('I accept the terms and conditions').check();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await landsOn(page, '/list-space');
    await page.getByLabel('Space type').waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('asks to log in again when the session ends on the page, and logging out from it goes home without asking', async () => {
    const { page } = session;
    const user = await registeredUser('Casey');
    await signOutBrowser(page);
    // Logging in from the header elsewhere than home returns to that page; /profile then does not ask again.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await logInThroughDialog(page, user);
    await landsOn(page, '/terms');
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('tab', { name: /^Messages/ }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The session ends (expired, or revoked elsewhere): the next call the page makes answers 401. The
    // profile's own first requests are left to settle first, so that call is the click's.
    await page.waitForLoadState('networkidle');
    await session.context.clearCookies();
    await page.getByRole('tab', { name: /^Messages/ }).click();
    await loginDialog(page).waitFor();
    await toast(page, 'Your session has ended').waitFor();
    // Behind the dialog (hidden from assistive technology while it is open), the page's signed-out state.
    expect(await page.locator('main').getByText('Please log in to see your profile.').isVisible()).toBe(true);
    await logInThroughDialog(page, user);
    await landsOn(page, '/profile?tab=messages');
    expect(await page.getByRole('tab', { name: /^Messages/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Recent Messages' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Logged out successfully').waitFor();
    expect(await loginDialog(page).count()).toBe(0);
    expect(unexpectedErrors()).toEqual([]);
  });

  it("returns to the search after the header's Log in from it", async () => {
    const { page } = session;
    const user = await registeredUser('Harper');
    await signOutBrowser(page);
    await page.goto('/search?location=Boston');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await logInThroughDialog(page, user);
    await landsOn(page, '/search?location=Boston');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('opens the Log in dialog from Message Owner and, after logging in, the message dialog on the same space', async () => {
    const { page } = session;
    const user = await registeredUser('Emery');
    const spaces = (await (await api.get('/api/spaces?limit=1')).json()) as { id: string; title: string }[];
    const space = spaces[0];
    if (!space) throw new Error('The seed has no space');
    await signOutBrowser(page);
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Message Owner' }).click();
    // The specification's toast stays, and the dialog opens with it.
    await toast(page, 'Please log in to send a message.').waitFor();
    await loginDialog(page).getByRole('button', { name: 'Sign up' }).waitFor();
    await logInThroughDialog(page, user);

    await page.getByRole('dialog').getByLabel('Your Message').waitFor();
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/spaces/${space.id}`);
    // The same history entry: Back leaves the space rather than asking again.
    await page.keyboard.press('Escape');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/terms');
    expect(unexpectedErrors()).toEqual([]);
  });
});
