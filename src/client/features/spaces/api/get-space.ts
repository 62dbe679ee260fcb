import { queryOptions, useQuery } from '@tanstack/react-query';
import { spacePath } from '@/shared/api-paths';
import type { SpaceDetail } from '@/shared/schemas/spaces';
import { api } from '@/client/lib/api-client';
import { takeEmbeddedAnswer } from '@/client/lib/read-embedded-answers';

/** GET /api/spaces/:id (404 when there is no such space). */
export function getSpace(id: string, signal?: AbortSignal): Promise<SpaceDetail> {
  return api.get<SpaceDetail>(spacePath(id), { signal });
}

/** One space; on the page the server rendered for it, its embedded answer is the initial data. */
export function getSpaceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['spaces', 'detail', id],
    queryFn: ({ signal }) => getSpace(id, signal),
    initialData: () => takeEmbeddedAnswer(spacePath(id))?.body as SpaceDetail | undefined,
  });
}

export function useSpace(id: string) {
  return useQuery(getSpaceQueryOptions(id));
}
