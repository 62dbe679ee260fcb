import { Search } from 'lucide-react';
import { useState } from 'react';
import type { ConversationSummary } from '@/shared/schemas/messages';
import { Badge } from '@/client/components/ui/badge';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { fullName, initialsOf } from '@/client/lib/people';
import { matchesConversationSearch, relativeTime } from '../lib/people';

interface ConversationListProps {
  conversations: ConversationSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  className?: string;
}

/**
 * The conversation list of /messages (docs/product.md#messages-page): search by the other
 * user's name or the space title, a count badge, and per conversation the
 * unread badge, last message and relative time.
 */
export function ConversationList({ conversations, loading, failed, selectedId, onSelect, className }: ConversationListProps) {
  const [query, setQuery] = useState('');
  const shown = (conversations ?? []).filter((conversation) => matchesConversationSearch(conversation, query));

  return (
    <section aria-label="Conversations" className={cn('flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white', className)}>
      <div className="grid gap-3 border-b border-slate-200 p-4">
        <div className="flex items-center justify-between">
          <h1 className="text-lg font-semibold text-slate-900">Messages</h1>
          <Badge variant="secondary" aria-label={`${conversations?.length ?? 0} conversations`}>
            {conversations?.length ?? 0}
          </Badge>
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search conversations"
            placeholder="Search conversations..."
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <div className="grid gap-3 p-4" aria-hidden="true">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-14" />
            ))}
          </div>
        ) : failed ? (
          <p className="p-6 text-center text-sm text-slate-600">Failed to load messages. Please try again later.</p>
        ) : shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">
            {conversations?.length ? 'No conversations match your search' : 'No conversations yet'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((conversation) => {
              const selected = conversation.conversationId === selectedId;
              return (
                <li key={conversation.conversationId}>
                  <button
                    type="button"
                    onClick={() => onSelect(conversation.conversationId)}
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50',
                      selected && 'bg-primary-soft/60',
                    )}
                  >
                    <span
                      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
                      aria-hidden="true"
                    >
                      {initialsOf(conversation.otherUser)}
                    </span>
                    <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-medium text-slate-900">{fullName(conversation.otherUser)}</span>
                        <time dateTime={conversation.lastMessage.createdAt} className="shrink-0 text-xs text-slate-600">
                          {relativeTime(conversation.lastMessage.createdAt)}
                        </time>
                      </span>
                      {conversation.spaceTitle ? <span className="truncate text-xs text-primary">{conversation.spaceTitle}</span> : null}
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate text-sm text-slate-600">{conversation.lastMessage.content}</span>
                        {conversation.unreadCount > 0 ? (
                          <span
                            className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-white"
                            aria-label={`${conversation.unreadCount} unread`}
                          >
                            {conversation.unreadCount}
                          </span>
                        ) : null}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
