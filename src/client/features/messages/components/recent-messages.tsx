import { MessageSquare } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { paths } from '@/client/lib/paths';
import { useUserMessages } from '../api/get-user-messages';
import { fullName, initialsOf } from '@/client/lib/people';
import { relativeTime } from '../lib/people';

/** How many messages the profile's Messages tab shows (docs/product.md#constants). */
export const PROFILE_MESSAGES_COUNT = 5;

/**
 * The profile's Messages tab (docs/product.md#profile): the latest 5 messages, each
 * linking to its conversation on /messages; unread messages received by the
 * user carry a 'New' badge; then View All Messages.
 */
export function RecentMessages({ userId }: { userId: string }) {
  const messages = useUserMessages(userId, PROFILE_MESSAGES_COUNT);

  let body;
  if (messages.isPending) {
    body = <SkeletonRows label="Loading messages" rowClassName="h-16" />;
  } else if (messages.isError) {
    body = <LoadError>Failed to load messages. Please try again later.</LoadError>;
  } else if (messages.data.length === 0) {
    body = (
      <EmptyState icon={MessageSquare} title="No messages yet">
        Message a space owner from any listing to start a conversation.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-2" data-testid="recent-messages">
        {messages.data.slice(0, PROFILE_MESSAGES_COUNT).map((message) => {
          const mine = message.senderId === userId;
          const unread = !mine && message.receiverId === userId && message.readAt === null;
          return (
            <li key={message.id}>
              <Link
                href={paths.conversation(message.conversationId)}
                className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 transition hover:border-primary/50 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                data-testid="recent-message"
              >
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
                  aria-hidden="true"
                >
                  {initialsOf(message.sender)}
                </span>
                <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{mine ? 'You' : fullName(message.sender)}</span>
                    {message.space ? <span className="truncate text-sm text-slate-600">· {message.space.title}</span> : null}
                    {unread ? <Badge variant="default">New</Badge> : null}
                  </span>
                  <span className="truncate text-sm text-slate-700">{message.content}</span>
                  <span className="text-xs text-slate-600">{relativeTime(message.createdAt)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      {body}
      <div>
        <Button asChild variant="outline">
          <Link href={paths.messages()}>View All Messages</Link>
        </Button>
      </div>
    </div>
  );
}
