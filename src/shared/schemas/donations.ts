/**
 * Donations: the amount and its payment intent.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from '../constants';
import { formatUsd, toCents } from '../money';
import { numberInputSchema, textSchema } from './fields';

/** A donation in dollars on the wire (25 or "25.50"), read as cents: at least $1 (docs/product.md#validation), at most {@link DONATION_MAX_CENTS}. */
export const donationAmountSchema = numberInputSchema
  .pipe(
    z
      .number()
      .min(DONATION_MIN_CENTS / 100, 'Please enter an amount of at least $1')
      .max(DONATION_MAX_CENTS / 100, `The amount can be at most ${formatUsd(DONATION_MAX_CENTS)}`)
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), 'Enter an amount in dollars and cents, like 25 or 25.50'),
  )
  .transform((value) => toCents(value));
/** POST /api/create-payment-intent (docs/product.md#api-calls: a donation). */
export const createDonationIntentSchema = z.object({
  amount: donationAmountSchema,
  /** One per donation attempt: asking twice returns the same payment intent. */
  idempotencyKey: textSchema.min(8).max(100).optional(),
});
/** The answer of POST /api/create-payment-intent. */
export const donationIntentSchema = z.object({ clientSecret: z.string() });
export type DonationIntent = z.infer<typeof donationIntentSchema>;
