/**
 * GET /api/config: the configuration the client reads at start.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/** GET /api/config: the public subset of the configuration the browser may see. */
export const publicConfigSchema = z.object({
  payments: z.enum(['demo', 'stripe', 'none']),
  stripePublishableKey: z.string().nullable(),
  mapTileUrl: z.string().nullable(),
  mapTileAttribution: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
