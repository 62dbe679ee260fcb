/**
 * The profile's Security section in a real browser: a
 * new user changes their password (a wrong current password is named under
 * its field), which signs out their other session, logs in again with the new
 * password, changes their email (the dialog asks for the current password only
 * then), and logs out everywhere.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, openBrowser, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const SIGN_UP_PASSWORD = 'a-strong-password';
const NEW_PASSWORD = 'violet-harbor-lantern-42';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** Logs in through the API from outside the browser (another device); returns its cookie header. */
async function loginElsewhere(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

const meStatus = async (cookie: string) => (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).status;

describe('the Security section', () => {
  it('changes the password, signing out the other device, and the new password logs in', async () => {
    const { page } = session;
    const email = `nadia.${Date.now()}@example.test`;
    await page.goto('/');
    await signUp(page, { email, firstName: 'Nadia', lastName: 'Okafor' });
    const otherDevice = await loginElsewhere(email, SIGN_UP_PASSWORD);
    expect(await meStatus(otherDevice)).toBe(200);

    const security = page.getByTestId('security-section');
    await security.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expectNoSeriousA11yViolations(page, 'change password dialog');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    // The server's answer, under the field it concerns.
    await dialog.locator('#current-password-error').getByText('Your current password is not correct').waitFor();
    expect(await meStatus(otherDevice)).toBe(200);

    await dialog.getByLabel('Current password').fill(SIGN_UP_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await meStatus(otherDevice)).toBe(401);
    // This tab stays signed in.
    expect((await page.request.get('/api/me')).status()).toBe(200);

    // Signed out the way a new visitor is (no stored user, no cookie), then in again with the new password.
    await page.evaluate(() => localStorage.clear());
    await session.context.clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Dr. Nadia Okafor' }).waitFor();
    // The one error: the browser's report of the refused wrong password.
    expect(session.errors).toEqual([
      expect.stringMatching(
        /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/users\/[^/]+\/password\)$/,
      ),
    ]);
    session.errors.length = 0;
  });

  it('asks for the current password only when the email changes', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Last name').fill('Okafor-Reyes');
    expect(await dialog.getByLabel('Current password').count()).toBe(0);

    const newEmail = `nadia.new.${Date.now()}@example.test`;
    await dialog.getByLabel('Email').fill(newEmail);
    await dialog.getByLabel('Current password').waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Enter your current password to change your email').waitFor();
    await dialog.getByLabel('Current password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const me = (await (await page.request.get('/api/me')).json()) as User;
    expect(me).toMatchObject({ email: newEmail, lastName: 'Okafor-Reyes' });
    expect(session.errors).toEqual([]);
  });

  it('logs out everywhere: this tab goes to the signed-out state and every session has ended', async () => {
    const { page } = session;
    const me = (await (await page.request.get('/api/me')).json()) as User;
    const otherDevice = await loginElsewhere(me.email, NEW_PASSWORD);

    await page.getByTestId('security-section').getByRole('button', { name: 'Log out everywhere' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log out everywhere?' });
    await confirm.getByRole('button', { name: 'Log out everywhere' }).click();
    await toast(page, 'Logged out everywhere').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Log in' }).first().waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(session.errors).toEqual([]);
  });
});
