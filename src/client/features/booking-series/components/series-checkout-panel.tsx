import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ListingCalendar } from '@/shared/availability';
import type { Occurrence } from '@/shared/recurrence';
import { z } from 'zod';
import { type OccurrenceConflict, occurrenceConflictSchema, type SeriesOccurrence } from '@/shared/schemas/booking-series';
import { Button } from '@/client/components/ui/button';
import type { ApiRequestError } from '@/client/lib/api-client';
import { conflictReason, formatOccurrence } from '../lib/occurrence-text';

/** The series part of the payment step, as the checkout hands it over. */
export interface SeriesCheckoutPanelProps {
  calendar: Pick<ListingCalendar, 'period' | 'schedule'>;
  requested: Occurrence[];
  held: SeriesOccurrence[] | null;
  skipped: OccurrenceConflict[];
  /** As the 409 answer carries them: a reason this client does not know is shown as a plain refusal. */
  /** The server's 409 for the series, whose `conflicts` name each occurrence that cannot be booked. */
  refusal: ApiRequestError | null;
  busy: boolean;
  bookFreeOnly: () => void;
  changeChoice: () => void;
}

const refusalSchema = z.object({ conflicts: z.array(occurrenceConflictSchema).min(1) });

/** The occurrences a 409 names (docs/decisions/016-errors-as-json.md, `conflicts`), or null when it names none this client knows. */
function conflictsOf(refusal: ApiRequestError): OccurrenceConflict[] | null {
  try {
    const parsed = refusalSchema.safeParse(JSON.parse(refusal.body));
    return parsed.success ? parsed.data.conflicts : null;
  } catch {
    return null;
  }
}

const listClass = 'grid max-h-40 gap-1 overflow-y-auto rounded-md bg-slate-50 p-2 text-sm text-slate-700';

/**
 * A weekly series at payment (docs/decisions/026-booking-series.md): the bookings asked for, then
 * those held (and any left out); when the server refuses the series (409), each booking that
 * cannot be made with its reason, and the choice to book the free ones only or change the days.
 */
export function SeriesCheckoutPanel({
  calendar,
  requested,
  held,
  skipped,
  refusal,
  busy,
  bookFreeOnly,
  changeChoice,
}: SeriesCheckoutPanelProps) {
  const period = calendar.period;
  const conflicts = refusal ? conflictsOf(refusal) : null;
  if (refusal && !conflicts) {
    return (
      <div role="alert" className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <p>{refusal.serverMessage ?? 'Failed to initialize payment. Please try again.'}</p>
        <Button variant="outline" onClick={changeChoice}>
          Change the choice
        </Button>
      </div>
    );
  }
  if (conflicts) {
    const free = Math.max(0, requested.length - conflicts.length);
    return (
      <div
        role="alert"
        className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        data-testid="series-conflicts"
      >
        <p className="flex gap-2 font-semibold">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {conflicts.length === 1
            ? '1 of your bookings cannot be made:'
            : `${conflicts.length} of your ${requested.length} bookings cannot be made:`}
        </p>
        <ul className="grid max-h-48 gap-2 overflow-y-auto" aria-label="Bookings that cannot be made" tabIndex={0}>
          {conflicts.map((conflict) => (
            <li key={conflict.startDate} data-testid="series-conflict">
              <span className="font-medium">{formatOccurrence(conflict, period)}</span>
              <span className="block text-amber-900">{conflictReason(conflict, calendar)}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={bookFreeOnly} disabled={busy || free === 0}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Book the free ones only ({free})
          </Button>
          <Button variant="outline" onClick={changeChoice} disabled={busy}>
            Change the choice
          </Button>
        </div>
      </div>
    );
  }

  const shown: Occurrence[] = held ?? requested;
  return (
    <div className="grid gap-2 text-sm" data-testid="series-occurrences">
      <p className="font-medium text-slate-900">
        {held
          ? `${held.length} ${held.length === 1 ? 'booking' : 'bookings'} held, one payment`
          : `${requested.length} weekly bookings, one payment`}
      </p>
      <ol className={listClass} aria-label="Your bookings" tabIndex={0}>
        {shown.map((occurrence) => (
          <li key={occurrence.startDate}>{formatOccurrence(occurrence, period)}</li>
        ))}
      </ol>
      {skipped.length > 0 ? (
        <>
          <p className="font-medium text-slate-900" data-testid="series-skipped">
            Left out ({skipped.length}):
          </p>
          <ul className={listClass} aria-label="Bookings left out" tabIndex={0}>
            {skipped.map((conflict) => (
              <li key={conflict.startDate}>
                {formatOccurrence(conflict, period)}: {conflictReason(conflict, calendar)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
