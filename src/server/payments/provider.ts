/**
 * Payments behind one interface with two providers (DESIGN decision 6):
 * `stripe` (PaymentIntents, Connect destination charges) and `demo` (the
 * same flow with a card form of our own; no money moves).
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
  metadata: Record<string, string>;
}

export interface CreatePaymentIntentInput {
  /** Total the renter pays, cents. */
  amount: number;
  /** Platform fee, cents (Stripe `application_fee_amount`). */
  applicationFeeAmount: number;
  /** The owner's connected account, when onboarded (Stripe `transfer_data.destination`). */
  destination?: string | null;
  metadata: Record<string, string>;
  /** Same key, same payment intent (one per booking attempt). */
  idempotencyKey?: string;
}

export interface PaymentProvider {
  readonly kind: 'demo' | 'stripe';
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo>;
  /** The payment intent, or null when the provider does not know it. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /** Gives the money back (a booking that could not be made after payment). */
  refundPaymentIntent(id: string): Promise<void>;
}
