import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RescheduleQuote, RescheduleRequest } from '@/shared/schemas/reschedules';
import { api } from '@/client/lib/api-client';

/** POST /api/bookings/:id/reschedule/quote: what moving the booking to `dates` would cost now; changes nothing. */
export function quoteReschedule(bookingId: string, dates: RescheduleRequest, signal?: AbortSignal): Promise<RescheduleQuote> {
  return api.post<RescheduleQuote>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule/quote`, dates, { signal });
}

export function getRescheduleQuoteQueryOptions(bookingId: string, dates: RescheduleRequest) {
  return queryOptions({
    queryKey: ['bookings', bookingId, 'reschedule-quote', dates.startDate, dates.endDate],
    queryFn: ({ signal }) => quoteReschedule(bookingId, dates, signal),
  });
}

/** The quote of the chosen time, asked once both ends are chosen; never kept (it changes with the clock). */
export function useRescheduleQuote(bookingId: string, dates: RescheduleRequest) {
  return useQuery({
    ...getRescheduleQuoteQueryOptions(bookingId, dates),
    enabled: Boolean(dates.startDate && dates.endDate),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
