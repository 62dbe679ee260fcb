import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCardAnswer } from '@/shared/schemas/saved-cards';
import { api } from '@/client/lib/api-client';

/** GET /api/users/me/card: the session user's saved card (`{ card: { brand, last4 } | null }`). */
export function getSavedCard(signal?: AbortSignal): Promise<SavedCardAnswer> {
  return api.get<SavedCardAnswer>('/api/users/me/card', { signal });
}

export function getSavedCardQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me', 'card'], queryFn: ({ signal }) => getSavedCard(signal) });
}

/** The saved card of the signed-in user. */
export function useSavedCard() {
  return useQuery(getSavedCardQueryOptions());
}
