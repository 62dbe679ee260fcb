import { formatDistanceStrict } from 'date-fns';

/** How long ago an ISO instant was: "just now", "5 minutes ago", "2 days ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  if (now - time < 45_000) return 'just now';
  return formatDistanceStrict(time, now, { addSuffix: true });
}

/** Whether a conversation matches the search box: the other user's first or last name, or the space title (docs/product.md#messages-page). */
export function matchesConversationSearch(
  conversation: { otherUser: { firstName: string; lastName: string }; spaceTitle: string | null },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [conversation.otherUser.firstName, conversation.otherUser.lastName, conversation.spaceTitle ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
