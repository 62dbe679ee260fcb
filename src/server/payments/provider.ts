/**
 * Payments behind one interface with two providers (docs/decisions/012-payment-providers.md):
 * `stripe` (PaymentIntents, Connect Express destination charges) and `demo`
 * (the same lifecycle kept in our database; no money moves). Amounts are
 * integer cents, USD.
 *
 * The lifecycle follows Stripe's PaymentIntents
 * (https://docs.stripe.com/payments/paymentintents/lifecycle):
 * requires_payment_method -> succeeded (automatic capture) or
 * requires_capture (manual capture, then capture -> succeeded or cancel ->
 * canceled); an unpaid intent can be canceled; a succeeded one refunded, in part or in full.
 */

/** The part of a payment intent the booking flow reads; amounts in cents. */
export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  /** Cents, USD. */
  amount: number;
  currency: string;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, requires_capture, canceled, succeeded. */
  status: string;
  /** automatic: paid on confirmation; manual: authorised, captured later. */
  captureMethod: 'automatic' | 'manual';
  /** Cents refunded so far. */
  amountRefunded: number;
  metadata: Record<string, string>;
  /**
   * The card that paid or was authorised, when the provider says (Stripe: the latest charge's
   * `payment_method_details.card`, https://docs.stripe.com/api/charges/object): its brand as the
   * provider names it (`visa`, `mastercard`, `amex`...) and last 4 digits; null before a payment or
   * when unknown. Printed on receipts (docs/decisions/027-receipts-and-agreements.md).
   */
  card: { brand: string; last4: string } | null;
  /**
   * The id of the intent's latest charge (Stripe `latest_charge`), null before a payment: a
   * transfer of a payment charged on the platform names it as its `source_transaction`.
   */
  chargeId?: string | null;
  /**
   * The payment method that paid (Stripe `payment_method`), null before a payment: with
   * `setup_future_usage` it is the card saved on the customer (docs/decisions/039-saved-cards.md).
   */
  paymentMethodId?: string | null;
  /** The customer the intent was made for (Stripe `customer`), null when none. */
  customerId?: string | null;
}

/**
 * A transfer from the platform's balance to a connected account (Stripe separate charges and
 * transfers, https://docs.stripe.com/connect/separate-charges-and-transfers): an owner's payout of
 * a payment charged on the platform (docs/decisions/033-owed-payouts.md).
 */
export interface CreateTransferInput {
  /** Cents, USD; more than 0. */
  amount: number;
  /** The connected account (Stripe `destination`). */
  destination: string;
  /** Same key, one transfer (`payout-<payment id>`), while the provider remembers it (Stripe: 24 hours). */
  idempotencyKey: string;
  /**
   * Stripe's `transfer_group`, naming what the transfer is for (an owner payout's row): after the
   * key is forgotten, {@link PaymentProvider.findTransfer} finds the transfer by it.
   */
  transferGroup: string;
  metadata: Record<string, string>;
  /** The charge the money comes from (Stripe `source_transaction`): the transfer waits for its funds rather than the balance's. */
  sourceTransaction?: string | null;
}

/** A transfer as the provider reports it; amounts in cents. */
export interface TransferInfo {
  id: string;
  amount: number;
  /** Cents taken back by reversals so far. */
  amountReversed: number;
  destination: string;
}

/** A reversal of part of a transfer (Stripe `transfers.createReversal`); amount in cents. */
export interface ReverseTransferInput {
  amount: number;
  /** Same key, one reversal. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface CreatePaymentIntentInput {
  /** Total the payer pays, cents. */
  amount: number;
  /** Platform fee, cents (Stripe `application_fee_amount`); only with a destination. */
  applicationFeeAmount: number;
  /** The owner's connected account, when it can take charges (Stripe `transfer_data.destination`). */
  destination?: string | null;
  /** manual: authorise now, capture when the owner accepts (request-to-book). Default automatic. */
  captureMethod?: 'automatic' | 'manual';
  metadata: Record<string, string>;
  /** Same key, same payment intent (Stripe idempotency keys). */
  idempotencyKey?: string;
  description?: string;
  /** The payer's customer (Stripe `customer`): needed to save the card that pays. */
  customer?: string;
  /**
   * Stripe `setup_future_usage`: `off_session` saves the card that pays on `customer` for later
   * charges without the payer (https://docs.stripe.com/payments/save-during-payment); the paid intent
   * then names it in `paymentMethodId`.
   */
  setupFutureUsage?: 'off_session';
}

/**
 * A charge of a saved card without its holder present (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method):
 * a PaymentIntent created with `customer`, `payment_method`, `off_session: true` and `confirm: true`.
 */
export interface OffSessionChargeInput {
  /** Cents, USD. */
  amount: number;
  /** Platform fee, cents (Stripe `application_fee_amount`); only with a destination. */
  applicationFeeAmount: number;
  /** The owner's connected account (Stripe `transfer_data.destination`), when it can take charges. */
  destination?: string | null;
  /** The saved card's customer and payment method (`SavedCard` of src/server/payments/saved-cards.ts). */
  customer: string;
  paymentMethod: string;
  metadata: Record<string, string>;
  /**
   * Same key, same intent and at most one charge, whatever the outcome. Stripe replays its first
   * answer (a decline stays a decline); the demo answers the intent as it is now. Whether an intent
   * that needed the renter was paid since is read with `retrievePaymentIntent`.
   */
  idempotencyKey: string;
  description?: string;
}

