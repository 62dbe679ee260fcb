/**
 * Owners' payout accounts (Stripe Connect Express, or the demo provider's
 * stand-in; docs/product.md#payment-settings and #payout-account:
 * none, then account created, then onboarding, then charges enabled).
 * The user row keeps the account id and its last known state
 * (`stripe_charges_enabled`, `stripe_details_submitted`): bookings make
 * destination charges only to an account that can take charges.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountStatus } from '../../shared/schemas/payments';
import type { Database } from '../db/client';
import { ownerPayouts, users } from '../db/schema';
import { transferOwedPayoutsJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import type { ConnectedAccountStatus, PaymentProvider } from './provider';

/**
 * Stores what the provider says of a connected account on the user who owns
 * it (account status, webhook `account.updated`, demo onboarding).
 * `stripeAccountStatus` is `active` when it can take charges, else `pending`;
 * onboarding counts as completed once the details are submitted.
 * An account that can take charges gets its owner's owed payouts sent: the `transfer-owed-payouts`
 * job is enqueued with the change, in `db`'s transaction (docs/decisions/033-owed-payouts.md).
 * @returns whether a user has that account
 */
export async function recordAccountStatus(db: Database, accountId: string, status: ConnectedAccountStatus): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      stripeChargesEnabled: status.chargesEnabled,
      stripeDetailsSubmitted: status.detailsSubmitted,
      stripeOnboardingCompleted: status.detailsSubmitted,
      stripeAccountStatus: status.chargesEnabled ? 'active' : 'pending',
    })
    .where(eq(users.stripeConnectAccountId, accountId))
    .returning({ id: users.id });
  if (status.chargesEnabled) {
    for (const { id } of rows) {
      const [owed] = await db
        .select({ id: ownerPayouts.id })
        .from(ownerPayouts)
        .where(and(eq(ownerPayouts.ownerId, id), eq(ownerPayouts.status, 'owed')))
        .limit(1);
      if (owed) await enqueue(db, transferOwedPayoutsJob, { ownerId: id }, { singletonKey: id });
    }
  }
  return rows.length > 0;
}

/**
 * The user's connected account, created with the provider when they have
 * none (or when the provider no longer knows the stored one, e.g. after
 * switching from demo to Stripe). Concurrent calls keep one stored account.
 * @returns the account id
 */
export async function ensureConnectedAccount(
  db: Database,
  payments: PaymentProvider,
  user: { id: string; email: string },
): Promise<string> {
  const [row] = await db.select({ accountId: users.stripeConnectAccountId }).from(users).where(eq(users.id, user.id)).limit(1);
  const stored = row?.accountId ?? null;
  if (stored && (await payments.retrieveAccount(stored))) return stored;

  const accountId = await payments.createConnectedAccount({ userId: user.id, email: user.email });
  const fresh = {
    stripeConnectAccountId: accountId,
    stripeChargesEnabled: false,
    stripeDetailsSubmitted: false,
    stripeOnboardingCompleted: false,
    stripeAccountStatus: 'pending',
  };
  const [saved] = await db
    .update(users)
    .set(fresh)
    .where(and(eq(users.id, user.id), stored ? eq(users.stripeConnectAccountId, stored) : isNull(users.stripeConnectAccountId)))
    .returning({ accountId: users.stripeConnectAccountId });
  if (saved?.accountId) return saved.accountId;
  // Another request stored an account first: keep that one.
  const [again] = await db.select({ accountId: users.stripeConnectAccountId }).from(users).where(eq(users.id, user.id)).limit(1);
  return again?.accountId ?? accountId;
}

/**
 * The payout readiness of a user's account, refreshed from the provider and
 * stored (docs/product.md#other-shapes).
 */
export async function refreshAccountStatus(db: Database, payments: PaymentProvider, accountId: string | null): Promise<AccountStatus> {
  const none = { hasAccount: false, chargesEnabled: false, detailsSubmitted: false };
  if (!accountId) return none;
  const status = await payments.retrieveAccount(accountId);
  if (!status) return none;
  await recordAccountStatus(db, accountId, status);
  return { hasAccount: true, ...status };
}
