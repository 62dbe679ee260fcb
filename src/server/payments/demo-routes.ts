/**
 * Demo payment routes, registered only with `PAYMENTS=demo`
 * (docs/decisions/012-payment-providers.md): the demo card form posts here,
 * and the demo provider's account links lead to a small onboarding page of
 * our own that marks the owner onboarded. No money moves and no real account
 * is created.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { demoOnboardingSchema, demoPaymentConfirmSchema, demoPaymentResultSchema } from '../../shared/schemas/payments';
import { demoSetupResultSchema } from '../../shared/schemas/saved-cards';
import { requireUser, type SessionUser } from '../auth/session';
import type { Database } from '../db/client';
import { badRequest, forbidden, notFound, paymentRequired } from '../http/errors';
import { noContent, textAnswer } from '../http/openapi';
import { recordAccountStatus } from './accounts';
import type { DemoPaymentProvider } from './demo-provider';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The path (with query) of `url` when it is on our own origin, else null: the
 * onboarding page only sends the browser back to our own pages (no open
 * redirect). Relative URLs are resolved against `publicUrl`; the answer is a
 * path with a single leading slash, so it stays on whatever origin the
 * browser is on.
 */
export function ownPath(url: string, publicUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  return `${parsed.pathname.replace(/^\/+/, '/')}${parsed.search}${parsed.hash}`;
}

