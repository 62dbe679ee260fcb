import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSeries } from '@/shared/schemas/booking-series';
import { api } from '@/client/lib/api-client';

/** GET /api/booking-series/:id (its renter or the space's owner): the series' one payment and its occurrences, earliest first. */
export function getBookingSeries(seriesId: string, signal?: AbortSignal): Promise<BookingSeries> {
  return api.get<BookingSeries>(`/api/booking-series/${encodeURIComponent(seriesId)}`, { signal });
}

export function getBookingSeriesQueryOptions(seriesId: string) {
  return queryOptions({
    queryKey: ['booking-series', seriesId],
    queryFn: ({ signal }) => getBookingSeries(seriesId, signal),
  });
}

export function useBookingSeries(seriesId: string | null | undefined) {
  return useQuery({ ...getBookingSeriesQueryOptions(seriesId ?? ''), enabled: Boolean(seriesId) });
}
