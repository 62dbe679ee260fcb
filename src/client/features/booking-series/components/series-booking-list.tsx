import { ChevronDown, Repeat } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { readBookingLink } from '@/shared/booking-notices';
import { formatUsd } from '@/shared/money';
import type { Booking } from '@/shared/schemas/bookings';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { paths } from '@/client/lib/paths';
import { groupBySeries, summarizeSeries } from '../lib/series-groups';
import { CancelSeriesButton } from './cancel-series-button';

type ListedBooking = Pick<Booking, 'id' | 'seriesId' | 'spaceId' | 'startDate' | 'endDate' | 'totalPrice' | 'status' | 'space'>;

/**
 * A list of bookings (the renter's, or those of an owner's spaces) with each recurring series as
 * one card (docs/decisions/026-booking-series.md): "Weekly on Tue, Thu · 12 bookings · from … to …"
 * and its total, which opens to its occurrences, each drawn by the list's own `renderRow` (so each
 * keeps its Cancel). With `cancelAs` (the renter), a series with upcoming confirmed bookings offers
 * "Cancel the rest of the series".
 */
export function SeriesBookingList<T extends ListedBooking>({
  bookings,
  renderRow,
  cancelAs,
  renderPapers,
}: {
  bookings: T[];
  renderRow: (booking: T) => ReactNode;
  cancelAs?: string;
  /** The series' papers (one receipt and agreement for its one payment), drawn on its card from its first occurrence. */
  renderPapers?: (first: T) => ReactNode;
}) {
  // When the list was opened: "the rest" is what starts after it (the server re-checks).
  const [openedAt] = useState(() => new Date());
  const linkedId = readBookingLink(useSearch())?.bookingId;
  return (
    <ul className="grid gap-3">
      {groupBySeries(bookings).map((item) =>
        item.kind === 'booking' ? (
          <li key={item.booking.id}>{renderRow(item.booking)}</li>
        ) : (
          <li key={item.seriesId}>
            <SeriesCard
              seriesId={item.seriesId}
              occurrences={item.occurrences}
              renderRow={renderRow}
              cancelAs={cancelAs}
              renderPapers={renderPapers}
              now={openedAt}
              opened={item.occurrences.some((occurrence) => occurrence.id === linkedId)}
            />
          </li>
        ),
      )}
    </ul>
  );
}

function SeriesCard<T extends ListedBooking>({
  seriesId,
  occurrences,
  renderRow,
  cancelAs,
  renderPapers,
  now,
  opened,
}: {
  seriesId: string;
  occurrences: T[];
  renderRow: (booking: T) => ReactNode;
  cancelAs: string | undefined;
  renderPapers: ((first: T) => ReactNode) | undefined;
  now: Date;
  /** A link points at one of its occurrences: the card starts open. */
  opened: boolean;
}) {
  const [expanded, setExpanded] = useState(opened);
  const listId = useId();
  const summary = summarizeSeries(occurrences, now);
  const first = occurrences[0]!;
  const title = first.space?.title ?? 'Medical space';
  const place = first.space ? `${first.space.city}, ${first.space.state}` : null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="booking-series" data-series-id={seriesId}>
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <Link href={paths.space(first.spaceId)} className="font-medium text-slate-900 hover:text-primary hover:underline">
            {title}
          </Link>
          <p className="flex items-start gap-1.5 text-sm text-slate-700" data-testid="series-summary">
            <Repeat className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {summary.text}
          </p>
          <p className="text-sm text-slate-600">{[summary.times, place].filter(Boolean).join(' · ')}</p>
          <p className="text-sm text-slate-600" data-testid="series-statuses">
            {summary.statuses.map(({ status, count }) => `${count} ${status.replace('_', ' ')}`).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-semibold text-slate-900" data-testid="series-total">
            {formatUsd(summary.totalCents)}
          </span>
          <Button variant="outline" size="sm" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
            <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
            {expanded ? 'Hide the bookings' : `Show the ${occurrences.length} bookings`}
          </Button>
          {renderPapers?.(first)}
          {cancelAs && summary.upcoming > 0 ? (
            <CancelSeriesButton seriesId={seriesId} spaceTitle={title} upcoming={summary.upcoming} userId={cancelAs} />
          ) : null}
        </div>
      </div>
      {expanded ? (
        <ul id={listId} className="grid gap-2 border-t border-slate-200 bg-slate-50 p-3" aria-label={`Bookings of the series at ${title}`}>
          {occurrences.map((occurrence) => (
            <li key={occurrence.id}>{renderRow(occurrence)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
