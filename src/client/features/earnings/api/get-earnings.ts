import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '@/shared/schemas/earnings';
import { withQuery } from '@/shared/query-string';
import { api } from '@/client/lib/api-client';

/** A range of dates, inclusive, `YYYY-MM-DD`. */
export interface EarningsRange {
  from: string;
  to: string;
}

/** GET /api/users/:id/earnings?from=&to=: the owner's earnings over the range (docs/decisions/034-owner-earnings.md). */
export function earningsPath(userId: string, range: EarningsRange): string {
  return withQuery(`/api/users/${encodeURIComponent(userId)}/earnings`, { ...range });
}

/** GET /api/users/:id/earnings.csv?from=&to=: the range's stays and payouts as a CSV file (an attachment). */
export function earningsCsvPath(userId: string, range: EarningsRange): string {
  return withQuery(`/api/users/${encodeURIComponent(userId)}/earnings.csv`, { ...range });
}

export function getEarnings(userId: string, range: EarningsRange, signal?: AbortSignal): Promise<Earnings> {
  return api.get<Earnings>(earningsPath(userId, range), { signal });
}

export function getEarningsQueryOptions(userId: string, range: EarningsRange) {
  return queryOptions({
    queryKey: ['users', userId, 'earnings', range.from, range.to],
    queryFn: ({ signal }) => getEarnings(userId, range, signal),
  });
}

/** The owner's earnings for the range shown; the last range stays on screen while the next loads. */
export function useEarnings(userId: string, range: EarningsRange) {
  return useQuery({ ...getEarningsQueryOptions(userId, range), placeholderData: keepPreviousData });
}
