/**
 * A booking's way in (docs/product.md#the-day-of-the-stay): the listing's access method as the
 * listing form sends it and the API shows it, and what `GET /api/bookings/{id}/access` answers.
 * Rules: src/shared/access.ts.
 */
import { z } from 'zod';
import { ACCESS_INSTRUCTIONS_MAX, ACCESS_METHODS, MAX_REVEAL_HOURS, MIN_REVEAL_HOURS } from '../access';
import { numberInputSchema, trimmed } from './fields';

// Each schema is built in a function called once and marked pure (so are the calls among the fields that
// the bundler would otherwise keep): the client uses them as types only (the server checks; the listing
// form checks the same rules itself), so every page's first load leaves them out
// (tests/e2e/first-load-budget.test.ts).

export const accessMethodSchema = /* @__PURE__ */ (() => z.enum(ACCESS_METHODS))();

/** Hours before the start that a renter is shown the way in: a whole number from 1 to 72. */
export const revealHoursSchema = /* @__PURE__ */ (() => {
  const message = `Enter whole hours from ${MIN_REVEAL_HOURS} to ${MAX_REVEAL_HOURS}`;
  return numberInputSchema.pipe(z.number().int(message).min(MIN_REVEAL_HOURS, message).max(MAX_REVEAL_HOURS, message));
})();

/**
 * A listing's `access` on `POST`/`PUT /api/spaces`: the method, the reveal hours and the
 * instructions (private: shown only to the owner and, from the reveal, to a confirmed renter;
 * empty removes them). Left out: instructions revealed 24 hours before on a new listing, kept on an edit.
 */
export const listingAccessInputSchema = /* @__PURE__ */ (() =>
  z.object({
    method: accessMethodSchema,
    revealHoursBefore: revealHoursSchema,
    instructions: trimmed(ACCESS_INSTRUCTIONS_MAX).nullish(),
  }))();
export type ListingAccessInput = z.input<typeof listingAccessInputSchema>;

/** A listing's `access` as `GET /api/spaces/{id}` shows it: `instructions` only to its owner. */
export const listingAccessSchema = /* @__PURE__ */ (() =>
  z.object({
    method: accessMethodSchema,
    revealHoursBefore: /* @__PURE__ */ z.number().int(),
    instructions: /* @__PURE__ */ z.string().nullable().optional(),
  }))();
export type ListingAccess = z.infer<typeof listingAccessSchema>;

/**
 * `GET /api/bookings/{id}/access`: how the renter gets in. Before `revealAt` the renter gets no
 * `instructions` or `code`; the owner always does. `validFrom`/`validUntil` (ISO-8601 UTC) are the
 * door code's, for a door code listing; `code` is absent until the lock has made it.
 */
export const bookingAccessSchema = /* @__PURE__ */ (() =>
  z.object({
    method: accessMethodSchema,
    revealAt: z.string(),
    instructions: z.string().optional(),
    code: z.string().optional(),
    validFrom: z.string().optional(),
    validUntil: z.string().optional(),
  }))();
export type BookingAccess = z.infer<typeof bookingAccessSchema>;
