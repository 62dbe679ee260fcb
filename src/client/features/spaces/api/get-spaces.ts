import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@/shared/constants';
import type { Space } from '@/shared/schemas';
import { request } from '@/client/lib/api-client';
import type { SpaceFilters } from '../lib/filters';

export interface SpacesPage {
  spaces: Space[];
  /** All matches, from the X-Total-Count header. */
  total: number;
  offset: number;
}

export type GetSpacesParams = SpaceFilters & { ownerId?: string; limit?: number; offset?: number };

/** GET /api/spaces: one page of spaces matching the filters. */
export async function getSpaces(params: GetSpacesParams = {}, signal?: AbortSignal): Promise<SpacesPage> {
  const { data, headers } = await request<Space[]>('GET', '/api/spaces', { params: { ...params }, signal });
  const offset = params.offset ?? 0;
  const header = Number(headers.get('X-Total-Count'));
  const total = headers.has('X-Total-Count') && Number.isFinite(header) ? header : offset + data.length;
  return { spaces: data, total, offset };
}

export function getSpacesQueryOptions(params: GetSpacesParams = {}) {
  return queryOptions({
    queryKey: ['spaces', 'list', params],
    queryFn: ({ signal }) => getSpaces(params, signal),
  });
}

/** A fixed slice of spaces, e.g. the 3 featured on the home page. */
export function useSpaces(params: GetSpacesParams = {}) {
  return useQuery(getSpacesQueryOptions(params));
}

export function getSpacesInfiniteQueryOptions(filters: SpaceFilters, pageSize = DEFAULT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: ['spaces', 'infinite', filters, pageSize],
    queryFn: ({ pageParam, signal }) => getSpaces({ ...filters, limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => {
      const next = lastPage.offset + lastPage.spaces.length;
      return lastPage.spaces.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}

/** Search results, a page of {@link DEFAULT_PAGE_SIZE} at a time ('Load more'). */
export function useInfiniteSpaces(filters: SpaceFilters) {
  return useInfiniteQuery(getSpacesInfiniteQueryOptions(filters));
}
