import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { CONTACT_TOPIC_LABELS } from '@/shared/schemas/contact';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { useInbox } from '../api/get-inbox';
import { formatInstant } from '../lib/format-instant';

/** The contact form's messages (docs/product.md#contact-us), newest first, a page at a time. */
export function InboxPanel() {
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);
  return (
    <section aria-labelledby="console-inbox" className="grid gap-4">
      <h2 id="console-inbox" className="text-lg font-semibold text-slate-900">
        Contact messages
      </h2>
      {inbox.isPending ? (
        <SkeletonRows label="Loading the contact messages" rowClassName="h-16" />
      ) : inbox.isError ? (
        <LoadError>Failed to load the contact messages. Please try again later.</LoadError>
      ) : inbox.data.messages.length === 0 ? (
        <EmptyState icon={Inbox} title="No contact messages">
          What people send with the Contact Us form appears here.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-busy={inbox.isFetching}>
          {inbox.data.messages.map((message) => (
            <li
              key={message.id}
              className="grid min-w-0 gap-1 rounded-lg border border-slate-200 p-4 wrap-anywhere"
              data-testid="console-contact-message"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="muted">{CONTACT_TOPIC_LABELS[message.topic]}</Badge>
                <span className="font-medium text-slate-900">{message.name}</span>
                <a className="text-sm text-primary hover:underline" href={`mailto:${message.email}`}>
                  {message.email}
                </a>
                <span className="text-sm text-slate-600">{formatInstant(message.createdAt)}</span>
              </div>
              <p className="text-sm whitespace-pre-line text-slate-700">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      {inbox.data && (page > 1 || inbox.data.hasMore) ? (
        <nav aria-label="Contact message pages" className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
            Newer
          </Button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <Button variant="outline" size="sm" disabled={!inbox.data.hasMore} onClick={() => setPage((current) => current + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
