/**
 * Owed payouts (docs/decisions/033-owed-payouts.md): what the platform owes an owner for payments
 * charged on the platform while their payout account was not ready, and how the console shows a
 * payment's payout. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/** An amount as the server sends it: dollars with 2 decimals ("123.45"; docs/decisions/010-money-in-integer-cents.md). */
const amountSchema = z.string().regex(/^\d+\.\d{2}$/);

/** GET /api/users/{id}/payouts/owed (own only): the sum owed now, dollars, and how many payments it is for. */
export const owedPayoutsSchema = z.object({
  /** Decimal string, dollars ("123.45"); "0.00" when nothing is owed. */
  owedAmount: amountSchema,
  /** Payments holding money whose payout waits for the owner's payout setup. */
  payments: z.number().int().min(0),
});
export type OwedPayouts = z.infer<typeof owedPayoutsSchema>;

/**
 * A payment's payout to its owner as the console shows it: a destination charge (paid with the
 * charge), owed (charged on the platform, not yet sent), transferred (with the amount, what refunds
 * reversed since, when and the provider's transfer id), void (ended with nothing for the owner), or
 * none (no payment made).
 */
export const bookingPayoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('destination') }),
  /** `amount`: what is owed now (the payout statement of a payment that holds money; "0.00" while it does not). */
  z.object({ kind: z.literal('owed'), amount: amountSchema }),
  z.object({
    kind: z.literal('transferred'),
    amount: amountSchema,
    reversedAmount: amountSchema,
    /** ISO-8601 UTC. */
    transferredAt: z.string(),
    transferId: z.string(),
  }),
  z.object({ kind: z.literal('void') }),
]);
export type BookingPayout = z.infer<typeof bookingPayoutSchema>;
