/**
 * Times of day as schedules write them: `HH:mm`, 24-hour, local to the space, on
 * {@link SCHEDULE_STEP_MINUTES}-minute steps; `24:00` is the end of the day (an interval
 * `00:00`-`24:00` is the whole day).
 */
import { SCHEDULE_STEP_MINUTES } from './constants';

const TIME_OF_DAY = /^(\d{2}):(\d{2})$/;
/** Minutes in a day: the value of `24:00`. */
export const MINUTES_PER_DAY = 24 * 60;

/**
 * Minutes since midnight of `HH:mm` (0 to 1440), or null when it is not a time of day on the
 * schedule's step (`08:10`, `25:00`, `8:00`).
 */
export function minutesOfDay(text: string): number | null {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) >= 60 || minutes > MINUTES_PER_DAY || minutes % SCHEDULE_STEP_MINUTES !== 0) return null;
  return minutes;
}

/** `HH:mm` of minutes since midnight (1440 is `24:00`). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
