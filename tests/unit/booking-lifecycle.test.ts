import { describe, expect, it } from 'vitest';
import { canTransition, nextStatus, statusColor, statusesAllowing, type BookingTransition } from '../../src/shared/booking-lifecycle';
import { BOOKING_STATUSES } from '../../src/shared/constants';

const TRANSITIONS: BookingTransition[] = ['pay', 'authorize', 'expire', 'accept', 'decline', 'cancel'];

describe('the booking state table (docs/decisions/005-bookings-as-holds.md)', () => {
  it('allows exactly the transitions of the issue', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) =>
      TRANSITIONS.filter((t) => canTransition(from, t)).map((t) => `${from} -${t}-> ${nextStatus(from, t)}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'awaiting_payment -pay-> confirmed',
        'awaiting_payment -authorize-> pending',
        'awaiting_payment -expire-> expired',
        'pending -accept-> confirmed',
        'pending -decline-> declined',
        'pending -expire-> expired',
        'confirmed -cancel-> cancelled',
      ].sort(),
    );
  });

  it('ends in declined, cancelled and expired', () => {
    for (const end of ['declined', 'cancelled', 'expired'] as const) expect(TRANSITIONS.some((t) => canTransition(end, t))).toBe(false);
  });

  it('lists the statuses a transition starts from', () => {
    expect(statusesAllowing('expire').sort()).toEqual(['awaiting_payment', 'pending']);
    expect(statusesAllowing('cancel')).toEqual(['confirmed']);
  });

  it('colours badges as docs/product.md says', () => {
    expect(['confirmed', 'pending', 'cancelled', 'declined', 'expired', 'awaiting_payment'].map(statusColor)).toEqual([
      'green',
      'yellow',
      'red',
      'grey',
      'grey',
      'grey',
    ]);
  });
});
