import { CalendarDays, CalendarX2, Plus } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import type { BookingStatus } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { EmptyState, LoadError } from '@/client/components/ui/states';
import { paths } from '@/client/lib/paths';
import { cn } from '@/client/lib/cn';
import { useCalendarEvents } from '../api/get-calendar-events';
import { type CalendarItem, type CalendarView, calendarItems, dateText, visibleRange } from '../lib/calendar-items';
import { ALL_SPACES, BlockDatesDialog, type BlockDatesRequest } from './block-dates-dialog';
import { ItemDialog } from './item-dialog';

// The calendar component and its styles load with this page only, after its frame (tests/unit/client-bundle.test.ts).
const OwnerCalendarView = lazy(() => import('./owner-calendar-view'));

const NARROW = '(max-width: 639px)';
const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Whether the screen is phone-narrow: there the agenda (a list) and the week fit, the month grid does not. */
const useNarrow = () =>
  useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );

const LEGEND = [
  { label: 'Confirmed', className: 'border-green-600 bg-green-100' },
  { label: 'Request', className: 'border-yellow-600 bg-yellow-100' },
  { label: 'Hold (awaiting payment)', className: 'border-dashed border-slate-500 bg-slate-100' },
  { label: 'Cancelled', className: 'border-red-600 bg-red-100' },
  { label: 'Blocked', className: 'border-slate-600 bg-slate-200' },
] as const;

/** What the page puts under the calendar for the spaces it shows: its "Calendars" section (imported calendars). */
export type SpacesSection = ComponentType<{ spaces: readonly { id: string; title: string }[]; spaceId: string | null }>;

/** What the page puts above the calendar for the owner: their conflict inbox (imported busy times over bookings). */
export type OwnerSection = ComponentType<{ userId: string; StatusBadge: ComponentType<{ status: BookingStatus }> }>;

/**
 * The owner's calendar (docs/product.md#calendar): their spaces' bookings, requests, holds and
 * blocked dates by month, week or agenda, filtered by space; dragging over days of the month (or
 * "Add blocked dates") blocks them, and a blocked range opens "Unblock". `Calendars`, when given,
 * is shown under it with the spaces and the space filtered to (null: all); `Conflicts`, when given,
 * above it (decisions come first: a conflict's notification links here).
 */
export function OwnerCalendar({
  userId,
  StatusBadge,
  Calendars,
  Conflicts,
}: {
  userId: string;
  StatusBadge: ComponentType<{ status: BookingStatus }>;
  Calendars?: SpacesSection;
  Conflicts?: OwnerSection;
}) {
  const narrow = useNarrow();
  const [chosenView, setView] = useState<CalendarView | null>(null);
  const view = chosenView ?? (narrow ? 'agenda' : 'month');
  const [date, setDate] = useState(() => new Date());
  const [spaceFilter, setSpaceFilter] = useState('');
  const [blockRequest, setBlockRequest] = useState<BlockDatesRequest | null>(null);
  const [openItem, setOpenItem] = useState<CalendarItem | null>(null);
  const events = useCalendarEvents(userId, visibleRange(view, date));

  if (events.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading your calendar">
        <Skeleton className="h-10 w-full max-w-md rounded-md" />
        <Skeleton className="h-[32rem] rounded-lg" />
      </div>
    );
  }
  if (events.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <LoadError>Failed to load your calendar. Please try again later.</LoadError>
        <Button variant="outline" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { spaces } = events.data;
  if (spaces.length === 0) {
    return (
      <EmptyState
        icon={CalendarX2}
        title="No spaces yet"
        action={
          <Button asChild>
            <Link href={paths.listSpace()}>List Your Space</Link>
          </Button>
        }
      >
        Your calendar shows the bookings and blocked dates of the spaces you list.
      </EmptyState>
    );
  }
  const filter = spaces.some((space) => space.id === spaceFilter) ? spaceFilter : '';
  const items = calendarItems(events.data, filter || null);
  const bookingCount = items.filter((item) => item.kind === 'booking').length;
  const blockedCount = items.length - bookingCount;
  const defaultSpace = filter || (spaces.length > 1 ? ALL_SPACES : spaces[0]!.id);
  const askToBlock = (first: Date, last: Date) => setBlockRequest({ start: dateText(first), end: dateText(last), spaceId: defaultSpace });
  const today = dateText(new Date());

  return (
    // One column as wide as the page (minmax(0, 1fr)): a long space title in the filter or an event
    // never widens the page on a phone.
    <div className="grid grid-cols-1 gap-4">
      {Conflicts ? <Conflicts userId={userId} StatusBadge={StatusBadge} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full max-w-xs gap-1.5">
          <Label htmlFor="calendar-space">Space</Label>
          <Select id="calendar-space" value={filter} onChange={(event) => setSpaceFilter(event.target.value)}>
            <option value="">All your spaces</option>
            {spaces.map((space) => (
              <option key={space.id} value={space.id}>
                {space.title}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => setBlockRequest({ start: today, end: today, spaceId: defaultSpace })}>
          <Plus aria-hidden="true" />
          Add blocked dates
        </Button>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Legend">
        {LEGEND.map((entry) => (
          <li key={entry.label} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm border border-l-4 ${entry.className}`} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600" aria-live="polite">
        {events.isPlaceholderData
          ? 'Loading these dates…'
          : bookingCount === 0 && blockedCount === 0
            ? 'No bookings or blocked dates in these dates.'
            : `${bookingCount} ${bookingCount === 1 ? 'booking' : 'bookings'} and ${blockedCount} blocked ${blockedCount === 1 ? 'range' : 'ranges'} shown.`}
        {view === 'month' ? ' Drag across days to block them.' : null}
      </p>
      <div className={cn('min-w-0', events.isPlaceholderData && 'owner-calendar-stale')} aria-busy={events.isFetching || undefined}>
        <Suspense
          fallback={
            <div className="flex h-[32rem] items-center justify-center rounded-lg border border-slate-200" aria-busy="true">
              <CalendarDays className="size-8 animate-pulse text-slate-400" aria-label="Loading the calendar" />
            </div>
          }
        >
          <OwnerCalendarView
            items={items}
            view={view}
            views={['month', 'week', 'agenda']}
            date={date}
            onView={setView}
            onNavigate={setDate}
            onSelectDays={askToBlock}
            onOpenItem={setOpenItem}
          />
        </Suspense>
      </div>
      {Calendars ? <Calendars spaces={spaces} spaceId={filter || null} /> : null}
      <BlockDatesDialog userId={userId} spaces={spaces} request={blockRequest} onClose={() => setBlockRequest(null)} />
      <ItemDialog userId={userId} item={openItem} onClose={() => setOpenItem(null)} StatusBadge={StatusBadge} />
    </div>
  );
}
