/**
 * The Stripe payment provider (docs/decisions/012-payment-providers.md): PaymentIntents in USD,
 * with `application_fee_amount` and `transfer_data.destination` when the
 * owner has a connected account (Stripe Connect destination charges,
 * https://docs.stripe.com/connect/destination-charges).
 */
import Stripe from 'stripe';
import type {
  ConnectedAccountStatus,
  CreatePaymentIntentInput,
  CreateTransferInput,
  DisputeInfo,
  OffSessionChargeInput,
  OffSessionChargeResult,
  PaymentIntentInfo,
  PaymentProvider,
  RefundInput,
  ReverseTransferInput,
  SetupIntentInfo,
  TransferInfo,
} from './provider';
import { OFF_SESSION_AUTHENTICATION_MESSAGE } from './provider';

/** Cents refunded so far, from the intent's latest charge when it is expanded. */
function refundedOf(intent: Stripe.PaymentIntent): number {
  const charge = intent.latest_charge;
  return charge && typeof charge === 'object' ? charge.amount_refunded : 0;
}

/** The card of the intent's latest charge when it is expanded and was paid by card, else null. */
function cardOf(intent: Stripe.PaymentIntent): PaymentIntentInfo['card'] {
  const charge = intent.latest_charge;
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : null;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

/** The id of an expandable Stripe field (an id, an expanded object, or nothing). */
const idOf = (field: string | { id: string } | null | undefined): string | null =>
  typeof field === 'string' ? field : (field?.id ?? null);

const toInfo = (intent: Stripe.PaymentIntent): PaymentIntentInfo => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  captureMethod: intent.capture_method === 'automatic' || intent.capture_method === 'automatic_async' ? 'automatic' : 'manual',
  amountRefunded: refundedOf(intent),
  metadata: intent.metadata,
  card: cardOf(intent),
  chargeId: idOf(intent.latest_charge),
  paymentMethodId: idOf(intent.payment_method),
  customerId: idOf(intent.customer),
});

const toTransfer = (transfer: Stripe.Transfer): TransferInfo => ({
  id: transfer.id,
  amount: transfer.amount,
  amountReversed: transfer.amount_reversed,
  destination: idOf(transfer.destination) ?? '',
});

/**
 * How long one attempt of a Stripe call may wait for Stripe, in milliseconds
 * (the SDK's default is 80 s, longer than any request should hang).
 */
export const STRIPE_TIMEOUT_MS = 20_000;
/**
 * How many times the SDK retries a call that failed on the network, or with
 * a 409 or 5xx. Retried POSTs carry the same idempotency key, which the SDK
 * adds when we give none (https://docs.stripe.com/error-low-level#idempotency).
 */
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/**
 * The longest one Stripe call can take with its retries, in milliseconds:
 * every attempt timing out, plus the SDK's waits between attempts (0.5 s,
 * then at most 1 s). Graceful shutdown waits at least this long for
 * requests in flight (`src/server/main.ts`).
 */
export const STRIPE_CALL_LIMIT_MS = STRIPE_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + 1_500;

/**
 * Builds the Stripe client with an explicit timeout ({@link STRIPE_TIMEOUT_MS})
 * and retries ({@link STRIPE_MAX_NETWORK_RETRIES}); `apiBase` points it at a
 * local fake in tests.
 */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const network = { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES };
  if (!apiBase) return new Stripe(secretKey, network);
  const url = new URL(apiBase);
  return new Stripe(secretKey, {
    ...network,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  });
}

