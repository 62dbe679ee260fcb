/** What the booking calendar offers from a space's availability (src/client/features/schedules/lib/free-times.ts). */
import { describe, expect, it } from 'vitest';
import type { AvailabilityDay, AvailabilitySlot } from '../../src/shared/schemas/availability';
import {
  formatTimeOfDay,
  hasFreeSlot,
  hourChoices,
  monthRange,
  sessionChoices,
  timeZoneName,
} from '../../src/client/features/schedules/lib/free-times';

const DATE = '2025-03-04';
const slot = (start: string, end: string, available = true): AvailabilitySlot => ({
  start: `${DATE}T${start}`,
  end: `${DATE}T${end}`,
  available,
});
const day = (slots: AvailabilitySlot[], open = true): AvailabilityDay => ({ date: DATE, open, slots });

describe('hourChoices', () => {
  it('offers each free hour with the run of free hours that follows it without a gap', () => {
    const choices = hourChoices(
      day([
        slot('08:00', '09:00'),
        slot('09:00', '10:00'),
        slot('10:00', '11:00', false),
        slot('11:00', '12:00'),
        // A gap (the buffer after a booking moved this slot): not joined to the one before.
        slot('12:15', '13:15'),
        slot('13:15', '14:15'),
      ]),
    );
    expect(choices.map((choice) => [choice.slot.start.slice(11), choice.run.map((s) => s.end.slice(11))])).toEqual([
      ['08:00', ['09:00', '10:00']],
      ['09:00', ['10:00']],
      ['11:00', ['12:00']],
      ['12:15', ['13:15', '14:15']],
      ['13:15', ['14:15']],
    ]);
  });

  it('offers nothing on a day without free hours, or a day not known', () => {
    expect(hourChoices(day([slot('08:00', '09:00', false)]))).toEqual([]);
    expect(hourChoices(undefined)).toEqual([]);
  });
});

describe('sessionChoices', () => {
  it("names each session after the listing's session with the same times, free or not", () => {
    const sessions = [
      { name: 'Morning', start: '08:00', end: '12:00' },
      { name: 'Afternoon', start: '13:00', end: '17:00' },
    ];
    expect(sessionChoices(day([slot('08:00', '12:00', false), slot('13:00', '17:00')]), sessions)).toEqual([
      { name: 'Morning', slot: slot('08:00', '12:00', false) },
      { name: 'Afternoon', slot: slot('13:00', '17:00') },
    ]);
  });

  it('falls back to the times for a session the listing no longer names', () => {
    expect(sessionChoices(day([slot('18:00', '20:00')]), [])[0]!.name).toBe('18:00–20:00');
  });
});

describe('hasFreeSlot', () => {
  it('is true only for an open day with an available slot', () => {
    expect(hasFreeSlot(day([slot('08:00', '09:00', false), slot('09:00', '10:00')]))).toBe(true);
    expect(hasFreeSlot(day([slot('08:00', '09:00', false)]))).toBe(false);
    expect(hasFreeSlot(day([], false))).toBe(false);
    expect(hasFreeSlot(undefined)).toBe(false);
  });
});

describe('monthRange', () => {
  it('spans the whole month, leap days included', () => {
    expect(monthRange('2024-02-17')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-02-03')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(monthRange('2025-12-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('formatting', () => {
  it('writes local times on a 12-hour clock', () => {
    expect(formatTimeOfDay(`${DATE}T00:00`)).toBe('12:00 AM');
    expect(formatTimeOfDay(`${DATE}T08:30`)).toBe('8:30 AM');
    expect(formatTimeOfDay(`${DATE}T12:00`)).toBe('12:00 PM');
    expect(formatTimeOfDay(`${DATE}T17:15`)).toBe('5:15 PM');
  });

  it('names the zone with its id', () => {
    expect(timeZoneName('America/New_York')).toBe('Eastern Time (America/New_York)');
    expect(timeZoneName('Not/AZone')).toBe('Not/AZone');
  });
});
