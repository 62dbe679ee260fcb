import { addMonths, format } from 'date-fns';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { DayPicker, type DateRange, type Modifiers, type PropsBase } from 'react-day-picker';
import 'react-day-picker/style.css';
import { localDate, shiftDate } from '@/shared/availability';
import { MAX_BOOKING_UNITS } from '@/shared/constants';
import type { AvailabilityDay } from '@/shared/schemas/availability';
import type { Space } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { cn } from '@/client/lib/cn';
import { useSpaceAvailability } from '../api/get-space-availability';
import {
  calendarDay,
  dateKey,
  formatTimeOfDay,
  hasFreeSlot,
  hourChoices,
  monthRange,
  sessionChoices,
  timeZoneName,
} from '../lib/free-times';

/** The first occurrence of a booking, in the booking format (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm` for hours and sessions); '' while not chosen. */
export interface BookingTimes {
  startDate: string;
  endDate: string;
}

export interface BookingTimesPickerProps {
  space: Pick<Space, 'id' | 'pricePeriod' | 'timeZone' | 'schedule'>;
  value: BookingTimes;
  onChange: (value: BookingTimes) => void;
  /** Focus the calendar's day (the chosen one, else today or the first free one) once it has loaded, as its dialog opens. */
  autoFocus?: boolean;
}

const NONE: BookingTimes = { startDate: '', endDate: '' };

/**
 * When to book (docs/product.md#schedules): a month calendar of the space's availability
 * (react-day-picker, keyboard navigable grid), where closed days, days without a free slot, past
 * days and days past the horizon are disabled; then, by the space's period, the free start hours
 * and a number of hours (hourly), the sessions of the day (session), a range of days (daily; the
 * last day chosen is included, so the booking ends the day after it) or a number of months
 * (monthly). Times are the space's, its zone named. `onChange` gets the booking's start and end.
 */
