import type { ReactNode } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { splitUpcomingPast } from '../lib/booking-dates';

/**
 * A bookings list in two parts, Upcoming (soonest first) and Past (latest first), split at `now`
 * (`splitUpcomingPast`); each part is drawn by `renderList`. Past is left out while empty.
 */
export function BookingsByTime<T extends Pick<Booking, 'seriesId' | 'startDate' | 'endDate'>>({
  bookings,
  now,
  headingLevel = 3,
  renderList,
}: {
  bookings: readonly T[];
  now: number;
  headingLevel?: 2 | 3;
  renderList: (bookings: T[]) => ReactNode;
}) {
  const { upcoming, past } = splitUpcomingPast(bookings, now);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-4">
      <section className="grid gap-2" data-testid="bookings-upcoming" aria-label="Upcoming">
        <Heading className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Upcoming</Heading>
        {upcoming.length > 0 ? renderList(upcoming) : <p className="text-sm text-slate-600">No upcoming bookings.</p>}
      </section>
      {past.length > 0 ? (
        <section className="grid gap-2" data-testid="bookings-past" aria-label="Past">
          <Heading className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Past</Heading>
          {renderList(past)}
        </section>
      ) : null}
    </div>
  );
}
