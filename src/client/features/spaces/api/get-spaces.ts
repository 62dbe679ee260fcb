import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { firstResultsPath, spacesPath, type SpacesQuery } from '@/shared/api-paths';
import { DEFAULT_PAGE_SIZE } from '@/shared/constants';
import type { SpaceCard } from '@/shared/schemas/spaces';
import { request } from '@/client/lib/api-client';
import { takeEmbeddedAnswer } from '@/client/lib/read-embedded-answers';
import type { SpaceFilters } from '@/shared/space-filters';

export interface SpacesPage {
  spaces: SpaceCard[];
  /** All matches, from the X-Total-Count header; at least this many when `exact` is false ('1,000+'). */
  total: number;
  /** False when the server stopped counting (`X-Total-Count-Exact: false`). */
  exact: boolean;
  offset: number;
  /** The keyset cursor of the next page (`X-Next-Cursor`), or null on the last page. */
  nextCursor: string | null;
}

export type GetSpacesParams = SpacesQuery;

/** A page from GET /api/spaces's answer: its cards, and the counts and cursor from its headers. */
function toSpacesPage(data: SpaceCard[], headers: Headers, offset: number): SpacesPage {
  const header = Number(headers.get('X-Total-Count'));
  const total = headers.has('X-Total-Count') && Number.isFinite(header) ? header : offset + data.length;
  return { spaces: data, total, exact: headers.get('X-Total-Count-Exact') !== 'false', offset, nextCursor: headers.get('X-Next-Cursor') };
}

/** GET /api/spaces: one page of spaces matching the filters. */
export async function getSpaces(params: GetSpacesParams = {}, signal?: AbortSignal): Promise<SpacesPage> {
  const { data, headers } = await request<SpaceCard[]>('GET', spacesPath(params), { signal });
  return toSpacesPage(data, headers, params.offset ?? 0);
}

export function getSpacesQueryOptions(params: GetSpacesParams = {}) {
  return queryOptions({
    queryKey: ['spaces', 'list', params],
    queryFn: ({ signal }) => getSpaces(params, signal),
    // E.g. the home page's featured spaces, when the server embedded that very call.
    initialData: () => {
      const answer = takeEmbeddedAnswer(spacesPath(params));
      return answer ? toSpacesPage(answer.body as SpaceCard[], new Headers(answer.headers), params.offset ?? 0) : undefined;
    },
  });
}

/** A fixed slice of spaces, e.g. the 3 featured on the home page. */
export function useSpaces(params: GetSpacesParams = {}) {
  return useQuery(getSpacesQueryOptions(params));
}

export function getSpacesInfiniteQueryOptions(filters: SpaceFilters, pageSize = DEFAULT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: ['spaces', 'infinite', filters, pageSize],
    // 'Load more' follows the keyset cursor, so a deep page costs what the first one does.
    queryFn: ({ pageParam, signal }) => getSpaces({ ...filters, limit: pageSize, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The first page of /search as the server rendered it, when it embedded that very call.
    initialData: () => {
      const answer = takeEmbeddedAnswer(firstResultsPath(filters, pageSize));
      if (!answer) return undefined;
      return { pages: [toSpacesPage(answer.body as SpaceCard[], new Headers(answer.headers), 0)], pageParams: [undefined] };
    },
  });
}

/** Search results, a page of {@link DEFAULT_PAGE_SIZE} at a time ('Load more'). */
export function useInfiniteSpaces(filters: SpaceFilters) {
  return useInfiniteQuery(getSpacesInfiniteQueryOptions(filters));
}
