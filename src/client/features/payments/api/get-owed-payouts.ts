import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwedPayouts } from '@/shared/schemas/payouts';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/payouts/owed (own only): what the platform owes the owner until their payout setup is finished. */
export function getOwedPayouts(userId: string, signal?: AbortSignal): Promise<OwedPayouts> {
  return api.get<OwedPayouts>(`/api/users/${encodeURIComponent(userId)}/payouts/owed`, { signal });
}

export function getOwedPayoutsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['payouts', 'owed', userId], queryFn: ({ signal }) => getOwedPayouts(userId, signal) });
}

export function useOwedPayouts(userId: string | undefined) {
  return useQuery({ ...getOwedPayoutsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
