/**
 * POST and DELETE /api/favorites.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/** POST and DELETE /api/favorites (docs/product.md#api-calls). `userId`, when sent, must be the session user. */
export const favoriteSchema = z.object({ userId: z.uuid().optional(), spaceId: z.uuid() });
export type FavoriteInput = z.input<typeof favoriteSchema>;
