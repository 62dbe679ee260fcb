/**
 * GET /api/geocode: an address in, a point out.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { required, textSchema } from './fields';
import { usStateSchema } from './spaces';

/** GET /api/geocode: the wizard's preview of where the server will place an address. */
export const geocodeQuerySchema = z.object({
  address: required('Street address', 200),
  city: required('City', 100),
  state: usStateSchema,
  zipCode: textSchema.trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
});
export const geocodeResultSchema = z.object({
  location: z.object({ latitude: z.number(), longitude: z.number(), source: z.enum(['nominatim', 'zip']) }).nullable(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
