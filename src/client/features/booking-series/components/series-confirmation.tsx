import type { PricingPeriod } from '@/shared/constants';
import { formatUsd } from '@/shared/money';
import { centsOf } from '@/client/lib/format';
import { useBookingSeries } from '../api/get-booking-series';
import { formatBookedOccurrence } from '../lib/occurrence-text';
import { formatWeekdays } from '../lib/series-groups';

/**
 * The bookings of a series just paid for, under the space page's confirmation
 * (docs/decisions/026-booking-series.md): how many, the days they repeat on, the one total, and
 * each occurrence in the space's time zone.
 */
export function SeriesConfirmation({ seriesId, period, timeZone }: { seriesId: string; period: PricingPeriod; timeZone: string }) {
  const series = useBookingSeries(seriesId);
  if (series.isPending) return <p className="text-sm">Loading your bookings…</p>;
  if (series.isError) return <p className="text-sm">Your bookings are in your profile.</p>;
  const occurrences = series.data.occurrences.filter((occurrence) => occurrence.status !== 'cancelled');
  const count = occurrences.length;
  return (
    <div className="grid w-full gap-2 text-sm" data-testid="series-confirmation">
      <p className="font-medium">
        {count} {count === 1 ? 'booking' : 'bookings'}, weekly on {formatWeekdays(series.data.recurrence.weekdays)} · total{' '}
        {formatUsd(centsOf(series.data.totalPrice) ?? 0)}
      </p>
      <ol className="grid max-h-48 gap-1 overflow-y-auto rounded-md bg-white/60 p-2" aria-label="Your bookings in this series" tabIndex={0}>
        {occurrences.map((occurrence) => (
          <li key={occurrence.id}>{formatBookedOccurrence(occurrence, period, timeZone)}</li>
        ))}
      </ol>
    </div>
  );
}
