import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@/shared/schemas/reviews';
import { api } from '@/client/lib/api-client';
import { getBookingReviewsQueryOptions } from './get-booking-reviews';

/** POST /api/bookings/:id/reviews: 201 with the review; 409 outside the window or when written already. */
export function createReview(bookingId: string, input: CreateReviewInput): Promise<Review> {
  return api.post<Review>(`/api/bookings/${encodeURIComponent(bookingId)}/reviews`, input);
}

/** Writes the review, then refreshes the booking's reviews and, as a review may publish both, the space's reviews and rating. */
export function useCreateReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => createReview(bookingId, input),
    onSettled: async (review) => {
      await queryClient.invalidateQueries({ queryKey: getBookingReviewsQueryOptions(bookingId).queryKey });
      if (review) {
        await queryClient.invalidateQueries({ queryKey: ['reviews', 'space', review.spaceId] });
        // The space's own answer carries its rating.
        await queryClient.invalidateQueries({ queryKey: ['spaces', 'detail', review.spaceId] });
      }
    },
  });
}
