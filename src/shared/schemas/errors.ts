/**
 * The error body every failed API call answers.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/** Every error answer (docs/decisions/016-errors-as-json.md). */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