/**
 * How an off-session charge ended (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method):
 * - `succeeded`: paid;
 * - `requires_action`: the bank wants the cardholder to authenticate (Stripe `authentication_required`):
 *   they must come back and confirm the intent on session;
 * - `failed`: declined or refused (`code`: Stripe's error code, e.g. `card_declined`; `resource_missing`
 *   when the provider no longer knows the card or customer); `intent` is the failed intent when one was made.
 */
export type OffSessionChargeResult =
  | { outcome: 'succeeded'; intent: PaymentIntentInfo }
  | { outcome: 'requires_action'; intent: PaymentIntentInfo; message: string }
  | { outcome: 'failed'; intent: PaymentIntentInfo | null; message: string; code: string };

/** What the renter is told when their bank asks them to confirm an off-session charge. */
export const OFF_SESSION_AUTHENTICATION_MESSAGE = 'This payment needs you to confirm it. Your bank asked for authentication.';

/** A setup intent (Stripe SetupIntent, https://docs.stripe.com/api/setup_intents/object) as the saved-cards routes read it. */
export interface SetupIntentInfo {
  id: string;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, canceled, succeeded. */
  status: string;
  customerId: string | null;
  /** The card saved by the setup, once it succeeded. */
  paymentMethodId: string | null;
  /** The saved card's brand (`visa`...) and last 4 digits, when known. */
  card: { brand: string; last4: string } | null;
  metadata: Record<string, string>;
}

/** A refund: a part of the amount (cents) or, without `amount`, all of what is left. */
export interface RefundInput {
  amount?: number;
  /** Same key, one refund. */
  idempotencyKey?: string;
  /**
   * Keep the platform fee (the application fee) of a destination charge: the
   * refund comes from the owner's transfer only, and at most the charge less
   * the fee is refunded (a kept first-booking fee,
   * docs/decisions/008-first-booking-fee-on-cancellation.md). Default false.
   */
  keepApplicationFee?: boolean;
}

/**
 * A dispute of a payment (a chargeback, or an inquiry that may become one),
 * as the provider reports it now.
 */
export interface DisputeInfo {
  id: string;
  /**
   * Stripe's statuses (https://docs.stripe.com/api/disputes/object#dispute_object-status):
   * warning_needs_response, warning_under_review, warning_closed (inquiries),
   * needs_response, under_review, won, lost.
   */
  status: string;
  /** The disputed payment's intent, or null when the charge was made without one. */
  paymentIntentId: string | null;
}

/** A connected account's state for payouts (docs/product.md#other-shapes). */
export interface ConnectedAccountStatus {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface PaymentProvider {
  readonly kind: 'demo' | 'stripe';
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo>;
  /** The payment intent, or null when the provider does not know it. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /** Captures an authorised (requires_capture) intent; capturing a succeeded one is a no-op. */
  capturePaymentIntent(id: string, idempotencyKey?: string): Promise<PaymentIntentInfo>;
  /** Cancels an unpaid or authorised intent (releases the card); a canceled one is a no-op. Same key, one cancellation. */
  cancelPaymentIntent(id: string, idempotencyKey?: string): Promise<PaymentIntentInfo>;
  /** Refunds a succeeded intent, reversing the owner's transfer and the platform fee in proportion (the fee stays with `keepApplicationFee`). */
  refundPaymentIntent(id: string, input?: RefundInput): Promise<void>;
  /** The dispute, read back from the provider, or null when it does not know it (the demo provider has none). */
  retrieveDispute(id: string): Promise<DisputeInfo | null>;
  /** Creates a connected account (Stripe Connect Express) for an owner; returns its id. */
  createConnectedAccount(input: { userId: string; email: string }): Promise<string>;
  /** An onboarding link for the account; the browser is sent there. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  /** The account's payout readiness, or null when the provider does not know it. */
  retrieveAccount(accountId: string): Promise<ConnectedAccountStatus | null>;
  /** Sends money from the platform's balance to a connected account, once per idempotency key. */
  createTransfer(input: CreateTransferInput): Promise<TransferInfo>;
  /**
   * The transfer made with `transferGroup` (`CreateTransferInput.transferGroup`), or null when there
   * is none: how a retry learns that an earlier call made the transfer, whenever it comes.
   */
  findTransfer(transferGroup: string): Promise<TransferInfo | null>;
  /** Takes back part of a transfer, once per idempotency key. @returns the transfer after the reversal */
  reverseTransfer(transferId: string, input: ReverseTransferInput): Promise<TransferInfo>;
  /** Creates the user's customer (Stripe Customers), once per user (idempotency key `customer-<userId>`). @returns its id */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /**
   * Charges a saved card off session, once per idempotency key: declines and authentication
   * requests are answers ({@link OffSessionChargeResult}), not errors; other failures (network, 5xx) throw.
   */
  chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionChargeResult>;
  /** A setup intent for `customer` (usage `off_session`): the browser confirms it with a card, which is then saved. */
  createSetupIntent(input: { customer: string; metadata: Record<string, string> }): Promise<{ id: string; clientSecret: string }>;
  /** The setup intent with its card, or null when the provider does not know it. */
  retrieveSetupIntent(id: string): Promise<SetupIntentInfo | null>;
}
