/**
 * The payment lifecycle as one table of states and transitions (docs/decisions/035-one-payment-model.md),
 * beside the booking's (`./booking-lifecycle.ts`). A payment's status is what we last know of the
 * provider's payment intent (Stripe's statuses, `canceled` spelled as Stripe's enum) and of what it
 * has refunded. Every write of it asks {@link nextPaymentStatus}, through the payment writer.
 *
 * ```
 * none, requires_payment --open--> requires_payment (an intent is created for the hold)
 * none, requires_payment --authorize--> authorized (request-to-book: the card is authorised)
 * ...  authorized --------capture------> paid       (paid at once, or captured on the owner's Accept)
 * ...  authorized --------release------> canceled   (an unpaid or authorised intent is let go)
 * ...  paid, partially_refunded --refund_part--> partially_refunded
 * ...  paid, partially_refunded, refunded --refund_all--> refunded
 * ```
 *
 * Money the provider has taken may be learnt of late (a lost webhook): a refund is recorded from any
 * state but `canceled`, while a refund never goes back from `refunded` to `partially_refunded` (a
 * stale event), nothing leaves `canceled` but a repeated release, and nothing is captured twice.
 */

/** What we last know of a payment. */
export const PAYMENT_STATUSES = ['none', 'requires_payment', 'authorized', 'paid', 'canceled', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type PaymentTransition = 'open' | 'authorize' | 'capture' | 'release' | 'refund_part' | 'refund_all';

const REFUNDABLE = ['none', 'requires_payment', 'authorized', 'paid', 'partially_refunded'] as const;

const TRANSITIONS: Record<PaymentTransition, { from: readonly PaymentStatus[]; to: PaymentStatus }> = {
  open: { from: ['none', 'requires_payment'], to: 'requires_payment' },
  authorize: { from: ['none', 'requires_payment'], to: 'authorized' },
  capture: { from: ['none', 'requires_payment', 'authorized'], to: 'paid' },
  release: { from: ['none', 'requires_payment', 'authorized', 'canceled'], to: 'canceled' },
  refund_part: { from: REFUNDABLE, to: 'partially_refunded' },
  refund_all: { from: [...REFUNDABLE, 'refunded'], to: 'refunded' },
};

/** The status `transition` leads to from `from`, or null when it is not allowed. */
export function nextPaymentStatus(from: PaymentStatus, transition: PaymentTransition): PaymentStatus | null {
  const rule = TRANSITIONS[transition];
  return rule.from.includes(from) ? rule.to : null;
}

/** The status `transition` leads to, from any status that allows it (each transition has one). */
export function paymentStatusAfter(transition: PaymentTransition): PaymentStatus {
  return TRANSITIONS[transition].to;
}

/** The statuses from which `transition` is allowed (for a guarded `UPDATE ... WHERE payment_status IN (...)`). */
export function paymentStatusesAllowing(transition: PaymentTransition): PaymentStatus[] {
  return [...TRANSITIONS[transition].from];
}

/**
 * The refund transition that `refundedCents` of `amountCents` amounts to: all of it, or a part.
 * @throws RangeError when nothing was refunded (no refund transition applies)
 */
export function refundTransition(refundedCents: number, amountCents: number): 'refund_part' | 'refund_all' {
  if (refundedCents <= 0) throw new RangeError('Nothing was refunded.');
  return refundedCents >= amountCents ? 'refund_all' : 'refund_part';
}
