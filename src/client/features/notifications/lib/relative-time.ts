import { formatDistanceStrict } from 'date-fns';

/** "just now" under 45 seconds, else "5 minutes ago", "2 days ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  if (now - time < 45_000) return 'just now';
  return formatDistanceStrict(time, now, { addSuffix: true });
}

/** The bell's accessible name: "Notifications, 3 unread", or "Notifications" at 0. */
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
}
