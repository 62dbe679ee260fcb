/**
 * The error body every failed API call answers.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/**
 * Every error answer (docs/decisions/016-errors-as-json.md). Its `id` names it in the OpenAPI
 * document (`components.schemas.ApiError`, src/server/http/openapi.ts).
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /**
     * A recurring booking refused with 409: every occurrence that cannot be booked and why
     * (`occurrenceConflictSchema` of ./booking-series.ts; docs/decisions/026-booking-series.md).
     */
    conflicts: z.array(z.object({ startDate: z.string(), endDate: z.string(), reason: z.string() })).optional(),
    /** The request's id, also in its `X-Request-Id` header and on its log lines: quote it when reporting the error. */
    requestId: z.string().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
