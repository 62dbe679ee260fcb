/**
 * The Stripe payment provider (DESIGN decision 6): PaymentIntents in USD,
 * with `application_fee_amount` and `transfer_data.destination` when the
 * owner has a connected account (Stripe Connect destination charges,
 * https://docs.stripe.com/connect/destination-charges).
 */
import Stripe from 'stripe';
import type { CreatePaymentIntentInput, PaymentIntentInfo, PaymentProvider } from './provider';

const toInfo = (intent: Stripe.PaymentIntent): PaymentIntentInfo => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  metadata: intent.metadata,
});

/** Builds the Stripe client; `apiBase` points it at a local fake in tests. */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey);
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  });
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
        ...(input.destination
          ? { application_fee_amount: input.applicationFeeAmount, transfer_data: { destination: input.destination } }
          : {}),
      },
      input.idempotencyKey ? { idempotencyKey: `${input.idempotencyKey}:${input.amount}` } : undefined,
    );
    return toInfo(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      return toInfo(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async refundPaymentIntent(id: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: id });
  }
}
