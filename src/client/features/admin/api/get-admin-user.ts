import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@/shared/schemas/admin-users';
import { api } from '@/client/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** GET /api/admin/users/:id: the user with their listings, bookings, payments and reports (newest 50 of each, with totals). */
export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });
}

/** Under the users' key, so that a suspension or reinstatement refreshes it too. */
export function getAdminUserQueryOptions(id: string) {
  return queryOptions({ queryKey: [...adminUsersQueryKey, 'one', id], queryFn: ({ signal }) => getAdminUser(id, signal) });
}

/** The console's view of user `id`. */
export function useAdminUser(id: string) {
  return useQuery({ ...getAdminUserQueryOptions(id), retry: false });
}
