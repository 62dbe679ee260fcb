/**
 * The day of a stay's API (docs/product.md#the-day-of-the-stay): the steps a renter takes, as the
 * paths name them (each answers the `Booking` with its `checkedInAt` and `checkedOutAt`), the
 * owner's no-show and the renter's dispute of it, and the turnover checklist both sides attest.
 */
import { z } from 'zod';
import { TURNOVER_CHECKLIST_MAX_ITEMS, TURNOVER_ITEM_MAX_CHARS } from '../stays';
import { required, trimmed } from './fields';

/** The steps of the day of a stay, as path segments (`POST /api/bookings/{id}/check-in`). */
export const STAY_STEP_PATHS = { check_in: 'check-in', check_out: 'check-out' } as const;

/** A step of the day of a stay (src/shared/stays.ts). */
export const stayStepSchema = z.enum(['check_in', 'check_out']);

/** A booking's no-show as the booking answers it (`noShow`): when the owner marked it, and the renter's dispute, if any. */
export const noShowSchema = z.object({
  markedAt: z.string(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
});
export type NoShow = z.infer<typeof noShowSchema>;

/** A no-show dispute's reason holds at most this many characters. */
export const NO_SHOW_DISPUTE_MAX_CHARS = 2000;

/** POST /api/bookings/{id}/no-show/dispute: why the renter says they were not a no-show. */
export const noShowDisputeSchema = z.object({ reason: required('Reason', NO_SHOW_DISPUTE_MAX_CHARS) });
export type NoShowDisputeInput = z.input<typeof noShowDisputeSchema>;

/** One item of a listing's turnover checklist: 1 to 120 characters of plain text. */
export const turnoverItemLabelSchema = required('Checklist item', TURNOVER_ITEM_MAX_CHARS);

/** A listing's turnover checklist (`turnoverChecklist`): at most 10 items, each at most once. */
export const turnoverChecklistSchema = z
  .array(turnoverItemLabelSchema)
  .max(TURNOVER_CHECKLIST_MAX_ITEMS, `At most ${TURNOVER_CHECKLIST_MAX_ITEMS} checklist items`)
  .refine((items) => new Set(items).size === items.length, 'Each checklist item at most once');

/** A turnover note holds at most this many characters. */
export const TURNOVER_NOTE_MAX_CHARS = 1000;

/** POST /api/bookings/{id}/turnover: the checklist's items, each ticked or not, and a note. */
export const turnoverAttestationSchema = z.object({
  items: z
    .array(z.object({ label: turnoverItemLabelSchema, done: z.boolean() }))
    .min(1, 'Send the checklist items')
    .max(TURNOVER_CHECKLIST_MAX_ITEMS, `At most ${TURNOVER_CHECKLIST_MAX_ITEMS} checklist items`)
    .refine((items) => new Set(items.map((item) => item.label)).size === items.length, 'Each checklist item at most once'),
  note: trimmed(TURNOVER_NOTE_MAX_CHARS).nullish(),
});
export type TurnoverAttestationInput = z.input<typeof turnoverAttestationSchema>;

/** One attestation of the room's state, as kept: who (role and name), the items, the note, when. */
export const turnoverEntrySchema = z.object({
  id: z.uuid(),
  role: z.enum(['renter', 'owner']),
  userId: z.uuid(),
  items: z.array(z.object({ label: z.string(), done: z.boolean() })),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type TurnoverEntry = z.infer<typeof turnoverEntrySchema>;

/** GET /api/bookings/{id}/turnover: the listing's checklist as it is now, and the booking's attestations, oldest first. */
export const turnoverLogSchema = z.object({
  checklist: z.array(z.string()),
  entries: z.array(turnoverEntrySchema),
});
export type TurnoverLog = z.infer<typeof turnoverLogSchema>;
