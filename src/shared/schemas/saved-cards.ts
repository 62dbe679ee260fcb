/**
 * Saved cards (docs/decisions/039-saved-cards.md): the user's card kept for later charges without
 * them present. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { textSchema } from './fields';

/** A saved card as the user sees it: brand as the provider names it (`visa`...) and last 4 digits. */
export const savedCardSchema = z.object({ brand: z.string(), last4: z.string() });
export type SavedCardView = z.infer<typeof savedCardSchema>;

/** GET /api/users/me/card and POST /api/users/me/card: the saved card, or null. */
export const savedCardAnswerSchema = z.object({ card: savedCardSchema.nullable() });
export type SavedCardAnswer = z.infer<typeof savedCardAnswerSchema>;

/** POST /api/users/me/card/setup-intent: the setup intent the browser confirms with the card. */
export const cardSetupIntentSchema = z.object({ setupIntentId: z.string(), clientSecret: z.string() });
export type CardSetupIntent = z.infer<typeof cardSetupIntentSchema>;

/** POST /api/users/me/card: the confirmed setup intent whose card is saved. */
export const saveCardSchema = z.object({ setupIntentId: textSchema.trim().min(1, 'The card setup is missing.').max(200) });
export type SaveCardInput = z.infer<typeof saveCardSchema>;

/** The answer of POST /api/demo-payments/confirm-setup (demo payments only) when the card was saved with the provider. */
export const demoSetupResultSchema = z.object({ status: z.literal('succeeded'), setupIntentId: z.string() });
export type DemoSetupResult = z.infer<typeof demoSetupResultSchema>;
