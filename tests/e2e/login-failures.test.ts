/**
 * Why a login failed, in the Log in dialog of a real browser (docs/product.md#server-messages-in-error-toasts):
 * a wrong password gets the specification's "check your credentials"; a suspended account and an
 * account with too many failed attempts get the server's own sentence (what to do, how long to wait).
 */
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/shared/schemas/auth';
import type { User } from '../../src/shared/schemas/users';
import { openBrowser, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const PASSWORD = 'a-strong-password';
const ADMIN = { email: 'admin@demo.clinicshare.test', password: 'clinicshare-demo' };
const CHECK_CREDENTIALS = 'Please check your credentials and try again.';
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

/** A fresh account, registered outside the browser. */
async function registeredUser(firstName: string): Promise<User> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.test`;
  const registered = await api.post('/api/register', {
    data: { firstName, lastName: 'Visitor', email, password: PASSWORD, acceptedTerms: true },
  });
  expect(registered.status()).toBe(201);
  await api.post('/api/logout');
  return (await registered.json()) as User;
}

/** Opens the header's Log in dialog on the home page and sends `email` with `password`; returns the "Login failed" toast. */
async function failToLogIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  const failed = toast(page, 'Login failed');
  await failed.waitFor();
  return failed;
}

describe('a failed login says why', () => {
  it('asks to check the credentials after a wrong password', async () => {
    const user = await registeredUser('Wren');
    const failed = await failToLogIn(session.page, user.email, 'not-the-password');
    expect(await failed.innerText()).toContain(CHECK_CREDENTIALS);
  });

  it("shows the server's message to a suspended account with the right password", async () => {
    const user = await registeredUser('Sasha');
    expect((await api.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const suspended = await api.post(`/api/admin/users/${user.id}/suspend`, { data: { reason: 'A browser test of the login message.' } });
    expect(suspended.status()).toBe(200);
    await api.post('/api/logout');

    const failed = await failToLogIn(session.page, user.email, PASSWORD);
    expect(await failed.innerText()).toContain(ACCOUNT_SUSPENDED_MESSAGE);
    expect(await failed.innerText()).not.toContain(CHECK_CREDENTIALS);
  });

  it('says how long to wait once the failed attempts are used up', async () => {
    const user = await registeredUser('Rowan');
    // The failed attempts allowed per account and address (src/server/auth/throttle.ts), used up from this address.
    let status = 401;
    for (let attempt = 0; attempt < 20 && status === 401; attempt++) {
      status = (await api.post('/api/login', { data: { email: user.email, password: 'a-wrong-guess' } })).status();
    }
    expect(status).toBe(429);

    const failed = await failToLogIn(session.page, user.email, PASSWORD);
    expect(await failed.innerText()).toMatch(/Too many failed login attempts\. Try again in \d+ minutes?\./);
    expect(await failed.innerText()).not.toContain(CHECK_CREDENTIALS);
    expect(session.errors.filter((error) => !/status of (401|403|429)/.test(error))).toEqual([]);
  });
});
