/**
 * The demo payment provider (docs/decisions/012-payment-providers.md): behaves like a card
 * processor in test mode, keeps its payment intents in the database and
 * moves no money. Test cards follow Stripe's documented test numbers
 * (https://docs.stripe.com/testing): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined. Saved cards (docs/decisions/039-saved-cards.md) are kept as demo
 * customers and payment methods: 4000 0000 0000 0341 saves and pays on session but every later
 * off-session charge is declined; 4000 0027 6000 3184 pays on session (the renter is there to
 * authenticate) but off session always needs the renter to confirm (authentication_required).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { SQLSTATE, sqlState } from '../db/client';
import {
  demoConnectedAccounts,
  demoCustomers,
  demoPaymentIntents,
  demoPaymentMethods,
  demoSetupIntents,
  demoTransferReversals,
  demoTransfers,
} from '../db/schema';
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

/** Outcomes of Stripe's test card numbers; `null` means the payment succeeds. */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
  '4000000000000341': null,
  '4000002760003184': null,
};

/**
 * How off-session charges of a saved test card end when they do not succeed
 * (https://docs.stripe.com/testing#authentication-and-setup): the intent's status, Stripe's error
 * code and the message shown.
 */
const OFF_SESSION_CARDS: Record<string, { status: string; code: string; message: string }> = {
  '4000000000000341': { status: 'requires_payment_method', code: 'card_declined', message: 'Your card was declined.' },
  '4000002760003184': { status: 'requires_action', code: 'authentication_required', message: OFF_SESSION_AUTHENTICATION_MESSAGE },
};

/** Statuses from which a demo intent can be paid on session: unpaid, or waiting for the renter to authenticate an off-session charge. */
const PAYABLE_STATUSES = ['requires_payment_method', 'requires_action'];

const NON_TEST_CARD = 'Your card was declined. Demo payments accept only test cards, such as 4242 4242 4242 4242.';

/** The result of a demo card payment. */
export type DemoConfirmResult = { ok: true; intent: PaymentIntentInfo } | { ok: false; message: string; intent: PaymentIntentInfo };

type Row = typeof demoPaymentIntents.$inferSelect;

const toInfo = (row: Row): PaymentIntentInfo => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  captureMethod: row.captureMethod,
  amountRefunded: row.amountRefunded,
  metadata: row.metadata,
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  chargeId: row.status === 'succeeded' || row.status === 'requires_capture' ? `ch_${row.id}` : null,
  paymentMethodId: row.paymentMethodId,
  customerId: row.customerId,
});

/** The result of a demo off-session charge, from its intent (replayed for the same idempotency key). */
function chargeResult(row: Row): OffSessionChargeResult {
  const intent = toInfo(row);
  if (row.status === 'succeeded') return { outcome: 'succeeded', intent };
  if (row.status === 'requires_action')
    return { outcome: 'requires_action', intent, message: row.lastPaymentError ?? OFF_SESSION_AUTHENTICATION_MESSAGE };
  return {
    outcome: 'failed',
    intent,
    message: row.lastPaymentError ?? 'Your card was declined.',
    code: row.lastPaymentErrorCode ?? 'card_declined',
  };
}

/** Why a test card cannot pay or be saved on session (with the renter there), or null when it can. */
function onSessionFailure(card: { cardNumber: string; expiry: string }, now: Date): string | null {
  if (!expiryInFuture(card.expiry, now)) return "Your card's expiration date is in the past.";
  if (card.cardNumber in TEST_CARDS) return TEST_CARDS[card.cardNumber] ?? null;
  return NON_TEST_CARD;
}

const toTransfer = (row: typeof demoTransfers.$inferSelect): TransferInfo => ({
  id: row.id,
  amount: row.amount,
  amountReversed: row.amountReversed,
  destination: row.destination,
});

/** A test card's brand as Stripe names it, by its first digit (4 Visa, 5 Mastercard, 3 American Express). */
function demoCardBrand(cardNumber: string): string {
  return cardNumber.startsWith('4') ? 'visa' : cardNumber.startsWith('5') ? 'mastercard' : cardNumber.startsWith('3') ? 'amex' : 'card';
}

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** Whether MM/YY is this month or later (cards expire at the end of their month). */
function expiryInFuture(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim())) as [number, number];
  const fullYear = 2000 + year;
  return fullYear > now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** A provider error with Stripe's wording, safe to show. */
