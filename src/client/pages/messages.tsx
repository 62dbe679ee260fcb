import { lazy, Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { useConversations } from '@/client/features/messages/api/get-conversations';
import { ConversationList } from '@/client/features/messages/components/conversation-list';
import { MessageThread } from '@/client/features/messages/components/message-thread';
import { useAuth } from '@/client/lib/auth';
import { cn } from '@/client/lib/cn';
import { paths } from '@/client/lib/paths';

// The Report buttons (the other person, and each message they sent) and their dialog load after the thread.
const ReportButton = lazy(() => import('@/client/features/reports/components/report-button'));

/**
 * /messages (docs/product.md#messages-page): the conversation list and the selected thread,
 * side by side; on a phone they are two screens. `?conversation=` selects one.
 */
export function MessagesPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(useSearch()).get('conversation');
  const conversations = useConversations(user?.id);

  // Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead.
  if (!user) return null;

  const summary = conversations.data?.find((conversation) => conversation.conversationId === selectedId);

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl flex-col px-4 py-4 sm:px-6 md:py-6 lg:px-8">
      <PageMeta title="Messages | ClinicShare" />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <ConversationList
          className={cn(selectedId && 'hidden md:flex')}
          conversations={conversations.data}
          loading={conversations.isPending}
          failed={conversations.isError}
          selectedId={selectedId}
          onSelect={(id) => navigate(paths.conversation(id))}
        />
        {selectedId ? (
          <MessageThread
            key={selectedId}
            conversationId={selectedId}
            userId={user.id}
            summary={summary}
            onBack={() => navigate(paths.messages())}
            participantActions={(other) => (
              <Suspense fallback={null}>
                <ReportButton targetType="user" targetId={other.id} label={`Report ${other.name}`} />
              </Suspense>
            )}
            messageActions={(message) => (
              <Suspense fallback={null}>
                <ReportButton targetType="message" targetId={message.id} label={`Report this message from ${message.sender.firstName}`} />
              </Suspense>
            )}
          />
        ) : (
          <section className="hidden items-center justify-center rounded-lg border border-slate-200 bg-white p-8 text-center md:flex">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">Select a conversation</h2>
              <p className="mt-1 text-sm text-slate-600">Choose a conversation from the list to read and reply.</p>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
