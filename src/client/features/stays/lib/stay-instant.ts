/** An instant of the day of the stay in the space's zone (the viewer's when unknown): "Mar 3, 2026, 9:02 AM". */
export function formatStayInstant(value: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
}
