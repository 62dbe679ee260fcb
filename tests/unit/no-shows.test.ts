/**
 * The no-show and turnover rules (src/shared/stays.ts): when an owner may mark a no-show, and when each
 * side may attest the turnover checklist, at the edges of their windows.
 */
import { describe, expect, it } from 'vitest';
import {
  NO_SHOW_AFTER_MINUTES,
  NO_SHOW_CLOSES_HOURS,
  noShowProblem,
  stayProblem,
  turnoverProblem,
  type NoShowBooking,
} from '../../src/shared/stays';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = new Date('2026-03-02T15:00:00.000Z');
const end = new Date(start.getTime() + 2 * HOUR);
const booking: NoShowBooking = {
  status: 'confirmed',
  startDate: start.toISOString(),
  endDate: end.toISOString(),
  checkedInAt: null,
  checkedOutAt: null,
  requiresCheckIn: true,
  noShowMarkedAt: null,
};
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('noShowProblem', () => {
  it(`opens ${NO_SHOW_AFTER_MINUTES} minutes after the start and closes ${NO_SHOW_CLOSES_HOURS} hours after the end`, () => {
    expect(noShowProblem(booking, at(start, NO_SHOW_AFTER_MINUTES * MINUTE - 1))).toMatch(/30 minutes after the start/);
    expect(noShowProblem(booking, at(start, NO_SHOW_AFTER_MINUTES * MINUTE))).toBeNull();
    expect(noShowProblem(booking, at(end, NO_SHOW_CLOSES_HOURS * HOUR - 1))).toBeNull();
    expect(noShowProblem(booking, at(end, NO_SHOW_CLOSES_HOURS * HOUR))).toMatch(/24 hours after the end/);
  });

  it('needs check-in required, a confirmed booking and no check-in; a marked one stays marked', () => {
    const now = at(start, HOUR);
    expect(noShowProblem({ ...booking, requiresCheckIn: false }, now)).toMatch(/did not require check-in/);
    expect(noShowProblem({ ...booking, status: 'cancelled' }, now)).toMatch(/Only a confirmed booking/);
    expect(noShowProblem({ ...booking, checkedInAt: start.toISOString() }, now)).toMatch(/checked in/);
    expect(noShowProblem({ ...booking, noShowMarkedAt: now.toISOString(), status: 'cancelled' }, now)).toBeNull();
  });

  it('ends check-in once marked', () => {
    expect(stayProblem({ ...booking, noShowMarkedAt: start.toISOString() }, 'check_in', at(start, HOUR))).toMatch(/no-show/);
  });
});

describe('turnoverProblem', () => {
  it('lets the renter attest after checking in, the owner from the opening of check-in, both until a day after the end', () => {
    const during = at(start, HOUR);
    expect(turnoverProblem(booking, 'renter', during)).toMatch(/Check in before/);
    expect(turnoverProblem({ ...booking, checkedInAt: start.toISOString() }, 'renter', during)).toBeNull();
    expect(turnoverProblem(booking, 'owner', at(start, -31 * MINUTE))).toMatch(/opens 30 minutes before/);
    expect(turnoverProblem(booking, 'owner', at(start, -30 * MINUTE))).toBeNull();
    expect(turnoverProblem(booking, 'owner', at(end, 24 * HOUR))).toMatch(/closes 24 hours after/);
    expect(turnoverProblem({ ...booking, status: 'pending' }, 'owner', during)).toMatch(/Only a confirmed booking/);
  });
});
