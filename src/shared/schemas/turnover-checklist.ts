/**
 * A listing's turnover checklist (docs/product.md#the-day-of-the-stay): the items the renter ticks at
 * check-out and the owner may attest (src/shared/stays.ts). Apart from ./stays.ts because every
 * listing form and answer carries it: the app's first load takes only this.
 */
import { z } from 'zod';
import { TURNOVER_CHECKLIST_MAX_ITEMS, TURNOVER_ITEM_MAX_CHARS } from '../constants';
import { required } from './fields';

/** The turnover checklist a new listing starts with (the owner may change it). */
export const DEFAULT_TURNOVER_CHECKLIST = ['Surfaces disinfected', 'Sharps container below the fill line'] as const;

/** One item of a listing's turnover checklist: 1 to 120 characters of plain text. */
export const turnoverItemLabelSchema = /* @__PURE__ */ required('Checklist item', TURNOVER_ITEM_MAX_CHARS);

/** A listing's turnover checklist (`turnoverChecklist`): at most 10 items, each at most once. */
export const turnoverChecklistSchema = /* @__PURE__ */ z
  .array(turnoverItemLabelSchema)
  .max(TURNOVER_CHECKLIST_MAX_ITEMS, `At most ${TURNOVER_CHECKLIST_MAX_ITEMS} checklist items`)
  .refine((items) => new Set(items).size === items.length, 'Each checklist item at most once');
