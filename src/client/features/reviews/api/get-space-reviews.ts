import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { spaceReviewsPath } from '@/shared/api-paths';
import { REVIEW_PAGE_SIZE, type ReviewPage } from '@/shared/schemas/reviews';
import { api } from '@/client/lib/api-client';
import { takeEmbeddedAnswer } from '@/client/lib/read-embedded-answers';

/** GET /api/spaces/:id/reviews: a page of the space's published reviews, newest first, with its rating. */
export function getSpaceReviews(spaceId: string, offset: number, signal?: AbortSignal): Promise<ReviewPage> {
  return api.get<ReviewPage>(spaceReviewsPath(spaceId, offset ? { offset } : undefined), { signal });
}

/** The space's reviews a page at a time; the page the server rendered embeds the first. */
export function getSpaceReviewsQueryOptions(spaceId: string) {
  return infiniteQueryOptions({
    queryKey: ['reviews', 'space', spaceId],
    queryFn: ({ pageParam, signal }) => getSpaceReviews(spaceId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ReviewPage, pages: ReviewPage[]) => {
      const shown = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return shown < last.total && last.reviews.length === REVIEW_PAGE_SIZE ? shown : undefined;
    },
    initialData: () => {
      const embedded = takeEmbeddedAnswer(spaceReviewsPath(spaceId))?.body as ReviewPage | undefined;
      return embedded ? { pages: [embedded], pageParams: [0] } : undefined;
    },
  });
}

export function useSpaceReviews(spaceId: string) {
  return useInfiniteQuery(getSpaceReviewsQueryOptions(spaceId));
}
