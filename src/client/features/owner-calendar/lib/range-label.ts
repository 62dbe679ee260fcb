import { format } from 'date-fns';
import { wallClock } from './calendar-items';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Dates `start` to `end` (`YYYY-MM-DD`, inclusive) as people read them: "Dec 24", "Dec 24 – Dec 26"; "dates" while one is not a date. */
export function rangeLabel(start: string, end: string): string {
  if (!DATE.test(start) || !DATE.test(end)) return 'dates';
  const first = format(wallClock(start), 'MMM d');
  return start === end ? first : `${first} – ${format(wallClock(end), 'MMM d')}`;
}
