/**
 * A booking's way in (docs/product.md#the-day-of-the-stay): the listing's access method as the
 * listing form sends it and the API shows it, and what `GET /api/bookings/{id}/access` answers.
 * Rules: src/shared/access.ts.
 */
import { z } from 'zod';
import { ACCESS_INSTRUCTIONS_MAX, ACCESS_METHODS, MAX_REVEAL_HOURS, MIN_REVEAL_HOURS } from '../access';
import { numberInputSchema, trimmed } from './fields';

export const accessMethodSchema = z.enum(ACCESS_METHODS, "Choose 'instructions' or 'door_code'");

/** Hours before the start that a renter is shown the way in: a whole number from 1 to 72. */
export const revealHoursSchema = numberInputSchema.pipe(
  z
    .number()
    .int('Reveal hours must be a whole number')
    .min(MIN_REVEAL_HOURS, `Reveal at least ${MIN_REVEAL_HOURS} hour before the start`)
    .max(MAX_REVEAL_HOURS, `Reveal at most ${MAX_REVEAL_HOURS} hours before the start`),
);

/**
 * A listing's `access` on `POST`/`PUT /api/spaces`: the method, the reveal hours and the
 * instructions (private: shown only to the owner and, from the reveal, to a confirmed renter;
 * empty removes them). Left out: instructions revealed 24 hours before on a new listing, kept on an edit.
 */
export const listingAccessInputSchema = z.object({
  method: accessMethodSchema,
  revealHoursBefore: revealHoursSchema,
  instructions: trimmed(ACCESS_INSTRUCTIONS_MAX).nullish(),
});
export type ListingAccessInput = z.input<typeof listingAccessInputSchema>;

/** A listing's `access` as `GET /api/spaces/{id}` shows it: `instructions` only to its owner. */
export const listingAccessSchema = z.object({
  method: accessMethodSchema,
  revealHoursBefore: z.number().int(),
  instructions: z.string().nullable().optional(),
});
export type ListingAccess = z.infer<typeof listingAccessSchema>;

/**
 * `GET /api/bookings/{id}/access`: how the renter gets in. Before `revealAt` the renter gets no
 * `instructions` or `code`; the owner always does. `validFrom`/`validUntil` (ISO-8601 UTC) are the
 * door code's, for a door code listing; `code` is absent until the lock has made it.
 */
export const bookingAccessSchema = z.object({
  method: accessMethodSchema,
  revealAt: z.string(),
  instructions: z.string().optional(),
  code: z.string().optional(),
  validFrom: z.string().optional(),
  validUntil: z.string().optional(),
});
export type BookingAccess = z.infer<typeof bookingAccessSchema>;
