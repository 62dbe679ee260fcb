/**
 * Reporting a user and the console's user view in a real browser (docs/product.md#the-console):
 * a renter books a new owner's room and messages them, then reports the owner from the
 * conversation's header; the demo admin finds the owner in the console's Users tab, opens them and
 * sees their listing, the booking of it, the payment received and the report about them, and
 * follows the booking's link to the Bookings lookup. The thread with the Report dialog and the
 * user view pass an axe scan.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { futureDate } from '../helpers/dates';
import {
  bookThroughApi,
  expectNoSeriousA11yViolations,
  listSpaceThroughApi,
  openBrowser,
  signUp,
  toast,
  type BrowserSession,
} from './browser';
import { logIn, logOut } from './demo-session';

const baseUrl = inject('baseUrl');
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(baseUrl);
});
afterAll(async () => {
  await session?.close();
});

describe("reporting a user, and the console's user view", () => {
  it('a renter reports the owner from their conversation; the demo admin opens the owner with their listing, booking, payment and the report', async () => {
    const { page } = session;
    const word = `Heron${randomUUID().slice(0, 6)}`;
    const title = `${word} Consult Room`;
    const ownerEmail = `owner-${randomUUID()}@example.test`;
    await page.goto('/');
    await signUp(page, { email: ownerEmail, firstName: 'Quinn', lastName: 'Harlow' });
    const space = await listSpaceThroughApi(page, { title, instantBook: true });
    await logOut(page);

    // A renter books a day and pays with the demo card (the booking dialog is tested elsewhere), then messages the owner.
    await signUp(page, { email: `renter-${randomUUID()}@example.test`, firstName: 'Jess', lastName: 'Amari' });
    const answer = await bookThroughApi(page, space.id, { startDate: futureDate(52), endDate: futureDate(53) });
    const question = `Is there parking near ${word}?`;
    await page.goto(`/spaces/${space.id}`);
    await page.getByRole('button', { name: 'Message Owner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your Message').fill(question);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent!').waitFor();

    // From the conversation's header: Report the owner, with a reason and a comment.
    await page.getByRole('link', { name: /^Messages/ }).click();
    await page.getByRole('region', { name: 'Conversations' }).getByText(question).click();
    const thread = page.getByRole('region', { name: 'Conversation with Quinn Harlow' });
    await thread.getByRole('button', { name: 'Report Quinn Harlow' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Report this user' }).isVisible()).toBe(true);
    await dialog.getByLabel('Reason').selectOption('spam');
    await dialog.getByLabel('Comment (optional)').fill('Asked me to pay outside ClinicShare.');
    await expectNoSeriousA11yViolations(page, 'report a user from messages');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toast(page, 'Report sent').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await logOut(page);

    // The admin finds the owner and opens them.
    await logIn(page, 'admin@demo.clinicshare.test');
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(ownerEmail);
    await page.getByLabel('Search users').press('Enter');
    await page.getByRole('row').filter({ hasText: ownerEmail }).getByRole('button', { name: 'View Quinn Harlow' }).click();
    const view = page.getByRole('article', { name: 'Quinn Harlow' });
    const listings = view.getByRole('region', { name: 'Listings', exact: true });
    await expect.poll(() => listings.getByRole('link', { name: title, exact: true }).isVisible()).toBe(true);
    expect(await listings.getByRole('row').filter({ hasText: title }).textContent()).toContain('Active');
    const received = view.getByRole('region', { name: 'Bookings of their listings' });
    expect(await received.getByRole('row').filter({ hasText: 'Jess Amari' }).textContent()).toMatch(/confirmed/i);
    const payments = view.getByRole('region', { name: 'Payments' });
    expect(await payments.textContent()).toContain('Received for their listing');
    expect(await payments.textContent()).toContain(`$${answer.amount}`);
    const reports = view.getByRole('region', { name: 'Reports about them' });
    const reported = reports.getByRole('row').filter({ hasText: 'Jess Amari' });
    expect(await reported.textContent()).toContain('User: Quinn Harlow');
    expect(await reported.textContent()).toContain('Spam');
    expect(await reported.textContent()).toContain('Open');
    expect(await view.getByRole('region', { name: 'Bookings as renter' }).textContent()).toContain('None.');
    await expectNoSeriousA11yViolations(page, 'console user view');

    // The booking's link opens it in the Bookings lookup.
    await received.getByRole('link', { name: /^Open the booking of/ }).click();
    await page.waitForURL(`**/admin?tab=bookings&booking=${answer.bookingId}`);
    await expect.poll(() => page.getByRole('tab', { name: 'Bookings', selected: true }).isVisible()).toBe(true);
    const details = page.getByRole('article');
    await expect.poll(() => details.getByRole('heading', { name: new RegExp(title) }).isVisible()).toBe(true);
    expect(await page.getByLabel('Id').inputValue()).toBe(answer.bookingId);
    expect(session.errors).toEqual([]);
  });
});
