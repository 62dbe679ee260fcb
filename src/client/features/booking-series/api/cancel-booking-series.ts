import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingSeries } from '@/shared/schemas/booking-series';
import type { CancellationQuote } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';
import { getBookingSeriesQueryOptions } from './get-booking-series';

/**
 * GET /api/booking-series/:id/cancellation: what cancelling the rest of the series now would refund
 * (every remaining occurrence by its own policy tier, added up; docs/decisions/026-booking-series.md).
 */
export function getSeriesCancellationQuote(seriesId: string, signal?: AbortSignal): Promise<CancellationQuote> {
  return api.get<CancellationQuote>(`/api/booking-series/${encodeURIComponent(seriesId)}/cancellation`, { signal });
}

/** The quote is asked for each time the dialog opens: it changes with the clock. */
export function useSeriesCancellationQuote(seriesId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['booking-series', seriesId, 'cancellation'],
      queryFn: ({ signal }) => getSeriesCancellationQuote(seriesId, signal),
    }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /api/booking-series/:id/cancel: cancels every remaining upcoming occurrence (one refund). 409 when none is left to cancel. */
export function cancelBookingSeries(input: { seriesId: string; userId: string }): Promise<BookingSeries> {
  return api.put<BookingSeries>(`/api/booking-series/${encodeURIComponent(input.seriesId)}/cancel`, { userId: input.userId });
}

/**
 * Cancels the rest of a series, then refreshes the series and the user's bookings (the list of the
 * bookings feature, `['users', userId, 'bookings']`, where each occurrence shows its new status).
 */
export function useCancelBookingSeries(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => cancelBookingSeries({ seriesId, userId }),
    onSettled: (_answer, _error, seriesId) =>
      Promise.all([
        // Exactly the series: its cancellation quote (a longer key) would be asked again while its dialog closes, and answer 409.
        queryClient.invalidateQueries({ queryKey: getBookingSeriesQueryOptions(seriesId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['users', userId, 'bookings'] }),
      ]),
  });
}
