import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewReplyInput } from '@/shared/schemas/reviews';
import { api } from '@/client/lib/api-client';
import { getSpaceReviewsQueryOptions } from './get-space-reviews';

/** POST /api/reviews/:id/reply: the space owner's one public reply (409 for a second). */
export function replyToReview(reviewId: string, input: ReviewReplyInput): Promise<Review> {
  return api.post<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, input);
}

/** Replies, then refreshes the space's reviews. */
export function useReplyToReview(spaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => replyToReview(reviewId, { reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSpaceReviewsQueryOptions(spaceId).queryKey }),
  });
}
