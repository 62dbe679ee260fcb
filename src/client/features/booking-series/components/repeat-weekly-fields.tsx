import { useId } from 'react';
import { weekdayOf } from '@/shared/availability';
import { MAX_RECURRENCE_WEEKS, WEEKDAYS, type PricingPeriod, type Weekday } from '@/shared/constants';
import type { Occurrence } from '@/shared/recurrence';
import type { StandingBilling, StandingBookingOffer } from '@/shared/schemas/standing-bookings';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import { formatOccurrence } from '../lib/occurrence-text';
import {
  lastRepeatDate,
  maxRepeatCount,
  NO_REPEAT,
  previewRepeat,
  type RepeatChoice,
  type RepeatPreview,
  repeatWeekdays,
} from '../lib/repeat-weekly';
import { WEEKDAY_SHORT } from '../lib/series-groups';
import { standingTermsText } from '../lib/standing-terms';

/** What the fields hand the booking form: their choice, and how it repeats a first occurrence (null: not repeating). */
export interface RepeatWeeklyValue {
  choice: RepeatChoice;
  repeat: (first: Occurrence) => RepeatPreview | null;
}

/** The value of `choice` for a space priced by `period` offering standing bookings by `offer`. */
function repeatValue(period: PricingPeriod, choice: RepeatChoice, offer: StandingBookingOffer | null): RepeatWeeklyValue {
  return { choice, repeat: (first) => previewRepeat(period, first, choice, offer) };
}

const BILLING_NAMES: Record<StandingBilling, string> = { weekly: 'Weekly', monthly: 'Monthly' };

const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const toggleClass =
  'min-w-12 rounded-md border px-2 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * "Repeat weekly" (docs/decisions/026-booking-series.md) for hourly, session and daily spaces (none for monthly):
 * a checkbox, then the weekdays to repeat on (the first booking's own is chosen and cannot be
 * left out), an end ("After N bookings" or "On date", within {@link MAX_RECURRENCE_WEEKS} weeks)
 * and a live list of every booking it makes, by the rule the server expands
 * (`expandRecurrence`). Controlled: the booking form keeps the value while its dialog is closed.
 */