export class DemoPaymentError extends Error {
  override name = 'DemoPaymentError';
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;

  constructor(private readonly db: Database) {}

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    if (input.idempotencyKey) {
      const [existing] = await this.db
        .select()
        .from(demoPaymentIntents)
        .where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey))
        .limit(1);
      if (existing) return toInfo(existing);
    }
    const id = randomId('pi_demo_');
    const values = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: input.amount,
      applicationFeeAmount: input.destination ? input.applicationFeeAmount : 0,
      destination: input.destination ?? null,
      captureMethod: input.captureMethod ?? ('automatic' as const),
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey ?? null,
      customerId: input.customer ?? null,
      setupFutureUsage: input.setupFutureUsage ?? null,
    };
    try {
      const [row] = await this.db.insert(demoPaymentIntents).values(values).returning();
      return toInfo(row!);
    } catch (error) {
      // A concurrent request with the same key won: return its intent, as Stripe does.
      if (input.idempotencyKey && sqlState(error) === SQLSTATE.uniqueViolation) {
        const [row] = await this.db
          .select()
          .from(demoPaymentIntents)
          .where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey))
          .limit(1);
        if (row) return toInfo(row);
      }
      throw error;
    }
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).limit(1);
    return row ? toInfo(row) : null;
  }

  private async requireIntent(id: string): Promise<Row> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).limit(1);
    if (!row) throw new DemoPaymentError(`No such payment_intent: '${id}'`);
    return row;
  }

  async capturePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const row = await this.requireIntent(id);
    if (row.status === 'succeeded') return toInfo(row);
    if (row.status !== 'requires_capture')
      throw new DemoPaymentError(`This PaymentIntent could not be captured because it has a status of ${row.status}.`);
    const [updated] = await this.db
      .update(demoPaymentIntents)
      .set({ status: 'succeeded' })
      .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, 'requires_capture')))
      .returning();
    return toInfo(updated ?? (await this.requireIntent(id)));
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const row = await this.requireIntent(id);
    if (row.status === 'canceled') return toInfo(row);
    if (row.status === 'succeeded')
      throw new DemoPaymentError('You cannot cancel this PaymentIntent because it has a status of succeeded.');
    const [updated] = await this.db.update(demoPaymentIntents).set({ status: 'canceled' }).where(eq(demoPaymentIntents.id, id)).returning();
    return toInfo(updated!);
  }

  /** Refunds a succeeded intent; with `keepApplicationFee`, at most the charge less its application fee (the fee is never given back). */
  async refundPaymentIntent(id: string, input: RefundInput = {}): Promise<void> {
    const row = await this.requireIntent(id);
    if (row.status !== 'succeeded') throw new DemoPaymentError(`This PaymentIntent has a status of ${row.status} and cannot be refunded.`);
    const kept = input.keepApplicationFee ? row.applicationFeeAmount : 0;
    const left = Math.max(0, row.amount - kept - row.amountRefunded);
    const amount = input.amount ?? left;
    if (amount <= 0 || amount > left)
      throw new DemoPaymentError(`Refund amount (${amount}) is greater than the unrefunded amount (${left}).`);
    // Conditional, as the provider's own ledger would be: two concurrent refunds never give back more than was paid.
    const [refunded] = await this.db
      .update(demoPaymentIntents)
      .set({ amountRefunded: sql`${demoPaymentIntents.amountRefunded} + ${amount}` })
      .where(and(eq(demoPaymentIntents.id, id), sql`${demoPaymentIntents.amountRefunded} + ${amount} <= ${demoPaymentIntents.amount}`))
      .returning({ id: demoPaymentIntents.id });
    if (!refunded) throw new DemoPaymentError(`Refund amount (${amount}) is greater than the unrefunded amount.`);
  }

  async createConnectedAccount(input: { userId: string }): Promise<string> {
    const id = randomId('acct_demo_');
    await this.db.insert(demoConnectedAccounts).values({ id, userId: input.userId });
    return id;
  }

  async createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string> {
    const query = new URLSearchParams({ account: input.accountId, return_url: input.returnUrl, refresh_url: input.refreshUrl });
    return `/api/demo-payments/onboarding?${query}`;
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountStatus | null> {
    const [row] = await this.db.select().from(demoConnectedAccounts).where(eq(demoConnectedAccounts.id, accountId)).limit(1);
    return row ? { chargesEnabled: row.chargesEnabled, detailsSubmitted: row.detailsSubmitted } : null;
  }

  /**
   * A demo transfer to a demo connected account, once per idempotency key (a concurrent call with
   * the same key gets the same transfer, as Stripe answers). No money moves.
   */
  async createTransfer(input: CreateTransferInput): Promise<TransferInfo> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new DemoPaymentError('Invalid positive integer');
    const [account] = await this.db
      .select({ id: demoConnectedAccounts.id, chargesEnabled: demoConnectedAccounts.chargesEnabled })
      .from(demoConnectedAccounts)
      .where(eq(demoConnectedAccounts.id, input.destination))
      .limit(1);
    if (!account) throw new DemoPaymentError(`No such destination: '${input.destination}'`);
    if (!account.chargesEnabled)
      throw new DemoPaymentError('Your destination account needs to have at least one of the following capabilities enabled: transfers');
    const byKey = () => this.db.select().from(demoTransfers).where(eq(demoTransfers.idempotencyKey, input.idempotencyKey)).limit(1);
    const [existing] = await byKey();
    if (existing) return toTransfer(existing);
    try {
      const [row] = await this.db
        .insert(demoTransfers)
        .values({
          id: randomId('tr_demo_'),
          destination: input.destination,
          amount: input.amount,
          sourceTransaction: input.sourceTransaction ?? null,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          transferGroup: input.transferGroup,
        })
        .returning();
      return toTransfer(row!);
    } catch (error) {
      if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
      const [row] = await byKey();
      if (!row) throw error;
      return toTransfer(row);
    }
  }

  /** The first demo transfer made with `transferGroup`, or null. */
  async findTransfer(transferGroup: string): Promise<TransferInfo | null> {
    const [row] = await this.db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.transferGroup, transferGroup))
      .orderBy(asc(demoTransfers.createdAt))
      .limit(1);
    return row ? toTransfer(row) : null;
  }

  /** Reverses part of a demo transfer, once per idempotency key; never more than is left of it. */
  async reverseTransfer(transferId: string, input: ReverseTransferInput): Promise<TransferInfo> {
    const current = async () => {
      const [row] = await this.db.select().from(demoTransfers).where(eq(demoTransfers.id, transferId)).limit(1);
      if (!row) throw new DemoPaymentError(`No such transfer: '${transferId}'`);
      return row;
    };
    const [done] = await this.db
      .select({ id: demoTransferReversals.id })
      .from(demoTransferReversals)
      .where(eq(demoTransferReversals.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (done) return toTransfer(await current());
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new DemoPaymentError('Invalid positive integer');
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(demoTransferReversals).values({
          id: randomId('trr_demo_'),
          transferId,
          amount: input.amount,
          idempotencyKey: input.idempotencyKey,
        });
        const [reversed] = await tx
          .update(demoTransfers)
          .set({ amountReversed: sql`${demoTransfers.amountReversed} + ${input.amount}` })
          .where(and(eq(demoTransfers.id, transferId), sql`${demoTransfers.amountReversed} + ${input.amount} <= ${demoTransfers.amount}`))
          .returning({ id: demoTransfers.id });
        if (!reversed)
          throw new DemoPaymentError(`The reversal amount (${input.amount}) is greater than what is left of transfer ${transferId}.`);
      });
    } catch (error) {
      // The same key at once: the other call made the reversal.
      if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
    }
    return toTransfer(await current());
  }

  /** Demo payments are never disputed: there is no card network behind them. */
  async retrieveDispute(): Promise<DisputeInfo | null> {
    return null;
  }

  /** Whether the demo connected account `accountId` is `userId`'s. */
  async ownsAccount(accountId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: demoConnectedAccounts.id })
      .from(demoConnectedAccounts)
      .where(and(eq(demoConnectedAccounts.id, accountId), eq(demoConnectedAccounts.userId, userId)))
      .limit(1);
    return Boolean(row);
  }

  /** Completes the demo onboarding of an account (what Stripe's hosted onboarding does): details submitted, charges enabled. */
  async completeOnboarding(accountId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(demoConnectedAccounts)
      .set({ detailsSubmitted: true, chargesEnabled: true })
      .where(and(eq(demoConnectedAccounts.id, accountId), eq(demoConnectedAccounts.userId, userId)))
      .returning({ id: demoConnectedAccounts.id });
    return rows.length > 0;
  }

  /** The payment intent of a client secret, or null. */
  async findByClientSecret(clientSecret: string): Promise<PaymentIntentInfo | null> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.clientSecret, clientSecret)).limit(1);
    return row ? toInfo(row) : null;
  }

  /**
   * Pays a payment intent with a test card: succeeded, or requires_capture
   * for a manual-capture intent (the card is authorised). Paying again is a
   * no-op success (idempotent); nothing is ever charged. An intent made with
   * `setupFutureUsage` and a customer keeps the card as that customer's payment method
   * (`paymentMethodId`), as Stripe's `setup_future_usage` does. An off-session charge waiting
   * for authentication (requires_action) is paid here, the renter being present.
   */
  async confirmWithCard(
    intent: PaymentIntentInfo,
    card: { cardNumber: string; expiry: string; cvc: string },
    now = new Date(),
  ): Promise<DemoConfirmResult> {
    if (intent.status === 'succeeded' || intent.status === 'requires_capture') return { ok: true, intent };
    if (!PAYABLE_STATUSES.includes(intent.status)) {
      return { ok: false, message: 'This payment can no longer be completed. Please start again.', intent };
    }
    const failure = onSessionFailure(card, now);
    if (failure) {
      await this.db.update(demoPaymentIntents).set({ lastPaymentError: failure }).where(eq(demoPaymentIntents.id, intent.id));
      return { ok: false, message: failure, intent };
    }
    const current = await this.requireIntent(intent.id);
    const brand = demoCardBrand(card.cardNumber);
    const last4 = card.cardNumber.slice(-4);
    let paymentMethodId = current.paymentMethodId;
    if (current.setupFutureUsage && current.customerId) {
      paymentMethodId = randomId('pm_demo_');
      await this.db
        .insert(demoPaymentMethods)
        .values({ id: paymentMethodId, customerId: current.customerId, cardNumber: card.cardNumber, cardBrand: brand, cardLast4: last4 });
    }
    const status = intent.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
    const [row] = await this.db
      .update(demoPaymentIntents)
      .set({ status, lastPaymentError: null, lastPaymentErrorCode: null, cardBrand: brand, cardLast4: last4, paymentMethodId })
      .where(and(eq(demoPaymentIntents.id, intent.id), inArray(demoPaymentIntents.status, PAYABLE_STATUSES)))
      .returning();
    return { ok: true, intent: row ? toInfo(row) : intent };
  }

  /** A demo customer for the user, once per user (the key `customer-<userId>`, as Stripe's idempotency key gives). */
  async createCustomer(input: { userId: string; email: string }): Promise<string> {
    const idempotencyKey = `customer-${input.userId}`;
    await this.db
      .insert(demoCustomers)
      .values({ id: randomId('cus_demo_'), userId: input.userId, email: input.email, idempotencyKey })
      .onConflictDoNothing({ target: demoCustomers.idempotencyKey });
    const [row] = await this.db
      .select({ id: demoCustomers.id })
      .from(demoCustomers)
      .where(eq(demoCustomers.idempotencyKey, idempotencyKey));
    return row!.id;
  }

  /**
   * A demo off-session charge, once per idempotency key (the first result is replayed): the saved
   * test card decides the outcome ({@link OFF_SESSION_CARDS}; others succeed). A payment method that
   * is not the customer's fails with `resource_missing`, making no intent.
   */
  async chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionChargeResult> {
    const byKey = () =>
      this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey)).limit(1);
    const [existing] = await byKey();
    if (existing) return chargeResult(existing);
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new DemoPaymentError('Invalid positive integer');
    const [method] = await this.db
      .select()
      .from(demoPaymentMethods)
      .where(and(eq(demoPaymentMethods.id, input.paymentMethod), eq(demoPaymentMethods.customerId, input.customer)))
      .limit(1);
    if (!method) {
      return { outcome: 'failed', intent: null, message: `No such PaymentMethod: '${input.paymentMethod}'`, code: 'resource_missing' };
    }
    const refusal = OFF_SESSION_CARDS[method.cardNumber];
    const id = randomId('pi_demo_');
    try {
      const [row] = await this.db
        .insert(demoPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          applicationFeeAmount: input.destination ? input.applicationFeeAmount : 0,
          destination: input.destination ?? null,
          captureMethod: 'automatic',
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          customerId: input.customer,
          paymentMethodId: method.id,
          status: refusal?.status ?? 'succeeded',
          lastPaymentError: refusal?.message ?? null,
          lastPaymentErrorCode: refusal?.code ?? null,
          cardBrand: refusal ? null : method.cardBrand,
          cardLast4: refusal ? null : method.cardLast4,
        })
        .returning();
      return chargeResult(row!);
    } catch (error) {
      // The same key at once: the other call made the intent; answer its result.
      if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
      const [row] = await byKey();
      if (!row) throw error;
      return chargeResult(row);
    }
  }

  /** A demo setup intent for the customer, confirmed by the demo card form (POST /api/demo-payments/confirm-setup). */
  async createSetupIntent(input: { customer: string; metadata: Record<string, string> }): Promise<{ id: string; clientSecret: string }> {
    const [customer] = await this.db
      .select({ id: demoCustomers.id })
      .from(demoCustomers)
      .where(eq(demoCustomers.id, input.customer))
      .limit(1);
    if (!customer) throw new DemoPaymentError(`No such customer: '${input.customer}'`);
    const id = randomId('seti_demo_');
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    await this.db.insert(demoSetupIntents).values({ id, clientSecret, customerId: input.customer, metadata: input.metadata });
    return { id, clientSecret };
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentInfo | null> {
    return (await this.findSetupIntent(eq(demoSetupIntents.id, id)))?.intent ?? null;
  }

  /** The setup intent of a client secret and the user whose customer it is for, or null. */
  async findSetupIntentByClientSecret(clientSecret: string): Promise<{ intent: SetupIntentInfo; userId: string } | null> {
    return this.findSetupIntent(eq(demoSetupIntents.clientSecret, clientSecret));
  }

  private async findSetupIntent(where: ReturnType<typeof eq>): Promise<{ intent: SetupIntentInfo; userId: string } | null> {
    const [row] = await this.db
      .select({
        id: demoSetupIntents.id,
        status: demoSetupIntents.status,
        customerId: demoSetupIntents.customerId,
        paymentMethodId: demoSetupIntents.paymentMethodId,
        metadata: demoSetupIntents.metadata,
        userId: demoCustomers.userId,
        brand: demoPaymentMethods.cardBrand,
        last4: demoPaymentMethods.cardLast4,
      })
      .from(demoSetupIntents)
      .innerJoin(demoCustomers, eq(demoCustomers.id, demoSetupIntents.customerId))
      .leftJoin(demoPaymentMethods, eq(demoPaymentMethods.id, demoSetupIntents.paymentMethodId))
      .where(where)
      .limit(1);
    if (!row) return null;
    return {
      userId: row.userId,
      intent: {
        id: row.id,
        status: row.status,
        customerId: row.customerId,
        paymentMethodId: row.paymentMethodId,
        card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
        metadata: row.metadata,
      },
    };
  }

  /**
   * Saves a test card through a setup intent (what Stripe.js `confirmSetup` does): the card becomes a
   * payment method of the intent's customer and the intent succeeds. Confirming a succeeded intent
   * again is a no-op success. Cards that fail on session (declined, expired, not a test card) fail here.
   */
  async confirmSetupWithCard(
    intent: SetupIntentInfo,
    card: { cardNumber: string; expiry: string; cvc: string },
    now = new Date(),
  ): Promise<{ ok: true; intent: SetupIntentInfo } | { ok: false; message: string }> {
    if (intent.status === 'succeeded') return { ok: true, intent };
    if (intent.status !== 'requires_payment_method' || !intent.customerId)
      return { ok: false, message: 'This card setup can no longer be completed. Please start again.' };
    const failure = onSessionFailure(card, now);
    if (failure) {
      await this.db.update(demoSetupIntents).set({ lastSetupError: failure }).where(eq(demoSetupIntents.id, intent.id));
      return { ok: false, message: failure };
    }
    const customerId = intent.customerId;
    await this.db.transaction(async (tx) => {
      const paymentMethodId = randomId('pm_demo_');
      await tx.insert(demoPaymentMethods).values({
        id: paymentMethodId,
        customerId,
        cardNumber: card.cardNumber,
        cardBrand: demoCardBrand(card.cardNumber),
        cardLast4: card.cardNumber.slice(-4),
      });
      await tx
        .update(demoSetupIntents)
        .set({ status: 'succeeded', paymentMethodId, lastSetupError: null })
        .where(and(eq(demoSetupIntents.id, intent.id), eq(demoSetupIntents.status, 'requires_payment_method')));
    });
    return { ok: true, intent: (await this.retrieveSetupIntent(intent.id)) ?? intent };
  }
}
