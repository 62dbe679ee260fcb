/** An instant (ISO-8601 UTC) as the console shows it: date and time in the operator's zone, e.g. "Nov 26, 2026, 10:38 AM". */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
