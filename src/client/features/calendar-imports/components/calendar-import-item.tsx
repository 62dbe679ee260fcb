import { CircleAlert, LoaderCircle, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarImport } from '@/shared/schemas/calendar-imports';
import { Button } from '@/client/components/ui/button';
import { useSyncCalendarImport } from '../api/sync-calendar-import';
import { eventsImportedText, lastSyncedText, requestErrorText, shortFeedAddress } from '../lib/feed-text';

/**
 * One imported calendar: its name, its address shortened, when it was last read and how many busy
 * times that gave, its last error in words; "Sync now" (a spinner until the server has read it) and
 * "Remove" (which asks first, through `onRemove`).
 */
export function CalendarImportItem({
  spaceId,
  feed,
  now,
  onRemove,
}: {
  spaceId: string;
  feed: CalendarImport;
  /** The time "Last synced …" is counted to (ms). */
  now: number;
  onRemove: (feed: CalendarImport) => void;
}) {
  const id = useId();
  const sync = useSyncCalendarImport(spaceId);
  const [outcome, setOutcome] = useState('');

  const syncNow = () => {
    setOutcome('');
    sync.mutate(feed.id, {
      onSuccess: (synced) =>
        setOutcome(
          synced.lastError
            ? `“${synced.name}” could not be read: ${synced.lastError}`
            : `“${synced.name}” synced: ${eventsImportedText(synced.eventsImported, synced.eventsSkipped)}.`,
        ),
    });
  };

  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:p-4" aria-labelledby={`${id}-name`} data-testid="calendar-import">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p id={`${id}-name`} className="font-medium break-words text-slate-900">
            {feed.name}
          </p>
          <p className="font-mono text-xs break-all text-slate-600">{shortFeedAddress(feed.url)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={syncNow} disabled={sync.isPending} aria-label={`Sync now: ${feed.name}`}>
            {sync.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onRemove(feed)} aria-label={`Remove: ${feed.name}`}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {lastSyncedText(feed.lastSyncedAt, now)}
        {feed.lastSyncedAt ? ` · ${eventsImportedText(feed.eventsImported, feed.eventsSkipped)}` : null}
      </p>
      {feed.lastError ? (
        <p
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-2.5 text-sm text-red-800"
          data-testid="calendar-import-error"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">The last sync attempt failed: </span>
            {feed.lastError}
            {feed.eventsImported > 0 ? ' The busy times read before are kept.' : null}
          </span>
        </p>
      ) : null}
      {sync.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2.5 text-sm text-red-800">
          {requestErrorText(sync.error, 'The calendar could not be synced. Please try again later.')}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {sync.isPending ? `Syncing “${feed.name}”…` : outcome}
      </p>
    </li>
  );
}
