/**
 * The day of a stay's API (docs/product.md#the-day-of-the-stay): the steps a renter takes, as the
 * paths name them (each answers the `Booking` with its `checkedInAt` and `checkedOutAt`), the
 * owner's no-show and the renter's dispute of it, and the turnover checklist both sides attest.
 */
import { z } from 'zod';
import { required, trimmed } from './fields';
import { noShowSchema, turnoverEntrySchema } from './bookings';
import { TURNOVER_CHECKLIST_MAX_ITEMS, TURNOVER_ITEM_MAX_CHARS } from '../constants';

// `@__PURE__` (here and below): a bundle that does not use a schema leaves it out (tests/e2e/first-load-budget.test.ts).
/** The steps of the day of a stay, as path segments (`POST /api/bookings/{id}/check-in`). */
export const STAY_STEP_PATHS = { check_in: 'check-in', check_out: 'check-out' } as const;

/** A step of the day of a stay (src/shared/stays.ts). */
export const stayStepSchema = /* @__PURE__ */ z.enum(['check_in', 'check_out']);

/** A booking's no-show as the booking answers it (`noShow`, ./bookings.ts). */
export type NoShow = z.infer<typeof noShowSchema>;
/** One attestation of the turnover checklist (./bookings.ts, beside the booking it is of). */
export type TurnoverEntry = z.infer<typeof turnoverEntrySchema>;

/** A no-show dispute's reason holds at most this many characters. */
export const NO_SHOW_DISPUTE_MAX_CHARS = 2000;

/** POST /api/bookings/{id}/no-show/dispute: why the renter says they were not a no-show. */
export const noShowDisputeSchema = /* @__PURE__ */ z.object({ reason: required('Reason', NO_SHOW_DISPUTE_MAX_CHARS) });
export type NoShowDisputeInput = z.input<typeof noShowDisputeSchema>;

/** A turnover note holds at most this many characters. */
export const TURNOVER_NOTE_MAX_CHARS = 1000;

/** POST /api/bookings/{id}/turnover: the checklist's items, each ticked or not, and a note. */
export const turnoverAttestationSchema = /* @__PURE__ */ z.object({
  items: z
    // Labels by the rule of the listing's items (`turnoverItemLabelSchema`, ./turnover-checklist.ts), which the
    // profile's bundle does not load.
    .array(z.object({ label: required('Checklist item', TURNOVER_ITEM_MAX_CHARS), done: z.boolean() }))
    .min(1, 'Send the checklist items')
    .max(TURNOVER_CHECKLIST_MAX_ITEMS, `At most ${TURNOVER_CHECKLIST_MAX_ITEMS} checklist items`)
    .refine((items) => new Set(items.map((item) => item.label)).size === items.length, 'Each checklist item at most once'),
  note: trimmed(TURNOVER_NOTE_MAX_CHARS).nullish(),
});
export type TurnoverAttestationInput = z.input<typeof turnoverAttestationSchema>;

/** GET /api/bookings/{id}/turnover: the listing's checklist as it is now, and the booking's attestations, oldest first. */
export const turnoverLogSchema = /* @__PURE__ */ z.object({
  checklist: z.array(z.string()),
  entries: z.array(turnoverEntrySchema),
});
export type TurnoverLog = z.infer<typeof turnoverLogSchema>;
