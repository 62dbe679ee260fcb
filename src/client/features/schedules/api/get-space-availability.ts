import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '@/shared/query-string';
import type { Availability, AvailabilityQuery } from '@/shared/schemas/availability';
import { api } from '@/client/lib/api-client';

/** GET /api/spaces/:id/availability?from&to: each date's open state and free hours, sessions or days (at most 93 days a call). */
export function getSpaceAvailability(spaceId: string, range: AvailabilityQuery, signal?: AbortSignal): Promise<Availability> {
  return api.get<Availability>(withQuery(`/api/spaces/${encodeURIComponent(spaceId)}/availability`, { ...range }), { signal });
}

/** The key shared by every range of one space's availability: invalidate it after a booking or a refused hold. */
export function spaceAvailabilityQueryKey(spaceId: string) {
  return ['spaces', spaceId, 'availability'] as const;
}

export function getSpaceAvailabilityQueryOptions(spaceId: string, range: AvailabilityQuery) {
  return queryOptions({
    queryKey: [...spaceAvailabilityQueryKey(spaceId), range.from, range.to],
    queryFn: ({ signal }) => getSpaceAvailability(spaceId, range, signal),
  });
}

/** One range of a space's availability (`enabled` false: not asked for). */
export function useSpaceAvailability(spaceId: string, range: AvailabilityQuery, enabled = true) {
  return useQuery({ ...getSpaceAvailabilityQueryOptions(spaceId, range), enabled });
}
