/**
 * The app's routes as the browser tests visit them (src/client/app.tsx), with the demo data they need:
 * the accessibility scan and the width sweep walk the same list.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { INFO_PAGES } from '../../src/shared/info-pages';
import type { Space } from '../../src/shared/schemas/spaces';
import type { User } from '../../src/shared/schemas/users';

/** The demo owner (`owner@demo.clinicshare.test`), who lists spaces, rents one and has an incoming request and messages. */
export const OWNER = { email: 'owner@demo.clinicshare.test', password: 'clinicshare-demo' };

/** What the tests need from the demo data: the owner, one of their spaces, and a daily space of someone else's. */
export interface Fixtures {
  owner: User;
  ownSpace: Space;
  otherSpace: Space;
}

/** Logs the demo owner in through the API (outside any browser) and picks the fixtures from the demo data. */
export async function loadFixtures(baseUrl: string): Promise<Fixtures> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(login.status).toBe(200);
  const owner = (await login.json()) as User;
  const own = (await (await fetch(`${baseUrl}/api/spaces?ownerId=${owner.id}&limit=1`)).json()) as Space[];
  const all = (await (await fetch(`${baseUrl}/api/spaces?limit=100`)).json()) as Space[];
  const otherSpace = all.find((space) => space.ownerId !== owner.id && space.pricePeriod === 'daily');
  if (!own[0] || !otherSpace) throw new Error('The demo data has no space of the owner, or no daily space of someone else');
  return { owner, ownSpace: own[0], otherSpace };
}

/** Waits until nothing on the page says it is loading. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** A route, and what shows once its content is in. */
export interface RouteCheck {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
  /** A page that needs a session, visited signed out: it opens the Log in dialog first (docs/product.md#signed-out-visits). */
  asksToLogIn?: boolean;
}

export function routes({ ownSpace, otherSpace }: Fixtures, signedIn: boolean): RouteCheck[] {
  const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
  return [
    { name: 'home', path: '/', ready: (page) => page.getByText('Featured Medical Spaces') },
    { name: 'search', path: '/search?location=Chicago', ready: (page) => page.getByText(/\d+ spaces? found/) },
    { name: 'map', path: '/map', ready: (page) => page.locator('.leaflet-marker-icon').first() },
    { name: 'space', path: `/spaces/${otherSpace.id}`, ready: heading(otherSpace.title) },
    { name: 'payment return', path: `/space/${otherSpace.id}?payment_success=true`, ready: heading(otherSpace.title) },
    { name: 'space not found', path: '/spaces/00000000-0000-4000-8000-000000000000', ready: heading('Space Not Found') },
    {
      name: 'list space',
      path: '/list-space',
      ready: signedIn ? (page) => page.getByLabel('Space type') : (page) => page.getByText('Please log in to list a space.'),
      asksToLogIn: !signedIn,
    },
    {
      name: 'edit space',
      path: `/edit-space/${ownSpace.id}`,
      ready: signedIn ? (page) => page.getByLabel('Space type') : (page) => page.getByText('Please log in to edit your space.'),
      asksToLogIn: !signedIn,
    },
    {
      name: 'messages',
      path: '/messages',
      ready: signedIn ? (page) => page.getByRole('region', { name: 'Conversations' }).getByRole('button') : heading('Please log in'),
      asksToLogIn: !signedIn,
    },
    {
      name: 'profile',
      path: signedIn ? '/profile' : '/profile?tab=bookings',
      ready: signedIn ? (page) => page.getByRole('tab', { name: /^Spaces/ }) : heading('Profile'),
      asksToLogIn: !signedIn,
    },
    { name: 'donate', path: '/donate', ready: heading('Support ClinicShare') },
    { name: 'payment settings', path: '/payments/connect', ready: heading('Payment Settings'), asksToLogIn: !signedIn },
    { name: 'terms', path: '/terms', ready: heading('Terms and Conditions') },
    // The footer's pages (src/shared/info-pages.ts).
    ...Object.entries(INFO_PAGES)
      .filter(([name]) => name !== 'terms')
      .map(([name, info]) => ({ name, path: info.path, ready: heading(info.heading) })),
    { name: 'unsubscribe', path: '/unsubscribe?token=not-a-token', ready: (page) => page.getByRole('alert') },
    // An emailed link's pages; the tokens are unknown (the reset form is not sent; the verification is refused).
    { name: 'reset password', path: `/reset-password?token=${'a'.repeat(43)}`, ready: heading('Choose a new password') },
    { name: 'verify email', path: `/verify-email?token=${'a'.repeat(43)}`, ready: heading('We could not verify your email') },
    { name: 'not found', path: '/no-such-page', ready: heading('404 Page Not Found') },
  ];
}

/** Goes to `path` inside the app, as a link would (no page load: the app's router follows history). */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
