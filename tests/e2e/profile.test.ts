/**
 * The profile in a real browser: a new user favourites two spaces
 * and finds them under Favorites, lists and deletes a space, edits the
 * profile (name, specialty, cover colour, a profile picture, an NPI the
 * fake registry knows) and, after a reload, sees it all with the Verified
 * badge; the demo owner declines the seeded incoming request.
 */
import { request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SpaceCard } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';
import { expectNoSeriousA11yViolations, listSpaceThroughApi, openBrowser, signUp, toast, type BrowserSession } from './browser';

const baseUrl = inject('baseUrl');
const npi = inject('fakeNpi');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

describe('a renter’s profile', () => {
  it('shows favourites, deletes a listed space, and saves an edited profile that the NPI registry verifies', async () => {
    const { page } = session;
    const stamp = Date.now();
    await page.goto('/');
    await signUp(page, { email: `sam.${stamp}@example.test`, firstName: 'Sam', lastName: 'Rivera', specialty: 'Dermatology' });
    await expect.poll(() => page.getByRole('heading', { name: 'Dr. Sam Rivera' }).isVisible()).toBe(true);
    expect(await page.getByTestId('verified-badge').count()).toBe(0);

    // Favourite two spaces from their pages.
    const spaces = (await (await fetch(`${baseUrl}/api/spaces?limit=2`)).json()) as SpaceCard[];
    expect(spaces).toHaveLength(2);
    for (const space of spaces) {
      await page.goto(`/spaces/${space.id}`);
      const heart = page.getByRole('button', { name: `Add ${space.title} to favorites` });
      await heart.click();
      await page.getByRole('button', { name: `Remove ${space.title} from favorites` }).waitFor();
    }

    await page.goto('/profile');
    const favoritesTab = page.getByRole('tab', { name: /^Favorites\s*2$/ });
    await favoritesTab.waitFor();
    await favoritesTab.click();
    expect(page.url()).toContain('tab=favorites');
    await expect.poll(() => page.getByTestId('favorite-space').count()).toBe(2);
    for (const space of spaces) expect(await page.getByTestId('favorite-space').filter({ hasText: space.title }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'profile favorites');

    // A space listed through the API appears under Spaces and is deleted after confirming.
    const title = `Temporary Exam Room ${stamp}`;
    const created = await listSpaceThroughApi(page, { title });
    await page.reload();
    await page.getByRole('tab', { name: /^Spaces\s*1$/ }).click();
    const card = page.getByTestId('owner-space').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByRole('link', { name: `Edit ${title}` }).getAttribute('href')).toBe(`/edit-space/${created.id}`);
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete space' }).click();
    await toast(page, 'Space deleted successfully!').waitFor();
    await page.getByText('No spaces listed yet').waitFor();

    // Edit the profile.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('First name').fill(npi.firstName);
    await dialog.getByLabel('Last name').fill(npi.lastName);
    await dialog.getByLabel('Specialty').fill('Cardiology');
    await dialog.getByLabel('Cover colour').fill('#10b981');
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    await dialog.getByTestId('profile-image-input').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Remove picture' }).waitFor();
    await dialog.getByRole('radio', { name: /^Renter/ }).check();
    // A wrong check digit is caught before anything is sent.
    await dialog.getByLabel('License number (NPI)').fill('1234567890');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(/This NPI is not valid/).waitFor();
    await dialog.getByLabel('License number (NPI)').fill(npi.number);
    await expectNoSeriousA11yViolations(page, 'edit profile dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // After a reload the page shows the saved profile, verified by the registry.
    await page.goto('/profile');
    await page.reload();
    const name = `Dr. ${npi.firstName} ${npi.lastName}`;
    await page.getByRole('heading', { name }).waitFor();
    await page.getByTestId('verified-badge').waitFor();
    expect(await page.getByText('Cardiology').first().isVisible()).toBe(true);
    expect(await page.getByText('Space Renter').isVisible()).toBe(true);
    expect(await page.getByTestId('profile-cover').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(16, 185, 129)',
    );
    const avatar = page.getByRole('img', { name });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/uploads\/profiles\/[\w-]+-thumb\.webp$/);
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByText(`Hi, ${npi.firstName}`).isVisible()).toBe(true);
    // A renter sees the renter card only.
    expect(await page.getByTestId('renter-card').isVisible()).toBe(true);
    expect(await page.getByTestId('lister-card').count()).toBe(0);

    const me = (await (await page.request.get('/api/me')).json()) as User;
    expect(me).toMatchObject({
      verified: true,
      licenseVerification: 'verified',
      licenseNumber: npi.number,
      coverColor: '#10b981',
      userType: 'renter',
    });
    await expectNoSeriousA11yViolations(page, 'profile overview');
    expect(session.errors).toEqual([]);
  });

  it('shows, under the license field, that an NPI verified on another account is taken and how to reach support', async () => {
    const { page } = session;
    // The number is verified on another account: the test above verified it, or this holder does (then 200).
    const api = await request.newContext({ baseURL: baseUrl });
    try {
      const email = `holder.${Date.now()}@example.test`;
      const registered = await api.post('/api/register', {
        data: { firstName: npi.firstName, lastName: npi.lastName, email, password: 'a-strong-password', acceptedTerms: true },
      });
      expect(registered.status()).toBe(201);
      const claim = await api.put(`/api/users/${((await registered.json()) as User).id}`, { data: { licenseNumber: npi.number } });
      expect([200, 409]).toContain(claim.status());
    } finally {
      await api.dispose();
    }

    await page.evaluate(() => localStorage.clear());
    await session.context.clearCookies();
    await page.goto('/');
    // Same name as the registry's: only the other account's verification stands in the way.
    await signUp(page, { email: `morgan.${Date.now()}@example.test`, firstName: npi.firstName, lastName: npi.lastName });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    const license = dialog.getByLabel('License number (NPI)');
    await license.fill(npi.number);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const error = dialog.locator('#profile-license-error');
    await error.getByText(/^This NPI is already verified on another ClinicShare account\. If it is yours, contact support@/).waitFor();
    expect(await license.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    // Nothing was saved: the dialog stays open and the account has no license number.
    expect(await dialog.isVisible()).toBe(true);
    expect(((await (await page.request.get('/api/me')).json()) as User).licenseNumber).toBeNull();
    await page.keyboard.press('Escape');
    // The browser logs the refused save's 409 answer; nothing else went wrong.
    expect(session.errors.filter((message) => !message.includes('409'))).toEqual([]);
    session.errors.length = 0;
  });
});

