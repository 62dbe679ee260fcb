import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBooking, AdminRefund } from '@/shared/schemas/admin-bookings';
import { api } from '@/client/lib/api-client';
import { adminBookingsQueryKey } from './get-admin-booking';
import { refreshConsole } from './use-console-action';

/**
 * POST /api/admin/bookings/:id/refund with the dialog's `Idempotency-Key`: asked twice (a retry,
 * a double click), one refund is made.
 */
export function refundBooking({
  id,
  idempotencyKey,
  ...body
}: { id: string; idempotencyKey: string } & AdminRefund): Promise<AdminBooking> {
  return api.post<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(id)}/refund`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The refund's mutation: the booking's reads and the rest of the console are refreshed once it is done. */
export function useRefundBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBooking,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminBookingsQueryKey }), refreshConsole(queryClient)]),
  });
}
