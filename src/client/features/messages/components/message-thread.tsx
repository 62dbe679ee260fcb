import { ArrowLeft, Check, CheckCheck, Send } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { messageContentSchema, type ConversationSummary, type Message } from '@/shared/schemas/messages';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { cn } from '@/client/lib/cn';
import { useConversationMessages } from '../api/get-conversation-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { fullName, initialsOf } from '@/client/lib/people';
import { relativeTime } from '../lib/people';
import { HipaaReminder } from './hipaa-reminder';
import { useLiveMessages } from './live-messages-provider';

interface MessageThreadProps {
  conversationId: string;
  userId: string;
  /** The conversation's summary from the list, when it is there. */
  summary: ConversationSummary | undefined;
  /** Back to the list (phones). */
  onBack: () => void;
  className?: string;
  /** What the page offers beside each message the other participant sent (its Report button). */
  messageActions?: (message: Message) => ReactNode;
  /** What the page offers in the header about the other participant (Report this user). */
  participantActions?: (other: { id: string; name: string }) => ReactNode;
}

/** The other participant and the space, from the summary or else from the messages themselves. */
function counterpart(summary: ConversationSummary | undefined, thread: Message[] | undefined, userId: string) {
  if (summary) return { name: fullName(summary.otherUser), spaceTitle: summary.spaceTitle };
  const theirs = thread?.find((message) => message.senderId !== userId);
  const any = thread?.[0];
  return { name: theirs ? fullName(theirs.sender) : 'Conversation', spaceTitle: any?.space?.title ?? null };
}

/**
 * The selected conversation (docs/product.md#messages-page): a header with the
 * Connected/Disconnected indicator, the thread scrolled to the newest message,
 * and an input that sends on Enter (Shift+Enter adds a line), disabled while
 * disconnected. Opening it marks what the user received as read.
 */
export function MessageThread({
  conversationId,
  userId,
  summary,
  onBack,
  className,
  messageActions,
  participantActions,
}: MessageThreadProps) {
  const thread = useConversationMessages(conversationId);
  const live = useLiveMessages();
  const markRead = useMarkConversationRead(userId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const connected = live.status === 'connected';
  const messages = thread.data;
  const { name, spaceTitle } = counterpart(summary, messages, userId);

  // Auto-scroll to the newest message.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length, conversationId]);

  // Read receipts: opening the conversation (or a new message arriving in it) marks it read.
  // Each newest unread message is marked once, so a failing call is not repeated in a loop.
  const newestUnread = messages?.filter((message) => message.receiverId === userId && !message.readAt).at(-1)?.id;
  const markedFor = useRef<string | null>(null);
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (!newestUnread || markedFor.current === newestUnread) return;
    markedFor.current = newestUnread;
    markReadNow(conversationId);
  }, [newestUnread, markReadNow, conversationId]);

  const other =
    summary?.otherUser.id ??
    messages?.find((message) => message.senderId !== userId)?.senderId ??
    messages?.find((m) => m.receiverId !== userId)?.receiverId;

  const send = () => {
    const parsed = messageContentSchema.safeParse(draft);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message ?? 'Message cannot be empty');
      return;
    }
    if (!other) return;
    const sent = live.send({
      type: 'send_message',
      conversationId,
      senderId: userId,
      receiverId: other,
      content: parsed.data,
      messageType: 'text',
    });
    if (sent) {
      setDraft('');
      setDraftError(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section
      aria-label={`Conversation with ${name}`}
      className={cn('flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white', className)}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 p-4">
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Back to conversations" onClick={onBack}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          {spaceTitle ? <p className="truncate text-xs text-primary">{spaceTitle}</p> : null}
        </div>
        <span className="flex items-center gap-1.5 text-xs text-slate-600" role="status">
          <span className={cn('size-2 rounded-full', connected ? 'bg-green-500' : 'bg-slate-400')} aria-hidden="true" />
          {connected ? 'Connected' : 'Disconnected'}
        </span>
        {other && participantActions ? participantActions({ id: other, name }) : null}
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-live="polite">
        {thread.isPending ? (
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
          </div>
        ) : thread.isError ? (
          <p className="text-center text-sm text-slate-600">Failed to load messages. Please try again later.</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3">
            {messages?.map((message) => {
              const own = message.senderId === userId;
              return (
                <li
                  key={message.id}
                  className={cn('flex items-end gap-2', own ? 'justify-end' : 'justify-start')}
                  data-own={own ? 'true' : undefined}
                >
                  {own ? null : (
                    <span
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                      aria-hidden="true"
                    >
                      {initialsOf(message.sender)}
                    </span>
                  )}
                  <div
                    className={cn(
                      'max-w-[80%] rounded-2xl px-3.5 py-2',
                      own ? 'rounded-br-sm bg-primary text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                    )}
                  >
                    {own ? null : <p className="text-xs font-semibold text-slate-700">{fullName(message.sender)}</p>}
                    <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
                    <p className={cn('mt-0.5 flex items-center justify-end gap-1 text-[11px]', own ? 'text-white' : 'text-slate-600')}>
                      <time dateTime={message.createdAt}>{relativeTime(message.createdAt)}</time>
                      {own ? (
                        message.readAt ? (
                          <CheckCheck className="size-3.5" aria-label="Read" data-testid="read-mark" />
                        ) : (
                          <Check className="size-3.5" aria-label="Sent" />
                        )
                      ) : null}
                    </p>
                  </div>
                  {own ? null : messageActions?.(message)}
                </li>
              );
            })}
          </ol>
        )}
        <div ref={endRef} />
      </div>

      <div className="grid grid-cols-1 gap-2 border-t border-slate-200 p-4">
        <HipaaReminder />
        <div className="flex items-end gap-2">
          <Textarea
            rows={2}
            aria-label="Message"
            aria-invalid={draftError ? true : undefined}
            placeholder={connected ? 'Type a message...' : 'Connecting...'}
            disabled={!connected}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (draftError) setDraftError(null);
            }}
            onKeyDown={onKeyDown}
            className="min-h-0 flex-1 resize-none"
          />
          <Button size="icon" aria-label="Send" disabled={!connected} onClick={send}>
            <Send className="size-4" aria-hidden="true" />
          </Button>
        </div>
        {draftError ? (
          <p className="text-sm text-destructive" role="alert">
            {draftError}
          </p>
        ) : null}
        {live.error && !connected ? <p className="text-xs text-destructive">{live.error}</p> : null}
      </div>
    </section>
  );
}
