import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Space } from '@/shared/schemas/spaces';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/favorites: the user's favourite spaces (archived ones left out), newest first. */
export function getFavorites(userId: string, signal?: AbortSignal): Promise<Space[]> {
  return api.get<Space[]>(`/api/users/${encodeURIComponent(userId)}/favorites`, { signal });
}

export function getFavoritesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'favorites'],
    queryFn: ({ signal }) => getFavorites(userId, signal),
  });
}

/** The signed-in user's favourites; idle without a user. */
export function useFavorites(userId: string | undefined) {
  return useQuery({ ...getFavoritesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