/** Whether `error` is Stripe saying it does not know the object. */
const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

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
        ...(input.customer ? { customer: input.customer } : {}),
        ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
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

  async cancelPaymentIntent(id: string, idempotencyKey?: string): Promise<PaymentIntentInfo> {
    const current = await this.stripe.paymentIntents.retrieve(id);
    if (current.status === 'canceled') return toInfo(current);
    return toInfo(await this.stripe.paymentIntents.cancel(id, {}, idempotencyKey ? { idempotencyKey } : undefined));
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

  /** The dispute's current status and its payment intent (from its charge when the dispute does not name one). */
  async retrieveDispute(id: string): Promise<DisputeInfo | null> {
    try {
      const dispute = await this.stripe.disputes.retrieve(id);
      let paymentIntentId = idOf(dispute.payment_intent);
      const chargeId = idOf(dispute.charge);
      if (!paymentIntentId && chargeId) paymentIntentId = idOf((await this.stripe.charges.retrieve(chargeId)).payment_intent);
      return { id: dispute.id, status: dispute.status, paymentIntentId };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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

  /**
   * A transfer from the platform's balance (separate charges and transfers,
   * https://docs.stripe.com/connect/separate-charges-and-transfers#create-transfer), in USD, with
   * `source_transaction` when the charge is known so it waits for that charge's funds.
   */
  async createTransfer(input: CreateTransferInput): Promise<TransferInfo> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amount,
        currency: 'usd',
        destination: input.destination,
        metadata: input.metadata,
        transfer_group: input.transferGroup,
        ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toTransfer(transfer);
  }

  /** The first transfer listed with `transfer_group` (https://docs.stripe.com/api/transfers/list), or null. */
  async findTransfer(transferGroup: string): Promise<TransferInfo | null> {
    const list = await this.stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
    const [transfer] = list.data;
    return transfer ? toTransfer(transfer) : null;
  }

  /** A partial reversal (https://docs.stripe.com/api/transfer_reversals/create), then the transfer as it stands. */
  async reverseTransfer(transferId: string, input: ReverseTransferInput): Promise<TransferInfo> {
    await this.stripe.transfers.createReversal(
      transferId,
      { amount: input.amount, ...(input.metadata ? { metadata: input.metadata } : {}) },
      { idempotencyKey: input.idempotencyKey },
    );
    return toTransfer(await this.stripe.transfers.retrieve(transferId));
  }

  /** A customer (https://docs.stripe.com/api/customers/create) with the user's email and id; one per user by its idempotency key. */
  async createCustomer(input: { userId: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, metadata: { userId: input.userId } },
      { idempotencyKey: `customer-${input.userId}` },
    );
    return customer.id;
  }

  /**
   * An off-session PaymentIntent confirmed at once (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method).
   * Stripe answers a decline or an authentication request with a card error carrying the intent
   * (`authentication_required`: status requires_action or requires_payment_method); those become
   * outcomes. Stripe replays the first answer, error included, for the same idempotency key.
   */
  async chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          customer: input.customer,
          payment_method: input.paymentMethod,
          off_session: true,
          confirm: true,
          metadata: input.metadata,
          ...(input.description ? { description: input.description } : {}),
          ...(input.destination ? { transfer_data: { destination: input.destination } } : {}),
          ...(input.destination && input.applicationFeeAmount > 0 ? { application_fee_amount: input.applicationFeeAmount } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const info = toInfo(intent);
      if (intent.status === 'succeeded' || intent.status === 'processing') return { outcome: 'succeeded', intent: info };
      if (intent.status === 'requires_action')
        return { outcome: 'requires_action', intent: info, message: OFF_SESSION_AUTHENTICATION_MESSAGE };
      return {
        outcome: 'failed',
        intent: info,
        message: 'Your card was declined.',
        code: intent.last_payment_error?.code ?? intent.status,
      };
    } catch (error) {
      // A card or customer Stripe no longer knows (detached, deleted) cannot be charged again: an answer, not a retry.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return { outcome: 'failed', intent: null, message: error.message, code: 'resource_missing' };
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      const intent = error.payment_intent ? toInfo(error.payment_intent) : null;
      if (error.code === 'authentication_required' && intent)
        return { outcome: 'requires_action', intent, message: OFF_SESSION_AUTHENTICATION_MESSAGE };
      return { outcome: 'failed', intent, message: error.message, code: error.code ?? 'card_declined' };
    }
  }

  /** A SetupIntent for later off-session use (https://docs.stripe.com/payments/save-and-reuse), confirmed by the browser with Stripe.js `confirmSetup`. */
  async createSetupIntent(input: { customer: string; metadata: Record<string, string> }): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.stripe.setupIntents.create({
      customer: input.customer,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: input.metadata,
    });
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  /** The SetupIntent with its payment method expanded (for the card's brand and last 4), or null. */
  async retrieveSetupIntent(id: string): Promise<SetupIntentInfo | null> {
    try {
      const intent = await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
      const method = intent.payment_method;
      const card = method && typeof method === 'object' ? method.card : null;
      return {
        id: intent.id,
        status: intent.status,
        customerId: idOf(intent.customer),
        paymentMethodId: idOf(method),
        card: card ? { brand: card.brand, last4: card.last4 } : null,
        metadata: intent.metadata ?? {},
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
