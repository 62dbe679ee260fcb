import { Copy, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import {
  MAX_ADVANCE_DAYS,
  MAX_BLOCKED_DATE_RANGES,
  MAX_BUFFER_MINUTES,
  MAX_INTERVALS_PER_DAY,
  MAX_MIN_NOTICE_HOURS,
  MAX_SESSIONS,
  SCHEDULE_STEP_MINUTES,
  WEEKDAYS,
  type PricingPeriod,
  type Weekday,
} from '@/shared/constants';
import type { OpeningInterval } from '@/shared/schemas/schedules';
import { MINUTES_PER_DAY, minutesOfDay, timeOfDay } from '@/shared/time-of-day';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { FieldError, fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { SUGGESTED_SESSIONS, type BlockedDateFormValues, type ScheduleFormValues } from '../../lib/listing-form';
import { timeOptions, WEEKDAY_NAMES } from '../../lib/schedule-text';

const START_TIMES = timeOptions(0, MINUTES_PER_DAY - SCHEDULE_STEP_MINUTES);
const END_TIMES = timeOptions(SCHEDULE_STEP_MINUTES, MINUTES_PER_DAY);
const BUFFERS = Array.from({ length: MAX_BUFFER_MINUTES / SCHEDULE_STEP_MINUTES + 1 }, (_, i) => i * SCHEDULE_STEP_MINUTES);
const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const DEFAULT_HOURS: OpeningInterval = { start: '09:00', end: '17:00' };

/** A time select; `label` is its accessible name ("Monday opening 1 start"). */
function TimeSelect({
  label,
  value,
  options,
  onChange,
  error,
  errorId,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string;
  errorId: string;
}) {
  // A saved time off the list (never, with the shared schema) still shows.
  const all = options.includes(value) ? options : [value, ...options];
  return (
    <Select
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="w-28"
    >
      {all.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </Select>
  );
}

/** The interval after the day's last one: an hour later, an hour long (clamped to the day). */
function nextInterval(intervals: readonly OpeningInterval[]): OpeningInterval {
  const last = intervals.at(-1);
  if (!last) return DEFAULT_HOURS;
  const start = Math.min((minutesOfDay(last.end) ?? 0) + 60, MINUTES_PER_DAY - 60);
  return { start: timeOfDay(start), end: timeOfDay(start + 60) };
}

function DayRow({
  day,
  intervals,
  errors,
  onChange,
  onCopy,
}: {
  day: Weekday;
  intervals: OpeningInterval[];
  errors: Record<string, string>;
  onChange: (intervals: OpeningInterval[]) => void;
  onCopy: () => void;
}) {
  const id = useId();
  const name = WEEKDAY_NAMES[day];
  const dayError = errors[`weeklyHours.${day}`];
  return (
    <div
      role="group"
      aria-labelledby={`${id}-day`}
      className="grid gap-2 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[7rem_1fr]"
    >
      <span id={`${id}-day`} className="pt-2 text-sm font-medium text-slate-900">
        {name}
      </span>
      <div className="grid gap-2">
        {intervals.length === 0 ? <p className="pt-2 text-sm text-slate-600">Closed</p> : null}
        {intervals.map((interval, index) => {
          const label = `${name} opening ${index + 1}`;
          const error = errors[`weeklyHours.${day}.${index}.start`] ?? errors[`weeklyHours.${day}.${index}.end`];
          const errorId = `${id}-${index}-error`;
          const update = (patch: Partial<OpeningInterval>) =>
            onChange(intervals.map((item, i) => (i === index ? { ...item, ...patch } : item)));
          return (
            <div key={index} className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <TimeSelect
                  label={`${label} start`}
                  value={interval.start}
                  options={START_TIMES}
                  onChange={(start) => update({ start })}
                  error={error}
                  errorId={errorId}
                />
                <span aria-hidden="true">–</span>
                <TimeSelect
                  label={`${label} end`}
                  value={interval.end}
                  options={END_TIMES}
                  onChange={(end) => update({ end })}
                  error={error}
                  errorId={errorId}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange(intervals.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <FieldError id={errorId} message={error} />
            </div>
          );
        })}
        <FieldError message={dayError} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Add opening hours on ${name}`}
            disabled={intervals.length >= MAX_INTERVALS_PER_DAY}
            onClick={() => onChange([...intervals, nextInterval(intervals)])}
          >
            <Plus aria-hidden="true" />
            Add hours
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Copy ${name}'s hours to weekdays`} onClick={onCopy}>
            <Copy aria-hidden="true" />
            Copy to weekdays
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * The listing's schedule in the wizard's last step (docs/product.md#schedules): a weekly grid of
 * opening intervals (or "Open every day, all day"), the sessions of a session listing, the
 * buffer, notice and horizon, and blocked date ranges. `errors` are `scheduleErrors` by path,
 * shown at each field.
 */
export function ScheduleEditor({
  schedule,
  blockedDates,
  pricePeriod,
  errors,
  onScheduleChange,
  onBlockedDatesChange,
}: {
  schedule: ScheduleFormValues;
  blockedDates: BlockedDateFormValues[];
  pricePeriod: PricingPeriod;
  errors: Record<string, string>;
  onScheduleChange: (schedule: ScheduleFormValues) => void;
  onBlockedDatesChange: (ranges: BlockedDateFormValues[]) => void;
}) {
  const id = useId();
  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => onScheduleChange({ ...schedule, [key]: value });
  const setDay = (day: Weekday, intervals: OpeningInterval[]) => set('weeklyHours', { ...schedule.weeklyHours, [day]: intervals });
  const copyToWeekdays = (from: Weekday) =>
    set('weeklyHours', {
      ...schedule.weeklyHours,
      ...Object.fromEntries(WORKDAYS.map((day) => [day, schedule.weeklyHours[from].map((interval) => ({ ...interval }))])),
    });
  const setOpenAllDay = (openAllDay: boolean) => {
    const empty = WEEKDAYS.every((day) => schedule.weeklyHours[day].length === 0);
    const weeklyHours =
      !openAllDay && empty
        ? { ...schedule.weeklyHours, ...Object.fromEntries(WORKDAYS.map((day) => [day, [{ ...DEFAULT_HOURS }]])) }
        : schedule.weeklyHours;
    onScheduleChange({ ...schedule, openAllDay, weeklyHours });
  };
  const setSession = (index: number, patch: Partial<ScheduleFormValues['sessions'][number]>) =>
    set(
      'sessions',
      schedule.sessions.map((session, i) => (i === index ? { ...session, ...patch } : session)),
    );
  const unusedSuggestions = SUGGESTED_SESSIONS.filter(
    (suggestion) => !schedule.sessions.some((session) => session.name === suggestion.name),
  );
  const setRange = (index: number, patch: Partial<BlockedDateFormValues>) =>
    onBlockedDatesChange(blockedDates.map((range, i) => (i === index ? { ...range, ...patch } : range)));

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">Opening hours</legend>
        <p className="text-sm text-slate-600">In the space's local time. Renters can book only inside these hours.</p>
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-all-day`} checked={schedule.openAllDay} onCheckedChange={(checked) => setOpenAllDay(checked === true)} />
          <Label htmlFor={`${id}-all-day`} className="font-normal">
            Open every day, all day
          </Label>
        </div>
        {schedule.openAllDay ? null : (
          <div className="rounded-lg border border-slate-200 px-3">
            {WEEKDAYS.map((day) => (
              <DayRow
                key={day}
                day={day}
                intervals={schedule.weeklyHours[day]}
                errors={errors}
                onChange={(intervals) => setDay(day, intervals)}
                onCopy={() => copyToWeekdays(day)}
              />
            ))}
          </div>
        )}
        <FieldError message={errors.weeklyHours} />
      </fieldset>

      {pricePeriod === 'session' ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold text-slate-900">Sessions</legend>
          <p className="text-sm text-slate-600">Renters book one session at a time, at the price above. At most {MAX_SESSIONS}.</p>
          {schedule.sessions.length === 0 ? <p className="text-sm text-slate-600">No sessions yet.</p> : null}
          {schedule.sessions.map((session, index) => {
            const label = `Session ${index + 1}`;
            const error = errors[`sessions.${index}.name`] ?? errors[`sessions.${index}.start`] ?? errors[`sessions.${index}.end`];
            const errorId = `${id}-session-${index}-error`;
            return (
              <div key={index} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Input
                    aria-label={`${label} name`}
                    aria-invalid={errors[`sessions.${index}.name`] ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    value={session.name}
                    maxLength={40}
                    placeholder="e.g. Morning"
                    onChange={(event) => setSession(index, { name: event.target.value })}
                    className="w-40"
                  />
                  <TimeSelect
                    label={`${label} start`}
                    value={session.start}
                    options={START_TIMES}
                    onChange={(start) => setSession(index, { start })}
                    error={error}
                    errorId={errorId}
                  />
                  <span aria-hidden="true">–</span>
                  <TimeSelect
                    label={`${label} end`}
                    value={session.end}
                    options={END_TIMES}
                    onChange={(end) => setSession(index, { end })}
                    error={error}
                    errorId={errorId}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label}${session.name ? ` (${session.name})` : ''}`}
                    onClick={() =>
                      set(
                        'sessions',
                        schedule.sessions.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={errorId} message={error} />
              </div>
            );
          })}
          <FieldError message={errors.sessions} />
          <div className="flex flex-wrap gap-2">
            {unusedSuggestions.map((suggestion) => (
              <Button
                key={suggestion.name}
                variant="outline"
                size="sm"
                disabled={schedule.sessions.length >= MAX_SESSIONS}
                onClick={() => set('sessions', [...schedule.sessions, { ...suggestion }])}
              >
                <Plus aria-hidden="true" />
                {suggestion.name} {suggestion.start}–{suggestion.end}
              </Button>
            ))}
            <Button
              variant="outline"
              size="sm"
              disabled={schedule.sessions.length >= MAX_SESSIONS}
              onClick={() => set('sessions', [...schedule.sessions, { name: '', ...nextInterval(schedule.sessions) }])}
            >
              <Plus aria-hidden="true" />
              Add a session
            </Button>
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">Booking rules</legend>
        <FormField
          id={`${id}-buffer`}
          label="Buffer between bookings"
          error={errors.bufferMinutes}
          hint={
            pricePeriod === 'hourly' || pricePeriod === 'session'
              ? 'Kept free after each booking for cleaning.'
              : 'Only bookings of hours or sessions keep a buffer.'
          }
        >
          <Select
            {...fieldAria(`${id}-buffer`, errors.bufferMinutes, true)}
            value={schedule.bufferMinutes}
            onChange={(event) => set('bufferMinutes', Number(event.target.value))}
          >
            {BUFFERS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? 'None' : `${minutes} minutes`}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id={`${id}-notice`}
          label="Minimum notice (hours)"
          error={errors.minNoticeHours}
          hint="0: bookable right up to the start."
        >
          <Input
            {...fieldAria(`${id}-notice`, errors.minNoticeHours, true)}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MIN_NOTICE_HOURS}
            step={1}
            value={schedule.minNoticeHours}
            onChange={(event) => set('minNoticeHours', event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-horizon`} label="Bookable ahead (days)" error={errors.maxAdvanceDays} hint="Leave empty for no limit.">
          <Input
            {...fieldAria(`${id}-horizon`, errors.maxAdvanceDays, true)}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ADVANCE_DAYS}
            step={1}
            placeholder="No limit"
            value={schedule.maxAdvanceDays}
            onChange={(event) => set('maxAdvanceDays', event.target.value)}
          />
        </FormField>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">Blocked dates</legend>
        <p className="text-sm text-slate-600">Days the space is closed (holidays, maintenance). The note is seen only by you.</p>
        {blockedDates.length === 0 ? <p className="text-sm text-slate-600">No blocked dates.</p> : null}
        {blockedDates.map((range, index) => {
          const label = `Blocked dates ${index + 1}`;
          const error =
            errors[`blockedDates.${index}.start`] ?? errors[`blockedDates.${index}.end`] ?? errors[`blockedDates.${index}.note`];
          const errorId = `${id}-blocked-${index}-error`;
          const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;
          return (
            <div key={index} className="grid gap-1">
              <div className="grid items-end gap-2 sm:grid-cols-[10rem_10rem_1fr_auto]">
                <Input
                  aria-label={`${label} first day`}
                  type="date"
                  value={range.start}
                  onChange={(event) => setRange(index, { start: event.target.value })}
                  {...aria}
                />
                <Input
                  aria-label={`${label} last day`}
                  type="date"
                  value={range.end}
                  onChange={(event) => setRange(index, { end: event.target.value })}
                  {...aria}
                />
                <Input
                  aria-label={`${label} note (private)`}
                  placeholder="Note (optional, private)"
                  maxLength={200}
                  value={range.note}
                  onChange={(event) => setRange(index, { note: event.target.value })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label}`}
                  onClick={() => onBlockedDatesChange(blockedDates.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <FieldError id={errorId} message={error} />
            </div>
          );
        })}
        <FieldError message={errors.blockedDates} />
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={blockedDates.length >= MAX_BLOCKED_DATE_RANGES}
            onClick={() => onBlockedDatesChange([...blockedDates, { start: '', end: '', note: '' }])}
          >
            <Plus aria-hidden="true" />
            Add blocked dates
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
