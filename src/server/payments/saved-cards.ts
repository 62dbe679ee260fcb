/**
 * Saved cards (docs/decisions/039-saved-cards.md): one card per user, kept with the payment
 * provider (a customer and its payment method, https://docs.stripe.com/payments/save-and-reuse) and
 * named here in `saved_cards` so later periods of a standing booking can be charged off session
 * (`PaymentProvider.chargeSavedCard`). We keep only the provider's ids, the brand and the last 4 digits.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { savedCards } from '../db/schema';
import type { PaymentIntentInfo, PaymentProvider, SetupIntentInfo } from './provider';

/** A saved card, ready for `PaymentProvider.chargeSavedCard` (`customer`, `paymentMethod`). */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  /** As the provider names it: `visa`, `mastercard`, `amex`... */
  brand: string;
  last4: string;
}

/** The user's stored customer id, or null when none was created yet. */
export async function findCustomerId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ customerId: savedCards.customerId }).from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  return row?.customerId ?? null;
}

/**
 * The user's customer with the provider, created the first time and stored in `saved_cards`
 * (without a card). Concurrent calls keep one: the provider makes one per user (idempotency key
 * `customer-<userId>`) and the first row stored wins.
 * @returns the customer id (Stripe `cus_...`)
 */
export async function ensureCustomer(db: Database, payments: PaymentProvider, user: { id: string; email: string }): Promise<string> {
  const stored = await findCustomerId(db, user.id);
  if (stored) return stored;
  const customerId = await payments.createCustomer({ userId: user.id, email: user.email });
  await db.insert(savedCards).values({ userId: user.id, customerId }).onConflictDoNothing({ target: savedCards.userId });
  return (await findCustomerId(db, user.id)) ?? customerId;
}

/** Stores `card` as the user's saved card on `customerId`, replacing the one before; `now` is the consent's time (UTC). */
async function storeCard(
  db: Database,
  userId: string,
  card: { customerId: string; paymentMethodId: string; brand: string; last4: string },
  now: Date,
): Promise<void> {
  const values = {
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    consentedAt: now,
    updatedAt: now,
  };
  await db
    .insert(savedCards)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: savedCards.userId, set: values });
}

/**
 * Keeps the card that paid `intent` as the user's saved card, when the intent names a payment method,
 * a customer and the card (an intent made with `setupFutureUsage: 'off_session'` and paid, after the
 * renter agreed); otherwise does nothing. `now` is recorded as the consent's time (UTC).
 */
export async function saveCardFromIntent(db: Database, userId: string, intent: PaymentIntentInfo, now = new Date()): Promise<void> {
  const customerId = intent.customerId ?? (await findCustomerId(db, userId));
  if (!intent.paymentMethodId || !intent.card || !customerId) return;
  await storeCard(db, userId, { customerId, paymentMethodId: intent.paymentMethodId, ...intent.card }, now);
}

/** Why a setup intent cannot be saved as the user's card: the HTTP status and message, or null when it can. */
export function setupIntentRefusal(
  intent: SetupIntentInfo | null,
  customerId: string | null,
): { status: 400 | 403 | 409; message: string } | null {
  if (!intent) return { status: 400, message: 'This card setup was not found. Please start again.' };
  if (!customerId || intent.customerId !== customerId) return { status: 403, message: 'This card setup belongs to someone else.' };
  if (intent.status !== 'succeeded') return { status: 409, message: 'This card has not been confirmed yet. Please enter it again.' };
  if (!intent.paymentMethodId || !intent.card) return { status: 409, message: 'This card setup saved no card. Please enter it again.' };
  return null;
}

/**
 * Saves the card of a succeeded setup intent of the user's own customer (checked with
 * {@link setupIntentRefusal} by the caller) as their saved card; `now` is the consent's time.
 */
export async function saveCardFromSetupIntent(db: Database, userId: string, intent: SetupIntentInfo, now = new Date()): Promise<SavedCard> {
  if (!intent.customerId || !intent.paymentMethodId || !intent.card) throw new Error('A setup intent without a card cannot be saved.');
  const card = { customerId: intent.customerId, paymentMethodId: intent.paymentMethodId, ...intent.card };
  await storeCard(db, userId, card, now);
  return card;
}

/** The user's saved card, or null when they have none (or only a customer). */
export async function findSavedCard(db: Database, userId: string): Promise<SavedCard | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  if (!row?.paymentMethodId || !row.cardBrand || !row.cardLast4) return null;
  return { customerId: row.customerId, paymentMethodId: row.paymentMethodId, brand: row.cardBrand, last4: row.cardLast4 };
}

/**
 * Forgets the user's saved card (the customer stays, for the next card); later off-session charges
 * have nothing to charge. `now` is the row's update time.
 * @returns whether a card was saved
 */
export async function forgetSavedCard(db: Database, userId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(savedCards)
    .set({ paymentMethodId: null, cardBrand: null, cardLast4: null, consentedAt: null, updatedAt: now })
    .where(and(eq(savedCards.userId, userId), isNotNull(savedCards.paymentMethodId)))
    .returning({ userId: savedCards.userId });
  return rows.length > 0;
}
