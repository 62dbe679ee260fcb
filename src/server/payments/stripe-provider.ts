/**
 * The Stripe payment provider (DESIGN decision 6): PaymentIntents in USD,
 * with `application_fee_amount` and `transfer_data.destination` when the
 * owner has a connected account (Stripe Connect destination charges,
 * https://docs.stripe.com/connect/destination-charges).
 */
import Stripe from 'stripe';
import type { ConnectedAccountStatus, CreatePaymentIntentInput, PaymentIntentInfo, PaymentProvider, RefundInput } from './provider';

/** Cents refunded so far, from the intent's latest charge when it is expanded. */
function refundedOf(intent: Stripe.PaymentIntent): number {
  const charge = intent.latest_charge;
  return charge && typeof charge === 'object' ? charge.amount_refunded : 0;
}

const toInfo = (intent: Stripe.PaymentIntent): PaymentIntentInfo => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  captureMethod: intent.capture_method === 'automatic' || intent.capture_method === 'automatic_async' ? 'automatic' : 'manual',
  amountRefunded: refundedOf(intent),
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
        capture_method: input.captureMethod ?? 'automatic',
        metadata: input.metadata,
        ...(input.description ? { description: input.description } : {}),
        // A returning renter's fee is 0: no fee is sent rather than a zero one.
        ...(input.destination ? { transfer_data: { destination: input.destination } } : {}),
        ...(input.destination && input.applicationFeeAmount > 0 ? { application_fee_amount: input.applicationFeeAmount } : {}),
      },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
    return toInfo(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      return toInfo(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async capturePaymentIntent(id: string, idempotencyKey?: string): Promise<PaymentIntentInfo> {
    const current = await this.stripe.paymentIntents.retrieve(id);
    if (current.status === 'succeeded') return toInfo(current);
    return toInfo(await this.stripe.paymentIntents.capture(id, {}, idempotencyKey ? { idempotencyKey } : undefined));
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const current = await this.stripe.paymentIntents.retrieve(id);
    if (current.status === 'canceled') return toInfo(current);
    return toInfo(await this.stripe.paymentIntents.cancel(id));
  }

  /**
   * Refunds a payment. For a destination charge the transfer to the owner and
   * the platform fee are reversed in proportion
   * (https://docs.stripe.com/connect/destination-charges#issue-refunds);
   * with `keepApplicationFee` only the transfer is reversed
   * (`refund_application_fee: false`, https://docs.stripe.com/api/refunds/create),
   * so the platform keeps its fee.
   */
  async refundPaymentIntent(id: string, input: RefundInput = {}): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    const destination = Boolean(intent.transfer_data?.destination);
    await this.stripe.refunds.create(
      {
        payment_intent: id,
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(destination ? { reverse_transfer: true, refund_application_fee: !input.keepApplicationFee } : {}),
      },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
  }

  async createConnectedAccount(input: { userId: string; email: string }): Promise<string> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: input.email,
        metadata: { userId: input.userId },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: `connect-account-${input.userId}` },
    );
    return account.id;
  }

  async createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountStatus | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      return { chargesEnabled: account.charges_enabled ?? false, detailsSubmitted: account.details_submitted ?? false };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
}
