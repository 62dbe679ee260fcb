/**
 * Signing in and out as the demo accounts do in the browser tests (the demo password,
 * src/server/seed).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Logs in from the home page with a demo account's email; waits for the profile it opens. */
export async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('clinicshare-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/profile');
}

/**
 * Logs out from `path` (a page with no account queries of its own), once the page's own requests
 * have settled: a request the page sent before the click (its `/api/me`, the header's unread count)
 * that the server reads after the session has ended answers 401, which the browser logs as an error
 * although the app, already signed out, ignores it.
 */
export async function logOut(page: Page, path = '/about'): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Log in' }).first().isVisible()).toBe(true);
}
