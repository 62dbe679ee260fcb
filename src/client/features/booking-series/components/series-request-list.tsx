import { type ReactNode, useState } from 'react';
import { fromCents } from '@/shared/money';
import type { Booking } from '@/shared/schemas/bookings';
import { groupBySeries, summarizeSeries } from '../lib/series-groups';

type Request = Pick<Booking, 'id' | 'seriesId' | 'startDate' | 'endDate' | 'totalPrice' | 'status' | 'space'>;

/** What a series' one request row says in place of a single booking's dates and price. */
export interface SeriesRequestSummary {
  dates: string;
  total: string;
  bookingIds: string[];
}

/**
 * An owner's incoming requests with each recurring series as one request
 * (docs/decisions/026-booking-series.md): the row of its first occurrence, whose Accept and
 * Decline answer the whole series, saying "Weekly on Tue, Thu · 12 bookings · from … to …" and
 * the series' total.
 */
export function SeriesRequestList<T extends Request>({
  requests,
  renderRow,
}: {
  requests: T[];
  renderRow: (request: T, summary?: SeriesRequestSummary) => ReactNode;
}) {
  const [openedAt] = useState(() => new Date());
  return (
    <ul className="grid gap-3">
      {groupBySeries(requests).map((item) => {
        if (item.kind === 'booking') return <li key={item.booking.id}>{renderRow(item.booking)}</li>;
        const summary = summarizeSeries(item.occurrences, openedAt);
        return (
          <li key={item.seriesId} data-testid="series-request" data-series-id={item.seriesId}>
            {renderRow(item.occurrences[0]!, {
              dates: [summary.text, summary.times].filter(Boolean).join(' · '),
              total: fromCents(summary.totalCents),
              bookingIds: item.occurrences.map((occurrence) => occurrence.id),
            })}
          </li>
        );
      })}
    </ul>
  );
}
