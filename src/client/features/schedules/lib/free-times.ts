/**
 * What the booking calendar offers, read from a space's availability (GET /api/spaces/{id}/availability,
 * computed by src/shared/availability.ts): which dates have something free, the free hours of a day
 * with how long each can run, and the sessions of a day by name. Pure, so that it is unit-tested.
 */
import type { Session } from '@/shared/schemas/schedules';
import type { AvailabilityDay, AvailabilitySlot } from '@/shared/schemas/availability';

/** Whether a date can be chosen: open, with at least one available slot. */
export function hasFreeSlot(day: AvailabilityDay | undefined): boolean {
  return Boolean(day?.open && day.slots.some((slot) => slot.available));
}

/** A free start hour and the longest booking that can start there: `hours` consecutive free slots, each starting as the one before ends. */
export interface HourChoice {
  slot: AvailabilitySlot;
  /** The free slots from this one on, without a gap: `run[n - 1].end` ends a booking of n hours. */
  run: AvailabilitySlot[];
}

/**
 * The free start hours of a day (hourly spaces), each with the run of consecutive free slots that
 * follows it, so that only bookings free end to end are offered.
 */
export function hourChoices(day: AvailabilityDay | undefined): HourChoice[] {
  const slots = day?.slots ?? [];
  const choices: HourChoice[] = [];
  slots.forEach((slot, index) => {
    if (!slot.available) return;
    const run = [slot];
    for (let next = index + 1; next < slots.length; next++) {
      const candidate = slots[next]!;
      if (!candidate.available || candidate.start !== run.at(-1)!.end) break;
      run.push(candidate);
    }
    choices.push({ slot, run });
  });
  return choices;
}

/** A session of a day (session spaces), named after the listing's session with the same times. */
export interface SessionChoice {
  name: string;
  slot: AvailabilitySlot;
}

/** The sessions of a day, free or not, named from the listing's `schedule.sessions` by their start and end times. */
export function sessionChoices(day: AvailabilityDay | undefined, sessions: readonly Session[]): SessionChoice[] {
  return (day?.slots ?? []).map((slot) => {
    const start = slot.start.slice(11);
    const end = slot.end.slice(11);
    const named = sessions.find((session) => session.start === start && session.end === end);
    return { name: named?.name ?? `${start}–${end}`, slot };
  });
}

/** The first and last date (`YYYY-MM-DD`) of the month holding `date`. */
export function monthRange(date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = date.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The `YYYY-MM-DD` of a calendar cell (a browser-local Date standing for a date of the space's zone). */
export function dateKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The calendar cell (a browser-local midnight) standing for `date` (`YYYY-MM-DD`). */
export function calendarDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The `HH:mm` part of a local `YYYY-MM-DDTHH:mm` for people: "9:00 AM". */
export function formatTimeOfDay(dateTime: string): string {
  const [hour, minute] = dateTime.slice(11, 16).split(':').map(Number) as [number, number];
  const suffix = hour < 12 || hour === 24 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/** A zone for people (the one rule of src/shared/time-zones.ts). */
export { timeZoneName } from '@/shared/time-zones';
