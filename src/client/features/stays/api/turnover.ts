import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TurnoverAttestationInput, TurnoverLog } from '@/shared/schemas/stays';
import { api } from '@/client/lib/api-client';

/** GET /api/bookings/:id/turnover: the listing's turnover checklist and the booking's attestations, oldest first. */
export function getTurnoverLog(bookingId: string, signal?: AbortSignal): Promise<TurnoverLog> {
  return api.get<TurnoverLog>(`/api/bookings/${encodeURIComponent(bookingId)}/turnover`, { signal });
}

export function getTurnoverLogQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['bookings', bookingId, 'turnover'],
    queryFn: ({ signal }) => getTurnoverLog(bookingId, signal),
  });
}

/** The turnover log of a booking, fetched while `enabled` (a dialog is open). */
export function useTurnoverLog(bookingId: string, enabled: boolean) {
  return useQuery({ ...getTurnoverLogQueryOptions(bookingId), enabled });
}

/** POST /api/bookings/:id/turnover: the renter or the owner attests the room's state; answers the log. */
export function attestTurnover(bookingId: string, input: TurnoverAttestationInput): Promise<TurnoverLog> {
  return api.post<TurnoverLog>(`/api/bookings/${encodeURIComponent(bookingId)}/turnover`, input);
}

/** Attests the turnover checklist; the booking's log is refreshed with the answer. */
export function useAttestTurnover(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TurnoverAttestationInput) => attestTurnover(bookingId, input),
    onSuccess: (log) => queryClient.setQueryData(getTurnoverLogQueryOptions(bookingId).queryKey, log),
  });
}