function onboardingPage(input: { account: string; returnUrl: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Demo payout onboarding - ClinicShare</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; margin: 0; padding: 3rem 1rem; }
  main { max-width: 32rem; margin: 0 auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem; padding: 2rem; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  button { background: #2563eb; color: #fff; border: 0; border-radius: 0.5rem; padding: 0.75rem 1.25rem; font-size: 1rem; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  a { color: #1d4ed8; margin-left: 1rem; }
</style>
</head>
<body>
<main>
  <h1>Demo payout onboarding — no real account is created</h1>
  <p>ClinicShare is running with demo payments. In production this step is Stripe's hosted onboarding, where an owner enters identity and bank details to receive payouts.</p>
  <p>Here nothing is collected and no money moves: completing the demo onboarding marks your payout account as verified and able to receive bookings.</p>
  <form method="post" action="/api/demo-payments/onboarding">
    <input type="hidden" name="account" value="${escapeHtml(input.account)}" />
    <input type="hidden" name="return_url" value="${escapeHtml(input.returnUrl)}" />
    <button type="submit">Complete demo onboarding</button>
    <a href="/payments/connect">Cancel</a>
  </form>
</main>
</body>
</html>
`;
}

export const demoPaymentRoutes: FastifyPluginAsyncZod<{ demo: DemoPaymentProvider; db: Database; publicUrl: string }> = async (
  app,
  { demo, db, publicUrl },
) => {
  /** Pays an intent with a test card; `user` is the session user, if any. */
  const confirm = async (input: z.output<typeof demoPaymentConfirmSchema>, user: SessionUser | null, donationsOnly: boolean) => {
    const intent = await demo.findByClientSecret(input.clientSecret);
    if (!intent) throw notFound('Payment not found.');
    if (intent.metadata.kind === 'donation') {
      // A visitor's donation is anyone's to pay; a signed-in donor's only theirs.
      if (intent.metadata.donorId && intent.metadata.donorId !== user?.id) throw forbidden('This payment belongs to someone else.');
    } else if (donationsOnly || intent.metadata.renterId !== user?.id) {
      throw forbidden('This payment belongs to someone else.');
    }
    const result = await demo.confirmWithCard(intent, input);
    if (!result.ok) throw paymentRequired(result.message);
    return { status: 'succeeded' as const, paymentIntentId: result.intent.id };
  };

  // Booking payments (and a signed-in donor's donations): the session is checked before the body is read.
  app.post(
    '/api/demo-payments/confirm',
    {
      schema: {
        summary: 'Confirms a demo card payment of a booking (demo payments only).',
        description:
          "Body: `demoPaymentConfirmSchema` (demo payments only). `{ status: 'succeeded', paymentIntentId }`, or 402 `{ " +
          'message }` for a declined card.',
        body: demoPaymentConfirmSchema,
        response: { 200: demoPaymentResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => confirm(request.body, requireUser(request), false),
  );

  // Donations: visitors may donate (docs/product.md#donate), so no session is needed here.
  app.post(
    '/api/demo-payments/confirm-donation',
    {
      schema: {
        summary: 'Confirms a demo card payment of a donation (demo payments only).',
        description:
          'Body: `demoPaymentConfirmSchema` (demo payments only; no session needed). As `POST ' +
          "/api/demo-payments/confirm`, for a donation's intent only (403 for a booking's, or for a signed-in donor's " +
          'donation paid by someone else).',
        body: demoPaymentConfirmSchema,
        response: { 200: demoPaymentResultSchema },
      },
      config: { auth: 'optional' },
    },
    async (request) => confirm(request.body, request.user, true),
  );

  // Saving a card (docs/decisions/039-saved-cards.md): what Stripe.js `confirmSetup` does, for the session user's own setup intent.
  app.post(
    '/api/demo-payments/confirm-setup',
    {
      schema: {
        summary: "Saves a demo card on the session user's setup intent (demo payments only).",
        description:
          "Body: `demoPaymentConfirmSchema` (the setup intent's `clientSecret` and a test card). `{ status: 'succeeded', " +
          "setupIntentId }`; 402 `{ message }` for a card that fails on session, 404 unknown, 403 another user's setup intent. " +
          'The card is then saved with `POST /api/users/me/card`.',
        body: demoPaymentConfirmSchema,
        response: { 200: demoSetupResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await demo.findSetupIntentByClientSecret(request.body.clientSecret);
      if (!found) throw notFound('Card setup not found.');
      if (found.userId !== user.id) throw forbidden('This card setup belongs to someone else.');
      const result = await demo.confirmSetupWithCard(found.intent, request.body);
      if (!result.ok) throw paymentRequired(result.message);
      return { status: 'succeeded' as const, setupIntentId: result.intent.id };
    },
  );

  app.get(
    '/api/demo-payments/onboarding',
    {
      schema: {
        summary: 'The demo payout onboarding page (demo payments only).',
        description:
          'Query: `account`, `return_url`, `refresh_url` (the demo account link; session required). An HTML page "Demo ' +
          'payout onboarding — no real account is created" with a button; 400 when `return_url` is not on our origin, 403 ' +
          "for another user's account.",
        querystring: demoOnboardingSchema,
        response: { 200: textAnswer('text/html', 'The page with its form.') },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const returnPath = ownPath(request.query.return_url, publicUrl);
      if (!returnPath) throw badRequest('The return address must be a page of this site.');
      if (!(await demo.ownsAccount(request.query.account, user.id))) throw forbidden('This payout account belongs to someone else.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(onboardingPage({ account: request.query.account, returnUrl: returnPath }));
    },
  );

  // The onboarding page's form is form-encoded; the parser is scoped to this route's plugin.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      '/api/demo-payments/onboarding',
      {
        schema: {
          summary: 'Completes the demo payout onboarding and goes back to the site (demo payments only).',
          description:
            "Request: form-encoded `account`, `return_url` (the page's button; session required). Marks the demo account " +
            'onboarded (details submitted, charges enabled), stores it on the user and redirects (303) to the path of ' +
            "`return_url`; 400 off-origin `return_url`, 403 another user's account.",
          body: demoOnboardingSchema,
          consumes: ['application/x-www-form-urlencoded'],
          response: { 303: noContent('See Other: back to `return_url`.') },
        },
        config: { auth: 'required' },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const returnPath = ownPath(request.body.return_url, publicUrl);
        if (!returnPath) throw badRequest('The return address must be a page of this site.');
        if (!(await demo.completeOnboarding(request.body.account, user.id)))
          throw forbidden('This payout account belongs to someone else.');
        await recordAccountStatus(db, request.body.account, { chargesEnabled: true, detailsSubmitted: true });
        return reply.redirect(returnPath, 303);
      },
    );
  });
};
