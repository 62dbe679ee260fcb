import { queryOptions, useQuery } from '@tanstack/react-query';
import { spacePath } from '@/shared/api-paths';
import type { Space } from '@/shared/schemas';
import { api } from '@/client/lib/api-client';

/** GET /api/spaces/:id (404 when there is no such space). */
export function getSpace(id: string, signal?: AbortSignal): Promise<Space> {
  return api.get<Space>(spacePath(id), { signal });
}

export function getSpaceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['spaces', 'detail', id],
    queryFn: ({ signal }) => getSpace(id, signal),
  });
}

export function useSpace(id: string) {
  return useQuery(getSpaceQueryOptions(id));
}
