import type { ReactNode } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { splitUpcomingPast } from '../lib/booking-dates';

/** One row a booking, the default layout of a part. */
function rowList<T extends Pick<Booking, 'id'>>(bookings: T[], renderRow: (booking: T) => ReactNode): ReactNode {
  return (
    <ul className="grid gap-3">
      {bookings.map((booking) => (
        <li key={booking.id}>{renderRow(booking)}</li>
      ))}
    </ul>
  );
}

/**
 * A bookings list in two parts, Upcoming (soonest first) and Past (latest first), split at `now`
 * (`splitUpcomingPast`); each part is one `renderRow` a booking, or laid out by `renderList` (the
 * profile groups a recurring series), which draws each booking with `renderRow`. Past is left out
 * while empty.
 */
export function BookingsByTime<T extends Pick<Booking, 'id' | 'seriesId' | 'startDate' | 'endDate'>>({
  bookings,
  now,
  headingLevel = 3,
  renderRow,
  renderList = rowList,
}: {
  bookings: readonly T[];
  now: number;
  headingLevel?: 2 | 3;
  renderRow: (booking: T) => ReactNode;
  renderList?: (bookings: T[], renderRow: (booking: T) => ReactNode) => ReactNode;
}) {
  const { upcoming, past } = splitUpcomingPast(bookings, now);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-4">
      <section className="grid gap-2" data-testid="bookings-upcoming" aria-label="Upcoming">
        <Heading className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Upcoming</Heading>
        {upcoming.length > 0 ? renderList(upcoming, renderRow) : <p className="text-sm text-slate-600">No upcoming bookings.</p>}
      </section>
      {past.length > 0 ? (
        <section className="grid gap-2" data-testid="bookings-past" aria-label="Past">
          <Heading className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Past</Heading>
          {renderList(past, renderRow)}
        </section>
      ) : null}
    </div>
  );
}
