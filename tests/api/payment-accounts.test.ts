import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace } from '../factories/db';
import { demoConnectedAccounts, demoPaymentIntents, users } from '../../src/server/db/schema';
import { createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { paymentsTestEnv, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

type Provider = 'demo' | 'stripe';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

describe.each<Provider>(['demo', 'stripe'])('payout onboarding (%s provider)', (provider) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(paymentsTestEnv(provider, stripe));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
  const status = (userId: string, cookie: string | undefined) =>
    t.app.inject({ method: 'GET', url: `/api/stripe/account-status/${userId}`, headers: cookie ? { cookie } : {} });
  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** What the provider's hosted onboarding does when the owner finishes it. */
  async function finishOnboarding(accountId: string, linkUrl: string, cookie: string) {
    if (provider === 'stripe') {
      Object.assign(stripe.accounts.get(accountId)!, { charges_enabled: true, details_submitted: true });
      return;
    }
    const page = await t.app.inject({ method: 'GET', url: linkUrl, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Demo payout onboarding — no real account is created');
    const returnUrl = /name="return_url" value="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/demo-payments/onboarding',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ account: accountId, return_url: returnUrl }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/payments/connect?success=true');
  }

  it('needs a session, and acts only for the session user', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    expect((await post('/api/stripe/create-connect-account', undefined)).statusCode).toBe(401);
    expect((await post('/api/stripe/account-link', undefined)).statusCode).toBe(401);
    expect((await status(owner.user.id, undefined)).statusCode).toBe(401);
    expect(
      (await post('/api/stripe/create-connect-account', owner.cookie, { userId: other.user.id, email: other.user.email })).statusCode,
    ).toBe(403);
    expect((await post('/api/stripe/account-link', owner.cookie, { userId: other.user.id })).statusCode).toBe(403);
    expect((await status(other.user.id, owner.cookie)).statusCode).toBe(403);
    expect((await userRow(other.user.id)).stripeConnectAccountId).toBeNull();
  });

  it('creates one account, links to onboarding, and reports the status the provider gives; the owner then receives destination charges', async () => {
    const owner = await signedInUser(t);
    expect((await status(owner.user.id, owner.cookie)).json()).toEqual({
      hasAccount: false,
      chargesEnabled: false,
      detailsSubmitted: false,
    });

    const created = await post('/api/stripe/create-connect-account', owner.cookie, { userId: owner.user.id, email: owner.user.email });
    expect(created.statusCode).toBe(200);
    const { accountId } = created.json() as { accountId: string };
    expect(accountId).toMatch(provider === 'stripe' ? /^acct_fake_/ : /^acct_demo_/);
    expect(await userRow(owner.user.id)).toMatchObject({ stripeConnectAccountId: accountId, stripeChargesEnabled: false });
    // Idempotent: asking again keeps the same account.
    expect((await post('/api/stripe/create-connect-account', owner.cookie)).json()).toEqual({ accountId });
    if (provider === 'stripe') {
      expect(stripe.accounts.get(accountId)).toMatchObject({
        type: 'express',
        email: owner.user.email,
        metadata: { userId: owner.user.id },
      });
      expect([...stripe.accounts.values()].filter((a) => a.metadata.userId === owner.user.id)).toHaveLength(1);
    } else {
      expect(await t.db.select().from(demoConnectedAccounts).where(eq(demoConnectedAccounts.userId, owner.user.id))).toHaveLength(1);
    }

    const link = await post('/api/stripe/account-link', owner.cookie, { userId: owner.user.id });
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    if (provider === 'stripe') {
      expect(url).toMatch(/^https:\/\/connect\.stripe\.test\//);
      expect(stripe.accountLinks.at(-1)).toMatchObject({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${t.config.publicUrl}/payments/connect?refresh=true`,
        return_url: `${t.config.publicUrl}/payments/connect?success=true`,
      });
    } else {
      const parsed = new URL(url, t.config.publicUrl);
      expect(parsed.pathname).toBe('/api/demo-payments/onboarding');
      expect(Object.fromEntries(parsed.searchParams)).toEqual({
        account: accountId,
        refresh_url: `${t.config.publicUrl}/payments/connect?refresh=true`,
        return_url: `${t.config.publicUrl}/payments/connect?success=true`,
      });
    }
    expect((await status(owner.user.id, owner.cookie)).json()).toEqual({
      hasAccount: true,
      chargesEnabled: false,
      detailsSubmitted: false,
    });

    // Not onboarded yet: bookings charge the platform only.
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t);
    expect(
      (await createIntent(t, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) })).json().ownerConnected,
    ).toBe(false);

    await finishOnboarding(accountId, url, owner.cookie);
    expect((await status(owner.user.id, owner.cookie)).json()).toEqual({ hasAccount: true, chargesEnabled: true, detailsSubmitted: true });
    expect(await userRow(owner.user.id)).toMatchObject({
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
      stripeOnboardingCompleted: true,
      stripeAccountStatus: 'active',
    });

    const paid = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(40), endDate: futureDate(41) });
    expect(paid.json()).toMatchObject({ ownerConnected: true });
    if (provider === 'stripe') {
      expect(stripe.intents.get(paid.json().paymentIntentId)).toMatchObject({ transfer_data: { destination: accountId } });
    } else {
      const [intent] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paid.json().paymentIntentId));
      expect(intent).toMatchObject({ destination: accountId });
    }
  });

  // The demo provider's own onboarding page (Stripe hosts its own): registered for the demo provider only.
  if (provider === 'demo')
    it('the demo onboarding page sends the browser back only to our own pages, and only for the own account', async () => {
      const owner = await signedInUser(t);
      const other = await signedInUser(t);
      const { accountId } = (await post('/api/stripe/create-connect-account', owner.cookie)).json() as { accountId: string };
      const page = (query: Record<string, string>, cookie?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/demo-payments/onboarding?${new URLSearchParams(query)}`,
          headers: cookie ? { cookie } : {},
        });
      const submit = (form: Record<string, string>, cookie: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/demo-payments/onboarding',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
          payload: new URLSearchParams(form).toString(),
        });

      expect((await page({ account: accountId, return_url: '/payments/connect?success=true' })).statusCode).toBe(401);
      for (const evil of ['https://evil.example/payments', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)']) {
        expect((await page({ account: accountId, return_url: evil }, owner.cookie)).statusCode).toBe(400);
        expect((await submit({ account: accountId, return_url: evil }, owner.cookie)).statusCode).toBe(400);
      }
      expect((await page({ account: accountId, return_url: '/payments/connect?success=true' }, other.cookie)).statusCode).toBe(403);
      const foreign = await submit({ account: accountId, return_url: '/payments/connect?success=true' }, other.cookie);
      expect(foreign.statusCode).toBe(403);
      // A cross-site form post is refused before anything changes.
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/demo-payments/onboarding',
        headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: new URLSearchParams({ account: accountId, return_url: '/payments/connect?success=true' }).toString(),
      });
      expect(crossSite.statusCode).toBe(403);
      const [row] = await t.db.select().from(demoConnectedAccounts).where(eq(demoConnectedAccounts.id, accountId));
      expect(row).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });
      // Text in the page is escaped.
      const escaped = await page({ account: accountId, return_url: '/payments/connect?x="><script>' }, owner.cookie);
      expect(escaped.statusCode).toBe(200);
      expect(escaped.body).not.toContain('"><script>');
      // A path that starts with two slashes on our origin comes back with one (not a protocol-relative URL).
      const doubled = await submit({ account: accountId, return_url: `${t.config.publicUrl}//evil.example/x` }, owner.cookie);
      expect(doubled.statusCode).toBe(303);
      expect(doubled.headers.location).toBe('/evil.example/x');
    });
});

describe('payout onboarding with payments turned off', () => {
  it('answers 503', async () => {
    const off = await createTestApp({ PAYMENTS: 'none' });
    try {
      const owner = await signedInUser(off);
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/stripe/account-link',
        headers: { cookie: owner.cookie },
        payload: {},
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
