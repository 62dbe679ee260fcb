/**
 * The demo payment provider (DESIGN decision 6): behaves like a card
 * processor in test mode, keeps its payment intents in the database and
 * moves no money. Test cards follow Stripe's documented test numbers
 * (https://docs.stripe.com/testing): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { SQLSTATE, sqlState } from '../db/client';
import { demoPaymentIntents } from '../db/schema';
import type { CreatePaymentIntentInput, PaymentIntentInfo, PaymentProvider } from './provider';

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
};

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
  metadata: row.metadata,
});

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** Whether MM/YY is this month or later (cards expire at the end of their month). */
function expiryInFuture(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim())) as [number, number];
  const fullYear = 2000 + year;
  return fullYear > now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;

  constructor(private readonly db: Database) {}

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    if (input.idempotencyKey) {
      const [existing] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey)).limit(1);
      if (existing && existing.amount === input.amount && existing.status !== 'succeeded') return toInfo(existing);
    }
    const id = randomId('pi_demo_');
    const values = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: input.amount,
      applicationFeeAmount: input.applicationFeeAmount,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey ?? null,
    };
    try {
      const [row] = await this.db.insert(demoPaymentIntents).values(values).returning();
      return toInfo(row!);
    } catch (error) {
      // The same attempt with new details (other dates or amount): retire the old intent's key.
      if (input.idempotencyKey && sqlState(error) === SQLSTATE.uniqueViolation) {
        await this.db.update(demoPaymentIntents).set({ idempotencyKey: null }).where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey));
        const [row] = await this.db.insert(demoPaymentIntents).values(values).returning();
        return toInfo(row!);
      }
      throw error;
    }
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).limit(1);
    return row ? toInfo(row) : null;
  }

  async refundPaymentIntent(id: string): Promise<void> {
    await this.db.update(demoPaymentIntents).set({ status: 'refunded' }).where(eq(demoPaymentIntents.id, id));
  }

  /** The payment intent of a client secret, or null. */
  async findByClientSecret(clientSecret: string): Promise<PaymentIntentInfo | null> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.clientSecret, clientSecret)).limit(1);
    return row ? toInfo(row) : null;
  }

  /**
   * Pays a payment intent with a test card. Paying a succeeded intent again
   * is a no-op success (idempotent); nothing is ever charged.
   */
  async confirmWithCard(intent: PaymentIntentInfo, card: { cardNumber: string; expiry: string; cvc: string }, now = new Date()): Promise<DemoConfirmResult> {
    if (intent.status === 'succeeded') return { ok: true, intent };
    if (intent.status !== 'requires_payment_method') {
      return { ok: false, message: 'This payment can no longer be completed. Please start again.', intent };
    }
    let failure: string | null;
    if (!expiryInFuture(card.expiry, now)) failure = "Your card's expiration date is in the past.";
    else if (card.cardNumber in TEST_CARDS) failure = TEST_CARDS[card.cardNumber] ?? null;
    else failure = NON_TEST_CARD;

    if (failure) {
      await this.db.update(demoPaymentIntents).set({ lastPaymentError: failure }).where(eq(demoPaymentIntents.id, intent.id));
      return { ok: false, message: failure, intent };
    }
    const [row] = await this.db
      .update(demoPaymentIntents)
      .set({ status: 'succeeded', lastPaymentError: null })
      .where(eq(demoPaymentIntents.id, intent.id))
      .returning();
    return { ok: true, intent: toInfo(row!) };
  }
}
