/**
 * The busy times of an iCalendar feed over a window (docs/decisions/038-calendar-import.md), read
 * with ical.js, never by hand: recurring events expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID
 * overrides), times in the feed's own VTIMEZONE definitions (daylight saving included), all-day
 * events busy from local midnight to local midnight in the listing's zone, transparent and cancelled
 * events (or occurrences) not busy. Only when: never a title or details. An event that cannot be
 * understood is skipped and counted.
 */
import ICAL from 'ical.js';
import { localInstant } from '../../shared/availability';

/** A busy range `[start, end)`. */
export interface BusyTime {
  start: Date;
  end: Date;
}

export interface FeedBusyTimes {
  busy: BusyTime[];
  /** Events skipped because they could not be understood. */
  skipped: number;
}

/** A body that is not an iCalendar file at all (an HTML page, an error text). */
export class NotICalendarError extends Error {
  override name = 'NotICalendarError';
  constructor() {
    super('The address did not answer with a calendar (an iCalendar .ics file): check it is the calendar’s secret address.');
  }
}

/** Occurrences one recurring event may be expanded to (a rule every minute stops here). */
const MAX_OCCURRENCES_PER_EVENT = 5000;
/** Busy times kept of one feed. */
export const MAX_BUSY_TIMES_PER_FEED = 10_000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

/** Whether `zone` is an IANA zone this runtime knows. */
function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of `time`: in its own zone when the feed defined it (or UTC); a floating time, or one
 * whose TZID the feed did not define, in `wallZone` (the TZID when it is an IANA name, else the
 * listing's zone); a date at local midnight in `dateZone` (the listing's).
 */
function instantOf(time: IcalTime, wallZone: string, dateZone: string): Date {
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  if (time.isDate) return localInstant(date, 0, dateZone);
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return new Date(time.toUnixTime() * 1000);
  return new Date(localInstant(date, time.hour * 60 + time.minute, wallZone).getTime() + time.second * 1000);
}

/** Whether an event's (or an override's) component says it takes no time: transparent or cancelled. */
function isFree(component: IcalComponent): boolean {
  const transp = component.getFirstPropertyValue('transp');
  const status = component.getFirstPropertyValue('status');
  return (
    (typeof transp === 'string' && transp.toUpperCase() === 'TRANSPARENT') ||
    (typeof status === 'string' && status.toUpperCase() === 'CANCELLED')
  );
}

/** `[start, end)` of one occurrence, or null when it takes no time. */
function range(start: IcalTime, end: IcalTime | null, wallZone: string, dateZone: string): BusyTime | null {
  const from = instantOf(start, wallZone, dateZone);
  let to = end ? instantOf(end, wallZone, dateZone) : from;
  // An all-day event with no end (or an end not after its start) takes its day.
  if (start.isDate && to <= from) to = localInstant(shiftDay(start), 0, dateZone);
  return to > from ? { start: from, end: to } : null;
}

/** The `YYYY-MM-DD` after a date-valued time. */
function shiftDay(time: IcalTime): string {
  const next = time.clone();
  next.day += 1;
  return next.toString().slice(0, 10);
}

/**
 * The feed cut into its calendar without events (time zones and properties) and each event's own
 * text (BEGIN:VEVENT to END:VEVENT), so that ical.js reads each event on its own: one it refuses
 * (a bad date, an unknown frequency) is skipped rather than failing the whole feed.
 */
function separateEvents(body: string): { skeleton: string; events: string[]; unterminated: number } {
  const skeleton: string[] = [];
  const events: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const word = line.trim().toUpperCase();
    if (word === 'BEGIN:VEVENT' && !current) current = [line];
    else if (current) {
      current.push(line);
      if (word === 'END:VEVENT') {
        events.push(current.join('\r\n'));
        current = null;
      }
    } else skeleton.push(line);
  }
  return { skeleton: skeleton.join('\r\n'), events, unterminated: current ? 1 : 0 };
}

/**
 * The busy times of the feed `text` overlapping `[from, to)`.
 * @param timeZone the listing's IANA zone: all-day events and floating times are counted in it
 * @throws NotICalendarError when `text` is not an iCalendar file
 */
export function busyTimesOfFeed(text: string, { from, to, timeZone }: { from: Date; to: Date; timeZone: string }): FeedBusyTimes {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body)) throw new NotICalendarError();
  const parts = separateEvents(body);
  let calendar: IcalComponent;
  try {
    calendar = new ICAL.Component(ICAL.parse(parts.skeleton));
  } catch {
    throw new NotICalendarError();
  }
  if (calendar.name !== 'vcalendar') throw new NotICalendarError();
  let skipped = parts.unterminated;
  for (const eventText of parts.events) {
    try {
      const wrapper = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${eventText}\r\nEND:VCALENDAR\r\n`));
      const event = wrapper.getFirstSubcomponent('vevent');
      if (!event) throw new Error('no event');
      wrapper.removeSubcomponent(event);
      calendar.addSubcomponent(event);
    } catch {
      skipped += 1;
    }
  }

  const busy: BusyTime[] = [];
  const overlaps = (item: BusyTime) => item.end > from && item.start < to;
  const keep = (item: BusyTime | null) => {
    if (item && overlaps(item) && busy.length < MAX_BUSY_TIMES_PER_FEED) busy.push(item);
  };

  // Overrides (RECURRENCE-ID) go with their series, by UID; an override whose series is absent stands alone.
  const events = calendar.getAllSubcomponents('vevent');
  const series = new Map<string, IcalComponent>();
  for (const component of events) {
    const uid = component.getFirstPropertyValue('uid');
    if (typeof uid === 'string' && !component.hasProperty('recurrence-id')) series.set(uid, component);
  }
  const overrides = new Map<string, IcalComponent[]>();
  const standalone: IcalComponent[] = [];
  for (const component of events) {
    const uid = component.getFirstPropertyValue('uid');
    if (!component.hasProperty('recurrence-id')) standalone.push(component);
    else if (typeof uid === 'string' && series.has(uid)) overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    else standalone.push(component);
  }

  for (const component of standalone) {
    try {
      const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
      const wallZone = typeof tzid === 'string' && isKnownZone(tzid) ? tzid : timeZone;
      const uid = component.getFirstPropertyValue('uid');
      const event = new ICAL.Event(component, {
        strictExceptions: false,
        exceptions: typeof uid === 'string' && !component.hasProperty('recurrence-id') ? (overrides.get(uid) ?? []) : [],
      });
      if (!event.startDate) throw new Error('an event without a start');
      if (isFree(component)) continue;
      if (!event.isRecurring()) {
        keep(range(event.startDate, event.endDate, wallZone, timeZone));
        continue;
      }
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next; n += 1, next = iterator.next()) {
        if (n >= MAX_OCCURRENCES_PER_EVENT || instantOf(next, wallZone, timeZone) >= to) break;
        const details = event.getOccurrenceDetails(next);
        if (isFree(details.item.component)) continue;
        keep(range(details.startDate, details.endDate, wallZone, timeZone));
      }
    } catch {
      skipped += 1;
    }
  }
  busy.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { busy, skipped };
}
