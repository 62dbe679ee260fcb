import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';

/** The key every users search of the console starts with (its actions refresh them all). */
export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users?q=: users whose name or email contains `q`, newest first, with their counts. */
export function getAdminUsers(q: string, signal?: AbortSignal): Promise<AdminUser[]> {
  return api.get<AdminUser[]>(`/api/admin/users?${new URLSearchParams({ q })}`, { signal });
}

export function getAdminUsersQueryOptions(q: string) {
  return queryOptions({ queryKey: [...adminUsersQueryKey, q], queryFn: ({ signal }) => getAdminUsers(q, signal) });
}

/** The console's users search; the last answer stays on screen while a new search loads. */
export function useAdminUsers(q: string) {
  return useQuery({ ...getAdminUsersQueryOptions(q), placeholderData: keepPreviousData });
}
