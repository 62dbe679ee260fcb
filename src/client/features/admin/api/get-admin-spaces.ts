import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSpace } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';

/** The key every listings search of the console starts with (its actions refresh them all). */
export const adminSpacesQueryKey = ['admin', 'spaces'] as const;

/** GET /api/admin/spaces?q=: listings whose title, city, address or owner email contains `q`, whatever their status. */
export function getAdminSpaces(q: string, signal?: AbortSignal): Promise<AdminSpace[]> {
  return api.get<AdminSpace[]>(`/api/admin/spaces?${new URLSearchParams({ q })}`, { signal });
}

export function getAdminSpacesQueryOptions(q: string) {
  return queryOptions({ queryKey: [...adminSpacesQueryKey, q], queryFn: ({ signal }) => getAdminSpaces(q, signal) });
}

/** The console's listings search; the last answer stays on screen while a new search loads. */
export function useAdminSpaces(q: string) {
  return useQuery({ ...getAdminSpacesQueryOptions(q), placeholderData: keepPreviousData });
}
