import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteInput } from '@/shared/schemas/favorites';
import { api } from '@/client/lib/api-client';
import { getFavoritesQueryOptions } from './get-favorites';

/** POST /api/favorites (idempotent). */
export function addFavorite(input: FavoriteInput): Promise<unknown> {
  return api.post('/api/favorites', input);
}

/** DELETE /api/favorites (idempotent). */
export function removeFavorite(input: FavoriteInput): Promise<unknown> {
  return api.delete('/api/favorites', { body: input });
}

/**
 * The favourite toggle (docs/product.md#behaviour): removes the space when it is a
 * favourite, adds it otherwise, then refreshes the favourites list. Errors
 * are only logged (docs/product.md#user-facing-messages).
 */
export function useToggleFavorite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ spaceId, favorite }: { spaceId: string; favorite: boolean }) =>
      favorite ? removeFavorite({ userId, spaceId }) : addFavorite({ userId, spaceId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getFavoritesQueryOptions(userId).queryKey }),
    onError: (error) => console.warn('Favourite toggle failed', error),
  });
}
