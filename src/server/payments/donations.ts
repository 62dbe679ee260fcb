/**
 * POST /api/create-payment-intent: a donation (docs/product.md#donate,
 * #validation and #api-calls). Visitors may donate, so no session is needed (the cross-site guard
 * still applies); a signed-in donor is recorded in the intent's metadata.
 * The amount is checked here, not only in the form: at least $1, at most
 * $999,999.99, whole cents. Intents are rate-limited per donor (or address):
 * an open form that creates intents is what card-testing fraud looks for
 * (Stripe's "Card testing" guide advises rate limits).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDonationIntentSchema, donationIntentSchema } from '../../shared/schemas/donations';
import { HttpError } from '../http/errors';
import type { PaymentProvider } from './provider';

/** At most 10 donation intents per donor (or client address) in 10 minutes; then 429 with Retry-After. */
export const DONATION_RATE_LIMIT = { max: 10, perSeconds: 600 };

export const donationRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider | null }> = async (app, { payments }) => {
  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        summary: "Starts a donation's card payment.",
        description:
          'Body: `createDonationIntentSchema` (`amount` in dollars, `idempotencyKey?`; no session needed). `{ ' +
          "clientSecret }` for a donation (metadata `kind: donation`, `donorId` when signed in); 400 'Please enter an " +
          "amount of at least $1' below $1, and above $999,999.99 or with fractions of a cent; the same key and amount " +
          'return the same intent; 429 + Retry-After after 10 intents per donor (or address) in 10 minutes (card ' +
          'testing).',
        body: createDonationIntentSchema,
        response: { 200: donationIntentSchema },
      },
      config: { auth: 'optional', rateLimit: DONATION_RATE_LIMIT },
    },
    async (request) => {
      if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
      const cents = request.body.amount;
      const donorId = request.user?.id;
      const key = request.body.idempotencyKey;
      const intent = await payments.createPaymentIntent({
        amount: cents,
        applicationFeeAmount: 0,
        metadata: { kind: 'donation', ...(donorId ? { donorId } : {}) },
        // Same attempt and amount, same intent; the key is scoped to the donor so nobody else's is reused.
        ...(key ? { idempotencyKey: `donation-${donorId ?? 'visitor'}-${cents}-${key}` } : {}),
        description: 'Donation to ClinicShare',
      });
      return { clientSecret: intent.clientSecret };
    },
  );
};
