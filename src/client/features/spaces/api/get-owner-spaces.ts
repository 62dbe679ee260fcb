import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@/shared/constants';
import { getSpaces } from './get-spaces';

/** GET /api/spaces?ownerId={id} (docs/product.md#api-calls): an owner's active spaces, newest first, {@link MAX_PAGE_SIZE} a page. */
export function getOwnerSpacesQueryOptions(ownerId: string) {
  return infiniteQueryOptions({
    queryKey: ['spaces', 'owner', ownerId],
    queryFn: ({ pageParam, signal }) => getSpaces({ ownerId, limit: MAX_PAGE_SIZE, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** The owner's spaces ('Load more' for the next page); `data.pages[0].total` counts them all. */
export function useOwnerSpaces(ownerId: string | undefined) {
  return useInfiniteQuery({ ...getOwnerSpacesQueryOptions(ownerId ?? ''), enabled: Boolean(ownerId) });
}