describe('the demo owner’s profile', () => {
  it('declines the incoming request, lists messages, and fits a phone', async () => {
    const { page } = session;
    // Signed out the way a new visitor is: no stored user (so no /api/me check) and no cookie.
    await page.evaluate(() => localStorage.clear());
    await session.context.clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill('owner@demo.clinicshare.test');
    await login.getByLabel('Password').fill('clinicshare-demo');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');

    await page.getByTestId('lister-card').waitFor();
    await page.getByTestId('recent-activity').waitFor();
    await page.getByRole('tab', { name: /^Bookings/ }).click();
    const request = page.getByTestId('booking-request').filter({ hasText: 'Taylor Brooks' });
    await request.waitFor();
    // What became of the bookings of the owner's spaces: Taylor's confirmed stays, under the requests.
    await page.getByRole('heading', { name: 'Bookings of My Spaces' }).waitFor();
    await page.getByTestId('space-booking').filter({ hasText: 'Dr. Taylor Brooks' }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'profile bookings');
    await request.getByRole('button', { name: 'Decline' }).click();
    await toast(page, 'Booking request declined').waitFor();
    await page.getByText('No pending requests.').waitFor();

    await page.getByRole('tab', { name: /^Messages/ }).click();
    const message = page.getByTestId('recent-message').first();
    await message.waitFor();
    expect(await message.getAttribute('href')).toMatch(/^\/messages\?conversation=/);
    expect(await page.getByRole('link', { name: 'View All Messages' }).getAttribute('href')).toBe('/messages');
    await expectNoSeriousA11yViolations(page, 'profile messages');
    expect(session.errors).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('tab', { name: /^Spaces/ }).click();
    await page.getByTestId('owner-space').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('the demo renter’s bookings', () => {
  it('are upcoming then past, past stays completed, with no empty owner sections', async () => {
    const { page } = session;
    await page.evaluate(() => localStorage.clear());
    await session.context.clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('Email').fill('renter@demo.clinicshare.test');
    await login.getByLabel('Password').fill('clinicshare-demo');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');

    await page.getByRole('tab', { name: /^Bookings/ }).click();
    const upcoming = page.getByTestId('bookings-upcoming');
    const past = page.getByTestId('bookings-past');
    await past.getByTestId('booking-row').first().waitFor();
    // A renter with no spaces sees only their own bookings.
    expect(await page.getByRole('heading', { name: 'Bookings of My Spaces' }).count()).toBe(0);
    expect(await page.getByText('No pending requests.').count()).toBe(0);

    // Upcoming soonest first, past latest first, by the server's own dates; a past stay is completed, not confirmed.
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    const listed = (await (await page.request.get(`/api/users/${me.id}/bookings`)).json()) as { id: string; startDate: string }[];
    const startOf = new Map(listed.map((booking) => [booking.id, Date.parse(booking.startDate)]));
    const starts = async (part: typeof upcoming) =>
      (await part.getByTestId('booking-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-booking-id')!))).map((id) =>
        startOf.get(id)!,
      );
    const upcomingStarts = await starts(upcoming);
    const pastStarts = await starts(past);
    expect(upcomingStarts.length).toBeGreaterThan(0);
    expect(upcomingStarts).toEqual([...upcomingStarts].sort((a, b) => a - b));
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
    const pastStatuses = await past.getByTestId('booking-status').allTextContents();
    expect(pastStatuses).toContain('completed');
    expect(pastStatuses).not.toContain('confirmed');
    expect(await upcoming.getByTestId('booking-status').allTextContents()).not.toContain('completed');
    // Nothing past offers Cancel.
    expect(await past.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'renter bookings, upcoming and past');
    expect(session.errors).toEqual([]);
  });
});
