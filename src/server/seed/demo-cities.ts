/**
 * The cities and neighbourhoods the demo spaces are spread over (data/cities.json). Every ZIP
 * code there is a real ZIP of that city; the coordinates are taken from the offline `zipcodes`
 * package when the spaces are built (demo-data.ts), never typed in.
 */
import { z } from 'zod';
import { isUsStateCode } from '../../shared/time-zones';
import cities from './data/cities.json' with { type: 'json' };
import { parseDataFile } from './data-file';

export const demoNeighbourhoodSchema = z.strictObject({
  zip: z.string().regex(/^\d{5}$/, 'a five-digit ZIP code'),
  /** Display name, e.g. 'Back Bay'. */
  name: z.string().min(1),
  /** Whether the name reads with 'the' in running text ('in the Texas Medical Center'). */
  the: z.boolean().optional(),
  /** Whether one is 'on' rather than 'in' it ('on the Upper East Side'). */
  on: z.boolean().optional(),
});
export type DemoNeighbourhood = z.infer<typeof demoNeighbourhoodSchema>;

export const demoCitySchema = z.strictObject({
  city: z.string().min(1),
  /** Two-letter USPS state code. */
  state: z.string().refine(isUsStateCode, 'a two-letter USPS state code (src/shared/time-zones.ts)'),
  /** Price multiplier for the local cost of space (1 = national average). */
  cost: z.number().positive(),
  /** How many demo spaces the city gets. */
  spaces: z.int().positive(),
  /** Real streets of the city used for plausible addresses. */
  streets: z.array(z.string().min(1)).min(1),
  neighbourhoods: z.array(demoNeighbourhoodSchema).min(1),
});
export type DemoCity = z.infer<typeof demoCitySchema>;

export const demoCitiesSchema = z.array(demoCitySchema).min(1);

/** The demo cities, in the order the spaces are dealt to them. */
export const DEMO_CITIES: DemoCity[] = parseDataFile('cities.json', demoCitiesSchema, cities);
