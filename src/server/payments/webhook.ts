/**
 * POST /api/stripe/webhook (docs/api.md): Stripe's events, verified by their
 * signature on the raw body (https://docs.stripe.com/webhooks#verify-events)
 * and applied once each. Stripe delivers at least once, and may deliver an
 * event twice, even at the same time
 * (https://docs.stripe.com/webhooks#handle-duplicate-events).
 *
 * An event is handled in two steps:
 * 1. Read. What the event is about is read back from Stripe (the payment
 *    intent, the dispute, the account) rather than taken from its body, so
 *    that a late, replayed or out-of-order event still leaves the current
 *    state. This happens outside any database transaction: no transaction
 *    waits on the network. A payment that belongs to no booking of ours is
 *    given back here (a refund under an idempotency key: a redelivery cannot
 *    refund twice).
 * 2. Write. One transaction inserts the event id into `payment_events`
 *    (`ON CONFLICT DO NOTHING`: a delivery that finds it there is a duplicate
 *    and changes nothing) and makes the event's change. The event is recorded
 *    if and only if its change is committed: an error or a crash before the
 *    commit leaves it unrecorded, so Stripe's redelivery is handled in full.
 *
 * The write step is given a provider that refuses every call. A settlement
 * that turns out to move money (settlePayment giving back a payment whose
 * hold had lapsed) is rolled back and made again outside a transaction, with
 * its idempotency keys, and the event is recorded right after it; a crash in
 * between is redelivered and makes the same idempotent calls again.
 *
 * Events (what each does to its booking is the bookings feature's
 * {@link BookingPaymentSteps}, in bookings/payment-events.ts):
 * - `payment_intent.succeeded`, `payment_intent.amount_capturable_updated`:
 *   the booking's hold moves on (`settlePayment`, which checks the intent's
 *   status, amount, currency and booking id, and gives the money back when
 *   the hold had lapsed). A payment that belongs to no booking is given back.
 * - `payment_intent.payment_failed`: nothing changes (the renter may retry
 *   until the hold lapses).
 * - `payment_intent.canceled`: an unpaid hold, or an unanswered request whose
 *   authorisation Stripe released, expires (when Stripe says the intent is canceled).
 * - `charge.refunded`: the booking records what Stripe has refunded on the
 *   payment (`amount_refunded`, read from the intent, never from the event)
 *   and its payment status becomes refunded or partially refunded; a full
 *   refund of a confirmed booking ahead cancels it.
 * - `charge.dispute.created`, `charge.dispute.updated`, `charge.dispute.closed`:
 *   the booking of the disputed payment records the dispute's current status
 *   (`dispute_status`: needs_response, under_review, won, lost, or an
 *   inquiry's warning_*), which its owner sees.
 * - `account.updated`: the owner's payout readiness is stored.
 * - `payout.paid` on a connected account (the event's `account`): its owner
 *   is told the payout was sent, once per payout. The amount and arrival date
 *   come from the signed event (a payout is final once paid).
 *
 * Only registered with `PAYMENTS=stripe`. Server-to-server: the cross-site
 * guard lets requests without `Origin`/`Sec-Fetch-Site` through.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Database } from '../db/client';
import { paymentEvents } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { recordAccountStatus } from './accounts';
import type { DisputeInfo, PaymentIntentInfo, PaymentProvider } from './provider';

/**
 * What a verified payment event does to the booking it pays for. The bookings
 * feature supplies these steps (`bookingPaymentSteps` in
 * bookings/payment-events.ts, handed over by app.ts), so payments never
 * imports bookings. Each step runs on the database it is given: the
 * transaction that records the event (with a provider that refuses calls),
 * or the database itself when the step needs the provider after all.
 */
export interface BookingPaymentSteps {
  /** Whether the intent pays for a booking of ours that has no other payment; when not, the webhook gives its money back. */
  paysForBooking(db: Database, intent: PaymentIntentInfo): Promise<boolean>;
  /** A succeeded or authorised intent: its booking's hold moves on (a lapsed hold's money is given back); what is not settled is logged. */
  settle(db: Database, payments: PaymentProvider, intent: PaymentIntentInfo, log: FastifyBaseLogger): Promise<void>;
  /** The provider released an unpaid or authorised intent: its hold or request expires. */
  expire(db: Database, intentId: string): Promise<void>;
  /** What the provider has refunded on the intent is recorded on its booking; a full refund of a confirmed booking ahead cancels it. */
  recordRefund(db: Database, intent: PaymentIntentInfo): Promise<void>;
  /** A dispute's current status is recorded on the booking of the disputed payment. */
  recordDispute(db: Database, dispute: DisputeInfo & { paymentIntentId: string }, log: FastifyBaseLogger): Promise<void>;
  /** A payout reached a connected account's bank: its owner is told, once per payout. */
  payoutPaid(db: Database, payout: PaidPayout): Promise<void>;
}

