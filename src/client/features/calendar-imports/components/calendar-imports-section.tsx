import { CalendarSync } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type CalendarImport, MAX_CALENDAR_IMPORTS_PER_SPACE } from '@/shared/schemas/calendar-imports';
import { CalendarFeedCard } from '@/client/components/calendar-feed/calendar-feed-card';
import { Button } from '@/client/components/ui/button';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { cn } from '@/client/lib/cn';
import { useCalendarImports } from '../api/get-calendar-imports';
import { AddCalendarImportForm } from './add-calendar-import-form';
import { CalendarImportItem } from './calendar-import-item';
import { RemoveCalendarImportDialog } from './remove-calendar-import-dialog';

/**
 * The "Calendars" section of one space (docs/decisions/038-calendar-import.md): the calendars the
 * owner imported into it, each with its last sync, events imported and last error, "Sync now" and
 * "Remove", and a form to add one (up to {@link MAX_CALENDAR_IMPORTS_PER_SPACE}). `headingLevel`
 * fits the page it sits in; `spacePicker` (the owner calendar's choice of space) goes under the heading.
 */
export function CalendarImportsSection({
  spaceId,
  headingLevel = 2,
  spacePicker,
  className,
}: {
  spaceId: string;
  headingLevel?: 2 | 3;
  spacePicker?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn('grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5', className)}
      data-testid="calendar-imports"
    >
      <div className="grid gap-1">
        <Heading id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Calendars
        </Heading>
        <p className="text-sm text-slate-600">
          Import your own calendars so that their busy times block this space. They are read again every few minutes; only the times are
          kept, never what the events say.
        </p>
      </div>
      {spacePicker}
      <CalendarImportsList spaceId={spaceId} formHeadingLevel={headingLevel === 2 ? 3 : 4} />
      <CalendarFeedCard
        path={`/api/spaces/${encodeURIComponent(spaceId)}/calendar-feed`}
        queryKey={['space-calendar-feed', spaceId]}
        headingLevel={headingLevel === 2 ? 3 : 4}
        texts={{
          title: 'Export this space’s calendar',
          description:
            'Other sites you list this space on, and your own calendar, can import this address to see when the space is booked or blocked. It shows only the times, never who booked. Anyone with the address can see them, so share it only with those sites.',
          getLabel: 'Get the export address',
          gettingLabel: 'Getting the export address…',
          loadError: 'Failed to get the export address. Please try again.',
          testId: 'space-calendar-feed',
        }}
      />
    </section>
  );
}

/** The time now, again every `everyMs` (and when a sync answers, as the list re-renders): "Last synced 5 minutes ago" stays true. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The list (or its loading, error and empty states), the add form, and the confirmation of a removal. */
function CalendarImportsList({ spaceId, formHeadingLevel }: { spaceId: string; formHeadingLevel: 3 | 4 }) {
  const feeds = useCalendarImports(spaceId);
  const now = Math.max(useNow(30_000), feeds.dataUpdatedAt);
  const [removing, setRemoving] = useState<CalendarImport | null>(null);

  if (feeds.isPending) return <SkeletonRows label="Loading your imported calendars" count={2} rowClassName="h-16" />;
  if (feeds.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <LoadError>Failed to load the imported calendars. Please try again.</LoadError>
        <Button variant="outline" onClick={() => void feeds.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const full = feeds.data.length >= MAX_CALENDAR_IMPORTS_PER_SPACE;
  return (
    <>
      {feeds.data.length === 0 ? (
        <EmptyState icon={CalendarSync} title="No calendars imported yet">
          Add the secret address of a calendar from Google Calendar, Outlook, Apple Calendar or your practice software: its busy times will
          block this space, so renters cannot book it while you use it.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Imported calendars">
          {feeds.data.map((feed) => (
            <CalendarImportItem key={feed.id} spaceId={spaceId} feed={feed} now={now} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-slate-700">
          This space imports {MAX_CALENDAR_IMPORTS_PER_SPACE} calendars, the most it can: remove one to add another.
        </p>
      ) : (
        <AddCalendarImportForm spaceId={spaceId} headingLevel={formHeadingLevel} />
      )}
      <RemoveCalendarImportDialog spaceId={spaceId} feed={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
