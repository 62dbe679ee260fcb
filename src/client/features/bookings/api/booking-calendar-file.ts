/**
 * GET /api/bookings/:id/calendar.ics: the booking as a calendar file (one event in the space's time
 * zone), for its renter and owner. Opened by a link, not fetched: the browser sends the session
 * cookie and saves the attachment, which a calendar app then imports.
 */
export function bookingCalendarFileUrl(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
}
