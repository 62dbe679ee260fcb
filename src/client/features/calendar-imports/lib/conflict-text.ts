/** How a calendar conflict reads on screen: its times in the space's own zone. */

/**
 * `[startAt, endAt)` (ISO instants) as read in `timeZone`, its zone named: "Tue, Dec 8, 9:00 – 11:00 AM CST",
 * "Tue, Dec 8, 10:00 PM – Wed, Dec 9, 2:00 AM CST"; the instants as given when a time cannot be read.
 */
export function zonedRangeText(startAt: string, endAt: string, timeZone: string): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return `${startAt} – ${endAt}`;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatRange(start, end);
  } catch {
    // An unknown zone: the viewer's own, still named.
    return new Intl.DateTimeFormat('en-US', options).formatRange(start, end);
  }
}
