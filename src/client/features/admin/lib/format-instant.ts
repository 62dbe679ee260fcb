/**
 * An instant (ISO-8601 UTC) as the console shows it: date and time in the operator's zone, e.g.
 * "Nov 26, 2026, 10:38 AM"; or with `timeZone` (a space's IANA zone, for its bookings) in that
 * zone with its short name, e.g. "Nov 26, 2026, 10:38 AM EST".
 */
export function formatInstant(iso: string, timeZone?: string): string {
  if (!timeZone) return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}
