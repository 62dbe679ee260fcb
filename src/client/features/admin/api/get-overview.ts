import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@/shared/schemas/overview';
import { api } from '@/client/lib/api-client';

/** GET /api/admin/overview?from=&to=: totals, days and months (UTC days; empty means the default last 30 days). */
export function getOverview(range: { from?: string; to?: string }, signal?: AbortSignal): Promise<Overview> {
  const query = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return api.get<Overview>(`/api/admin/overview${query.size ? `?${query}` : ''}`, { signal });
}

export function getOverviewQueryOptions(range: { from?: string; to?: string }) {
  return queryOptions({
    queryKey: ['admin', 'overview', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => getOverview(range, signal),
  });
}

export function useOverview(range: { from?: string; to?: string }) {
  return useQuery({ ...getOverviewQueryOptions(range), placeholderData: keepPreviousData });
}
