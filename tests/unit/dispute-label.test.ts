import { describe, expect, it } from 'vitest';
import { disputeLabel } from '../../src/client/features/bookings/lib/dispute';

describe('disputeLabel', () => {
  it('says nothing for a payment never disputed', () => {
    expect(disputeLabel(null)).toBeNull();
    expect(disputeLabel(undefined)).toBeNull();
  });

  it.each([
    ['needs_response', 'Payment disputed'],
    ['under_review', 'Payment disputed'],
    ['warning_needs_response', 'Payment disputed'],
    ['warning_under_review', 'Payment disputed'],
    ['warning_closed', 'Payment inquiry closed'],
    ['won', 'Dispute won'],
    ['lost', 'Dispute lost'],
  ])('%s reads "%s"', (status, label) => {
    expect(disputeLabel(status)).toBe(label);
  });
});
