import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminBooking, AdminBookingsPage } from '@/shared/schemas/admin-bookings';
import { api } from '@/client/lib/api-client';

/** The key every booking read of the console starts with (a refund refreshes them all). */
export const adminBookingsQueryKey = ['admin', 'bookings'] as const;

/** GET /api/admin/bookings/:id: the booking with its parties, status history and payment. */
export function getAdminBooking(id: string, signal?: AbortSignal): Promise<AdminBooking> {
  return api.get<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(id)}`, { signal });
}

/** The console's booking `id` (nothing is asked while `id` is empty). */
export function useAdminBooking(id: string) {
  return useQuery({
    queryKey: [...adminBookingsQueryKey, 'one', id],
    queryFn: ({ signal }) => getAdminBooking(id, signal),
    enabled: id !== '',
    retry: false,
  });
}

/** What the lookup asks for: a user's bookings (made or received), a space's, or those `q` finds (a receipt number, an email, the start of an id). */
export type BookingsLookup = { userId: string } | { spaceId: string } | { q: string };

/** GET /api/admin/bookings?userId=|spaceId=|q=&page=: newest first, a page at a time. */
export function getAdminBookings(lookup: BookingsLookup, page: number, signal?: AbortSignal): Promise<AdminBookingsPage> {
  return api.get<AdminBookingsPage>('/api/admin/bookings', { params: { ...lookup, page }, signal });
}

/** The console's lookup of bookings by user, space or `q` (nothing is asked without one). */
export function useAdminBookings(lookup: BookingsLookup | null, page: number) {
  return useQuery({
    queryKey: [...adminBookingsQueryKey, 'list', lookup, page],
    queryFn: ({ signal }) => getAdminBookings(lookup!, page, signal),
    enabled: lookup !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