/** A payout paid to a connected account (Stripe's `payout.paid`); amounts in cents, instants ISO-8601 UTC. */
export interface PaidPayout {
  /** The connected account (`users.stripe_connect_account_id`). */
  accountId: string;
  payoutId: string;
  amountCents: number;
  currency: string;
  /** When it reaches the bank. */
  arrivalDate: string;
}

/**
 * An event's change to our database. Run in the transaction that records the
 * event, with a provider that refuses every call; or, when it needs the
 * provider after all, on the database with the real provider.
 */
type Change = (db: Database, payments: PaymentProvider) => Promise<void>;

/** A change called the provider inside the recording transaction: it is rolled back and made outside one. */
class ProviderCallInTransaction extends Error {
  override name = 'ProviderCallInTransaction';
}

/** The provider given to a change inside the transaction: every call throws {@link ProviderCallInTransaction}. */
const providerRefusingCalls = new Proxy({} as PaymentProvider, {
  get: (_target, key) => {
    if (key === 'kind') return 'stripe';
    if (key === 'then') return undefined;
    return () => Promise.reject(new ProviderCallInTransaction(`${String(key)} called inside the webhook's transaction`));
  },
});

/** The id of an expandable Stripe field (an id, an expanded object, or nothing). */
const idOf = (field: string | { id: string } | null | undefined): string | null =>
  typeof field === 'string' ? field : (field?.id ?? null);

/** Gives back the money of a payment that belongs to no booking: refunds what is left, or releases the card. */
async function releaseOrphanIntent(payments: PaymentProvider, intent: PaymentIntentInfo): Promise<void> {
  if (intent.status === 'succeeded') {
    if (intent.amountRefunded < intent.amount) {
      await payments.refundPaymentIntent(intent.id, {
        amount: intent.amount - intent.amountRefunded,
        idempotencyKey: `orphan-${intent.id}`,
      });
    }
  } else if (intent.status !== 'canceled' && intent.status !== 'processing') {
    await payments.cancelPaymentIntent(intent.id);
  }
}

/**
 * A booking payment succeeded or was authorised: reads the intent, and gives
 * back a payment that belongs to no booking of ours.
 * @returns the settlement of its booking, or null when there is nothing to change
 */
async function readPayment(
  db: Database,
  payments: PaymentProvider,
  steps: BookingPaymentSteps,
  intentId: string,
  log: FastifyBaseLogger,
): Promise<Change | null> {
  const intent = await payments.retrievePaymentIntent(intentId);
  if (!intent) {
    log.warn({ intentId }, 'webhook for a payment intent the provider does not know');
    return null;
  }
  if (intent.metadata.kind === 'donation') {
    log.info({ intentId, amount: intent.amount, status: intent.status }, 'donation payment');
    return null;
  }
  if (!(await steps.paysForBooking(db, intent))) {
    // Paid for no booking of ours (or for one that has another payment): nothing is kept.
    log.warn({ intentId, bookingId: intent.metadata.bookingId }, 'payment without a booking: giving it back');
    await releaseOrphanIntent(payments, intent);
    return null;
  }
  return (tx, provider) => steps.settle(tx, provider, intent, log);
}

/** The read step of one event: provider reads (and gives back a payment of no booking). @returns its change, or null for none */
async function readEvent(
  db: Database,
  payments: PaymentProvider,
  steps: BookingPaymentSteps,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<Change | null> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated':
      return readPayment(db, payments, steps, event.data.object.id, log);
    case 'payment_intent.payment_failed':
      log.info({ intentId: event.data.object.id, reason: event.data.object.last_payment_error?.message }, 'payment failed');
      return null;
    case 'payment_intent.canceled': {
      const intent = await payments.retrievePaymentIntent(event.data.object.id);
      if (intent?.status !== 'canceled') return null;
      return (tx) => steps.expire(tx, intent.id);
    }
    case 'charge.refunded': {
      // The event names the payment; the amounts come from Stripe.
      const intentId = idOf(event.data.object.payment_intent);
      const intent = intentId ? await payments.retrievePaymentIntent(intentId) : null;
      return intent ? (tx) => steps.recordRefund(tx, intent) : null;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = await payments.retrieveDispute(event.data.object.id);
      if (!dispute?.paymentIntentId) {
        log.warn({ disputeId: event.data.object.id }, 'dispute the provider does not know, or of a charge without a payment intent');
        return null;
      }
      const { paymentIntentId } = dispute;
      return (tx) => steps.recordDispute(tx, { ...dispute, paymentIntentId }, log);
    }
    case 'account.updated': {
      const accountId = event.data.object.id;
      const status = await payments.retrieveAccount(accountId);
      if (!status) return null;
      return async (tx) => {
        await recordAccountStatus(tx, accountId, status);
      };
    }
    case 'payout.paid': {
      // Only payouts of connected accounts (owners'); the platform's own payouts tell nobody.
      const accountId = event.account;
      if (!accountId) return null;
      const payout = event.data.object;
      const paid: PaidPayout = {
        accountId,
        payoutId: payout.id,
        amountCents: payout.amount,
        currency: payout.currency,
        arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
      };
      return (tx) => steps.payoutPaid(tx, paid);
    }
    default:
      return null;
  }
}