export function BookingTimesPicker({ space, value, onChange, autoFocus = false }: BookingTimesPickerProps) {
  const today = localDate(new Date(), space.timeZone);
  const [month, setMonth] = useState(() => `${(value.startDate || today).slice(0, 7)}-01`);
  const [day, setDay] = useState<string | null>(value.startDate ? value.startDate.slice(0, 10) : null);
  const visibleRange = monthRange(month);
  const visible = useSpaceAvailability(space.id, visibleRange);
  // The chosen day's month stays known while another month is shown (a range of days may span two).
  const anchorRange = day ? monthRange(day) : visibleRange;
  const anchor = useSpaceAvailability(space.id, anchorRange, anchorRange.from !== visibleRange.from);
  // The next month too, so that the arrow keys can move on into it (they skip disabled days).
  const following = useSpaceAvailability(space.id, monthRange(shiftDate(visibleRange.to, 1)));
  const days = new Map<string, AvailabilityDay>();
  for (const known of [anchor, following, visible].flatMap((answer) => answer.data?.days ?? [])) days.set(known.date, known);

  const isUnavailable = (date: Date) => !hasFreeSlot(days.get(dateKey(date)));
  const freeThisMonth = visible.data?.days.some((known) => hasFreeSlot(known)) ?? false;
  const horizonDays = space.schedule?.maxAdvanceDays;
  const zone = timeZoneName(space.timeZone);
  const period = space.pricePeriod;
  const chosenDay = day ? days.get(day) : undefined;

  const status = visible.isPending ? (
    <p className="text-sm text-slate-600">Loading free times…</p>
  ) : visible.isError ? (
    <div className="flex flex-wrap items-center gap-2 text-sm text-red-800">
      <span>Could not load the free times.</span>
      <Button type="button" variant="outline" size="sm" onClick={() => void visible.refetch()}>
        Retry
      </Button>
    </div>
  ) : freeThisMonth ? null : (
    <p className="text-sm text-slate-600">No free times this month.</p>
  );

  const calendarProps: Omit<PropsBase, 'mode' | 'required'> = {
    month: calendarDay(month),
    onMonthChange: (shown: Date) => setMonth(dateKey(shown).slice(0, 8) + '01'),
    startMonth: calendarDay(`${today.slice(0, 7)}-01`),
    endMonth: horizonDays ? calendarDay(shiftDate(today, horizonDays)) : undefined,
    today: calendarDay(today),
    disabled: isUnavailable,
    labels: {
      labelDayButton: (date: Date, modifiers: Modifiers) =>
        `${format(date, 'EEEE, MMMM d, yyyy')}, ${visible.isPending ? 'loading' : modifiers.disabled ? 'unavailable' : 'available'}${modifiers.selected ? ', selected' : ''}`,
    },
    footer: (
      <div aria-live="polite" className="mt-2">
        {status}
      </div>
    ),
    className: 'mx-auto',
    style: { '--rdp-accent-color': 'var(--color-primary)', '--rdp-day-width': '2.5rem', '--rdp-day-height': '2.5rem' } as CSSProperties,
  };

  const calendar = useRef<HTMLDivElement>(null);
  const focusPending = useRef(autoFocus);
  useEffect(() => {
    if (!focusPending.current || visible.isPending || !calendar.current) return;
    focusPending.current = false;
    // The days are disabled until their month has loaded, so the day to focus is known only now. Unless
    // the person has moved on meanwhile (Tab to another field of the dialog), the calendar takes the focus.
    const scope = calendar.current.closest<HTMLElement>('[role="dialog"]') ?? document.body;
    const active = document.activeElement;
    if (active && active !== scope && scope.contains(active) && !calendar.current.contains(active)) return;
    // react-day-picker makes its focus target (the selected day, else today, else the first free day) the grid's one Tab stop.
    const day = calendar.current.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]');
    (day ?? calendar.current.querySelector<HTMLElement>('button:enabled'))?.focus();
  }, [visible.isPending]);

  const chooseDay = (date: Date | undefined) => {
    const key = date ? dateKey(date) : null;
    setDay(key);
    if (period === 'monthly' && key) {
      onChange({ startDate: key, endDate: monthsLater(key, monthsOf(value) || 1) });
    } else onChange(NONE);
  };

  const chooseRange = (range: DateRange | undefined) => {
    if (!range?.from) {
      setDay(null);
      onChange(NONE);
      return;
    }
    const from = dateKey(range.from);
    const last = dateKey(range.to ?? range.from);
    setDay(from);
    onChange({ startDate: from, endDate: shiftDate(last, 1) });
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        {period === 'hourly' || period === 'session' ? 'Times' : 'Dates'} are in {zone}.
      </p>
      <div
        ref={calendar}
        className="rounded-lg border border-slate-200 p-2"
        aria-busy={visible.isPending}
        role="group"
        aria-label={period === 'daily' ? 'Choose your days' : 'Choose a day'}
      >
        {period === 'daily' ? (
          <DayPicker
            {...calendarProps}
            mode="range"
            excludeDisabled
            selected={
              value.startDate && value.endDate
                ? { from: calendarDay(value.startDate), to: calendarDay(shiftDate(value.endDate, -1)) }
                : undefined
            }
            onSelect={chooseRange}
          />
        ) : (
          <DayPicker {...calendarProps} mode="single" selected={day ? calendarDay(day) : undefined} onSelect={chooseDay} />
        )}
      </div>

      {day && period === 'hourly' ? <HourChoices day={chosenDay} value={value} onChange={onChange} /> : null}
      {day && period === 'session' ? (
        <SessionChoices day={chosenDay} sessions={space.schedule?.sessions ?? []} value={value} onChange={onChange} />
      ) : null}
      {day && period === 'monthly' ? (
        <MonthsChoice value={value} onChange={(months) => onChange({ startDate: day, endDate: monthsLater(day, months) })} />
      ) : null}
      {period === 'daily' && value.startDate && value.endDate ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {formatDay(value.startDate)} to {formatDay(shiftDate(value.endDate, -1))}, check-out {formatDay(value.endDate)}
        </p>
      ) : null}
    </div>
  );
}

