/**
 * The one writer of the app's calendar files (src/shared/booking-calendar.ts), parsed back with
 * ical.js: events in their space's zone whatever the zone of the process, DTSTAMP in UTC, the
 * status and its sequence, a VTIMEZONE per zone.
 */
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingsCalendar, type CalendarBooking } from '../../src/shared/booking-calendar';

/** Dec 3, 2019, 9:00 to 12:00 in Chicago (CST, UTC-6). */
const CHICAGO: CalendarBooking = {
  bookingId: '7d1d4a3e-1111-4222-8333-944455556666',
  status: 'confirmed',
  spaceTitle: 'Lakeview Exam Room',
  address: '1 Lake Shore Dr, Chicago, IL 60601',
  timeZone: 'America/Chicago',
  startAt: '2019-12-03T15:00:00.000Z',
  endAt: '2019-12-03T18:00:00.000Z',
  renterName: 'Rita Renter',
  ownerName: 'Olivia Owner',
  houseRules: 'Front desk has the key.',
  url: 'https://clinicshare.test/profile?tab=bookings&booking=7d1d4a3e-1111-4222-8333-944455556666',
};
const STAMP = new Date('2019-11-01T12:34:56.000Z');

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

/** The calendar's events, its zones registered first so that times resolve. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

describe('bookingsCalendar', () => {
  it('writes the space’s wall-clock time and a UTC DTSTAMP, even in a process far from UTC', () => {
    // Node reads TZ again when it changes: the writer must not depend on the process's zone.
    process.env.TZ = 'Asia/Tokyo';
    const text = bookingsCalendar([CHICAGO], { name: 'ClinicShare', stamp: STAMP });
    expect(text).toContain('\r\nDTSTART;TZID=America/Chicago:20191203T090000\r\n');
    expect(text).toContain('\r\nDTEND;TZID=America/Chicago:20191203T120000\r\n');
    expect(text).toContain('\r\nDTSTAMP:20191101T123456Z\r\n');
    expect(text).toContain('\r\nMETHOD:PUBLISH\r\n');

    const { calendar, events } = parse(text);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Chicago');
    const event = new ICAL.Event(events[0]!);
    expect(event.uid).toBe(`booking-${CHICAGO.bookingId}@clinicshare`);
    expect(event.summary).toBe('ClinicShare: Lakeview Exam Room');
    expect(event.location).toBe(CHICAGO.address);
    expect(event.startDate.toJSDate().toISOString()).toBe(CHICAGO.startAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(CHICAGO.endAt);
    expect(event.description).toContain('House rules: Front desk has the key.');
    expect(event.description).toContain(CHICAGO.url);
    expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events[0]!.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('gives each status its STATUS and a SEQUENCE that rises along the lifecycle', () => {
    const statuses = ['pending', 'confirmed', 'cancelled', 'declined', 'expired'] as const;
    const { events } = parse(
      bookingsCalendar(
        statuses.map((status, i) => ({ ...CHICAGO, bookingId: `booking-${i}`, status })),
        { name: 'Feed', stamp: STAMP },
      ),
    );
    expect(events.map((event) => [event.getFirstPropertyValue('status'), event.getFirstPropertyValue('sequence')])).toEqual([
      ['TENTATIVE', 0],
      ['CONFIRMED', 1],
      ['CANCELLED', 2],
      ['CANCELLED', 2],
      ['CANCELLED', 2],
    ]);
  });

  it('holds one VTIMEZONE per zone, a zone without daylight time with one offset, and a feed’s refresh interval', () => {
    const phoenix = { ...CHICAGO, bookingId: 'phoenix', timeZone: 'America/Phoenix' };
    const text = bookingsCalendar([CHICAGO, phoenix, { ...CHICAGO, bookingId: 'again' }], {
      name: 'Feed',
      stamp: STAMP,
      refreshSeconds: 3600,
    });
    const { calendar, events } = parse(text);
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Chicago', 'America/Phoenix']);
    expect(zones[1]!.getAllSubcomponents('daylight')).toHaveLength(0);
    expect(text).toContain('DTSTART;TZID=America/Phoenix:20191203T080000');
    expect(new ICAL.Event(events[1]!).startDate.toJSDate().toISOString()).toBe(CHICAGO.startAt);
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  });
});