/**
 * Applies one verified Stripe event once: reads from Stripe, then records the
 * event id and makes its change in one transaction (see the module comment).
 * @returns `duplicate` when the event was already recorded (nothing changed), else `handled`
 * @throws whatever the provider or the database throws; the event is then not recorded, and Stripe's retry is handled
 */
export async function handleStripeEvent(
  db: Database,
  payments: PaymentProvider,
  steps: BookingPaymentSteps,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<'handled' | 'duplicate'> {
  // A redelivery of a recorded event asks Stripe nothing.
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id)).limit(1);
  if (seen) return 'duplicate';

  const change = await readEvent(db, payments, steps, event, log);
  /** Inserts the event id; false when a concurrent delivery recorded it first (the insert waits for its commit). */
  const record = async (tx: Database) =>
    (await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id }))
      .length > 0;
  try {
    return await db.transaction(async (tx) => {
      if (!(await record(tx))) return 'duplicate';
      await change?.(tx, providerRefusingCalls);
      return 'handled';
    });
  } catch (error) {
    if (!(error instanceof ProviderCallInTransaction) || !change) throw error;
  }
  // The change moves money: made outside a transaction (its provider calls are idempotent), then the event is recorded.
  await change(db, payments);
  return (await record(db)) ? 'handled' : 'duplicate';
}

/**
 * The webhook route, in its own plugin: its JSON parser keeps the raw body
 * (the signature is over the exact bytes), and no other route is affected.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  db: Database;
  payments: PaymentProvider;
  /** What an event does to its booking: `bookingPaymentSteps` of bookings/payment-events.ts. */
  bookings: BookingPaymentSteps;
  stripe: Stripe;
  webhookSecret: string | undefined;
}> = async (app, { db, payments, bookings, stripe, webhookSecret }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        summary: "Stripe's events about payments, refunds, disputes and payout accounts (signed: `Stripe-Signature`).",
        description:
          'Request: a Stripe event (raw JSON, `Stripe-Signature` header; `PAYMENTS=stripe` only). `{ received: true }`; ' +
          '400 for a missing or bad signature (nothing changes); a redelivered event id answers `{ received: true, ' +
          'duplicate: true }` and changes nothing (Stripe is not even asked); 503 without `STRIPE_WEBHOOK_SECRET`; 500 ' +
          "when Stripe or the database failed, and then nothing is recorded, so Stripe's redelivery is handled. What an " +
          'event is about is read back from Stripe, never taken from its body; then the event id (`payment_events`) is ' +
          'recorded in the same transaction as its change (a change that gives money back is made first, under its ' +
          'idempotency key, and the event recorded after it). Handles `payment_intent.succeeded` and ' +
          '`payment_intent.amount_capturable_updated` (the hold becomes `confirmed` or `pending`; a payment for a lapsed ' +
          'hold or for no booking is refunded), `payment_intent.payment_failed` (nothing), `payment_intent.canceled` (an ' +
          'unpaid hold or unanswered request expires), `charge.refunded` (`amountRefunded` becomes what Stripe has ' +
          'refunded on the payment, payment status `refunded`/`partially_refunded`; a full refund of a confirmed booking ' +
          'that has not ended, e.g. From the dashboard, cancels it and frees its dates), `charge.dispute.created`, ' +
          "`charge.dispute.updated`, `charge.dispute.closed` (the booking's `disputeStatus` becomes the dispute's current " +
          "status), `account.updated` (the owner's payout readiness).",
        response: { 200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }) },
      },
    },
    async (request) => {
      if (!webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        throw badRequest('Invalid Stripe signature.');
      }
      const outcome = await handleStripeEvent(db, payments, bookings, event, request.log);
      return outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true };
    },
  );
};