function formatDay(date: string): string {
  return format(calendarDay(date), 'EEE, MMM d, yyyy');
}

function monthsLater(date: string, months: number): string {
  return dateKey(addMonths(calendarDay(date), months));
}

/** The whole months of a chosen monthly booking (0 when none). */
function monthsOf(value: BookingTimes): number {
  if (!value.startDate || !value.endDate) return 0;
  for (let months = 1; months <= MAX_BOOKING_UNITS.monthly; months++) {
    if (monthsLater(value.startDate, months) === value.endDate) return months;
  }
  return 0;
}

const choiceClass =
  'rounded-md border px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400 disabled:line-through';
const pressedClass = 'border-primary bg-primary text-white';
const unpressedClass = 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50';

function HourChoices({
  day,
  value,
  onChange,
}: {
  day: AvailabilityDay | undefined;
  value: BookingTimes;
  onChange: (value: BookingTimes) => void;
}) {
  const hoursId = useId();
  const choices = hourChoices(day);
  if (choices.length === 0) return <p className="text-sm text-slate-600">No free hours on this day.</p>;
  const chosen = choices.find((choice) => choice.slot.start === value.startDate);
  const hours = chosen ? Math.max(1, chosen.run.findIndex((slot) => slot.end === value.endDate) + 1) : 1;
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Start time</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {choices.map((choice) => {
            const pressed = choice.slot.start === value.startDate;
            return (
              <button
                key={choice.slot.start}
                type="button"
                aria-pressed={pressed}
                className={cn(choiceClass, pressed ? pressedClass : unpressedClass)}
                onClick={() => onChange({ startDate: choice.slot.start, endDate: choice.slot.end })}
              >
                {formatTimeOfDay(choice.slot.start)}
              </button>
            );
          })}
        </div>
      </fieldset>
      {chosen ? (
        <div className="grid gap-1.5">
          <Label htmlFor={hoursId}>Number of hours</Label>
          <Select
            id={hoursId}
            value={hours}
            onChange={(event) => onChange({ startDate: chosen.slot.start, endDate: chosen.run[Number(event.target.value) - 1]!.end })}
          >
            {chosen.run.map((slot, index) => (
              <option key={slot.end} value={index + 1}>
                {index + 1} {index === 0 ? 'hour' : 'hours'} (until {formatTimeOfDay(slot.end)})
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </div>
  );
}

function SessionChoices({
  day,
  sessions,
  value,
  onChange,
}: {
  day: AvailabilityDay | undefined;
  sessions: NonNullable<Space['schedule']>['sessions'];
  value: BookingTimes;
  onChange: (value: BookingTimes) => void;
}) {
  const choices = sessionChoices(day, sessions);
  if (choices.length === 0) return <p className="text-sm text-slate-600">No sessions on this day.</p>;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">Session</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => {
          const pressed = choice.slot.start === value.startDate && choice.slot.end === value.endDate;
          const times = `${formatTimeOfDay(choice.slot.start)} – ${formatTimeOfDay(choice.slot.end)}`;
          return (
            <button
              key={choice.slot.start}
              type="button"
              aria-pressed={pressed}
              disabled={!choice.slot.available}
              aria-label={`${choice.name}, ${times}${choice.slot.available ? '' : ', unavailable'}`}
              className={cn(choiceClass, 'grid text-left', pressed ? pressedClass : unpressedClass)}
              onClick={() => onChange({ startDate: choice.slot.start, endDate: choice.slot.end })}
            >
              <span>{choice.name}</span>
              <span className="text-xs font-normal">{choice.slot.available ? times : `${times} · Unavailable`}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function MonthsChoice({ value, onChange }: { value: BookingTimes; onChange: (months: number) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Number of months</Label>
      <Select id={id} value={monthsOf(value) || 1} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: MAX_BOOKING_UNITS.monthly }, (_, index) => (
          <option key={index} value={index + 1}>
            {index + 1} {index === 0 ? 'month' : 'months'}
          </option>
        ))}
      </Select>
    </div>
  );
}