export function RepeatWeeklyFields({
  period,
  first,
  value,
  onChange,
  standing = null,
}: {
  period: PricingPeriod;
  first: Occurrence;
  value: RepeatWeeklyValue | null;
  onChange: (value: RepeatWeeklyValue) => void;
  /** The listing's offer of standing bookings ("No end date"), or null when it makes none. */
  standing?: StandingBookingOffer | null;
}) {
  const id = useId();
  // Hours, sessions and days repeat weekly; months do not (nothing is shown).
  if (period === 'monthly') return null;
  const choice = value?.choice ?? NO_REPEAT;
  const set = (next: Partial<RepeatChoice>) => onChange(repeatValue(period, { ...choice, ...next }, standing));
  const firstDate = first.startDate.slice(0, 10);
  const firstDay = weekdayOf(firstDate);
  const days = repeatWeekdays(choice, firstDate);
  const preview = previewRepeat(period, first, choice, standing);
  const billing = standing && standing.billing.includes(choice.billing) ? choice.billing : (standing?.billing[0] ?? 'weekly');
  const limit = lastRepeatDate(firstDate);
  const maxCount = maxRepeatCount(choice, firstDate);

  // The first booking's weekday is never stored: choosing another first day does not keep the old one.
  const toggle = (day: Weekday) =>
    set({ weekdays: (days.includes(day) ? days.filter((other) => other !== day) : [...days, day]).filter((other) => other !== firstDay) });

  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3" data-testid="repeat-weekly">
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-on`} checked={choice.on} onCheckedChange={(checked) => set({ on: checked === true })} />
        <Label htmlFor={`${id}-on`}>Repeat weekly</Label>
      </div>
      {choice.on ? (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Repeat on</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAYS.map((day) => {
                const pressed = days.includes(day);
                const fixed = day === firstDay;
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={pressed}
                    // The first booking's weekday stays chosen: it is announced as such instead of being disabled (still focusable).
                    aria-disabled={fixed || undefined}
                    aria-label={fixed ? `${WEEKDAY_NAMES[day]}, the first booking's day` : WEEKDAY_NAMES[day]}
                    className={cn(
                      toggleClass,
                      pressed ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                      fixed && 'cursor-default',
                    )}
                    onClick={() => (fixed ? undefined : toggle(day))}
                  >
                    {WEEKDAY_SHORT[day]}
                  </button>
                );
              })}
            </div>
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Ends</legend>
            <div className="flex flex-wrap items-center gap-2">
              <input
                type="radio"
                id={`${id}-count`}
                name={`${id}-end`}
                className="size-4 accent-primary"
                checked={choice.end === 'count'}
                onChange={() => set({ end: 'count' })}
              />
              <Label htmlFor={`${id}-count`}>After</Label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={maxCount}
                className="w-20"
                aria-label="Number of bookings"
                value={choice.count}
                disabled={choice.end !== 'count'}
                onChange={(event) => set({ count: Math.max(1, Math.trunc(Number(event.target.value) || 1)) })}
              />
              <span className="text-sm text-slate-700">bookings</span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <input
                type="radio"
                id={`${id}-until`}
                name={`${id}-end`}
                className="size-4 accent-primary"
                checked={choice.end === 'until'}
                onChange={() => set({ end: 'until' })}
              />
              <Label htmlFor={`${id}-until`}>On date</Label>
              <Input
                type="date"
                className="w-44"
                aria-label="Date of the last booking"
                min={firstDate}
                max={limit}
                value={choice.until}
                disabled={choice.end !== 'until'}
                onChange={(event) => set({ until: event.target.value })}
              />
            </div>
            <p className="text-xs text-slate-600">
              Up to {MAX_RECURRENCE_WEEKS} weeks: at most {maxCount} bookings on these days.
            </p>
            {standing ? (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <input
                    type="radio"
                    id={`${id}-standing`}
                    name={`${id}-end`}
                    className="size-4 accent-primary"
                    checked={choice.end === 'standing'}
                    onChange={() => set({ end: 'standing', billing })}
                  />
                  <Label htmlFor={`${id}-standing`}>No end date (standing booking)</Label>
                </div>
                {choice.end === 'standing' ? (
                  <div className="grid gap-2 pl-6" data-testid="standing-terms">
                    <div className="flex flex-wrap items-center gap-2">
                      <Label htmlFor={`${id}-billing`}>Billed</Label>
                      <select
                        id={`${id}-billing`}
                        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
                        value={billing}
                        onChange={(event) => set({ billing: event.target.value as StandingBilling })}
                      >
                        {standing.billing.map((option) => (
                          <option key={option} value={option}>
                            {BILLING_NAMES[option]}, in advance
                          </option>
                        ))}
                      </select>
                    </div>
                    <p className="text-xs text-slate-600">{standingTermsText(standing, billing)}</p>
                  </div>
                ) : null}
              </>
            ) : null}
          </fieldset>

          <div aria-live="polite" className="grid gap-2">
            {preview?.ok ? (
              <>
                <p className="text-sm font-medium text-slate-900" data-testid="repeat-count">
                  {preview.occurrences.length} {preview.occurrences.length === 1 ? 'booking' : 'bookings'}
                  {choice.end === 'standing' ? ` in the first ${billing === 'weekly' ? 'week' : 'month'}, paid now` : null}
                </p>
                <ol
                  className="grid max-h-40 gap-1 overflow-y-auto rounded-md bg-slate-50 p-2 text-sm text-slate-700"
                  aria-label="Bookings this repeat makes"
                  tabIndex={0}
                  data-testid="repeat-preview"
                >
                  {preview.occurrences.map((occurrence) => (
                    <li key={occurrence.startDate}>{formatOccurrence(occurrence, period)}</li>
                  ))}
                </ol>
              </>
            ) : preview ? (
              <p className="text-sm text-red-700">{preview.message}</p>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
