/**
 * Password reset end to end in a real browser: Forgot password? on the login
 * dialog, the link read from the dev outbox (/dev/mail/messages.json), a new password on /reset-password; the
 * session of another device is logged out, the old password fails and the new one logs in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations, openBrowser, toast, type BrowserSession } from './browser';
import { emailedLink } from './outbox';

const baseUrl = inject('baseUrl');
const OLD_PASSWORD = 'lantern-meadow-quartz-88';
const NEW_PASSWORD = 'amber-glacier-trombone-61';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

/** Signs up through the API from outside the browser (another device); returns its session cookie header. */
async function signUpElsewhere(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ines', lastName: 'Moreau', email, password: OLD_PASSWORD, acceptedTerms: true }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

const meStatus = async (cookie: string) => (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).status;

describe('Forgot password?', () => {
  it('emails a reset link; the new password ends the other session, the old one fails and the new one logs in', async () => {
    const { page } = session;
    const email = `ines.${Date.now()}@example.test`;
    const otherDevice = await signUpElsewhere(email);
    expect(await meStatus(otherDevice)).toBe(200);

    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog
      .getByRole('status')
      .getByText(/If an account uses this email/)
      .waitFor();
    await page.keyboard.press('Escape');

    const link = await emailedLink(baseUrl, email, /https?:\/\/[^"'\s<>]+\/reset-password\?token=[A-Za-z0-9_-]+/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expectNoSeriousA11yViolations(page, 'reset password page');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your password was changed' }).waitFor();

    // The other device was logged out.
    expect(await meStatus(otherDevice)).toBe(401);

    // The link works once.
    const again = await fetch(`${baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token'), password: 'another-quiet-meadow-93' }),
    });
    expect(again.status).toBe(400);

    // The old password fails, the new one logs in.
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(OLD_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await toast(page, 'Login failed').waitFor();
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    // A new account's email is not verified yet: the profile says so until the welcome email's link is used.
    await page.getByTestId('email-verification-notice').getByText('Email not verified').waitFor();
    // The welcome email's link was sent before the reset, which ended it: a fresh one verifies.
    const verifyLink = /https?:\/\/[^"'\s<>]+\/verify-email\?token=[A-Za-z0-9_-]+/;
    const welcome = await emailedLink(baseUrl, email, verifyLink);
    const stale = await fetch(`${baseUrl}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(welcome).searchParams.get('token') }),
    });
    expect(stale.status).toBe(400);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByRole('button', { name: 'Verification email sent' }).waitFor();
    let verify = welcome;
    await expect.poll(async () => (verify = await emailedLink(baseUrl, email, verifyLink)), { timeout: 30_000 }).not.toBe(welcome);
    await page.goto(new URL(verify).pathname + new URL(verify).search);
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByRole('tab', { name: /^Spaces/ }).waitFor();
    expect(await page.getByTestId('email-verification-notice').count()).toBe(0);
  });
});
