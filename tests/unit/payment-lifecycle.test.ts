import { describe, expect, it } from 'vitest';
import {
  nextPaymentStatus,
  PAYMENT_STATUSES,
  paymentStatusAfter,
  paymentStatusesAllowing,
  type PaymentTransition,
  refundTransition,
} from '../../src/shared/payment-lifecycle';

const TRANSITIONS: PaymentTransition[] = ['open', 'authorize', 'capture', 'release', 'refund_part', 'refund_all'];

describe('the payment lifecycle', () => {
  it('takes a request from an intent to an authorisation, a capture and refunds', () => {
    let status = nextPaymentStatus('none', 'open')!;
    status = nextPaymentStatus(status, 'authorize')!;
    expect(status).toBe('authorized');
    status = nextPaymentStatus(status, 'capture')!;
    expect(status).toBe('paid');
    status = nextPaymentStatus(status, 'refund_part')!;
    expect(status).toBe('partially_refunded');
    expect(nextPaymentStatus(status, 'refund_all')).toBe('refunded');
  });

  it('never captures twice, nor a released or refunded payment', () => {
    for (const from of ['paid', 'canceled', 'partially_refunded', 'refunded'] as const)
      expect(nextPaymentStatus(from, 'capture')).toBeNull();
  });

  it('does not release a payment the provider took', () => {
    for (const from of ['paid', 'partially_refunded', 'refunded'] as const) expect(nextPaymentStatus(from, 'release')).toBeNull();
  });

  it('refuses a stale partial refund after a full one, and any refund of a released payment', () => {
    expect(nextPaymentStatus('refunded', 'refund_part')).toBeNull();
    expect(nextPaymentStatus('canceled', 'refund_part')).toBeNull();
    expect(nextPaymentStatus('canceled', 'refund_all')).toBeNull();
  });

  it('records a refund learnt of late, before the payment was known as made', () => {
    expect(nextPaymentStatus('requires_payment', 'refund_all')).toBe('refunded');
    expect(nextPaymentStatus('none', 'refund_part')).toBe('partially_refunded');
  });

  it('lets a repeated release or full refund through (a replayed event changes nothing)', () => {
    expect(nextPaymentStatus('canceled', 'release')).toBe('canceled');
    expect(nextPaymentStatus('refunded', 'refund_all')).toBe('refunded');
  });

  it('gives each transition one target, and the statuses it is allowed from', () => {
    for (const transition of TRANSITIONS) {
      const allowed = paymentStatusesAllowing(transition);
      for (const from of PAYMENT_STATUSES)
        expect(nextPaymentStatus(from, transition)).toBe(allowed.includes(from) ? paymentStatusAfter(transition) : null);
    }
  });

  it('tells a refund of all of a payment from a refund of part of it, in cents', () => {
    expect(refundTransition(1, 20_000)).toBe('refund_part');
    expect(refundTransition(19_999, 20_000)).toBe('refund_part');
    expect(refundTransition(20_000, 20_000)).toBe('refund_all');
    expect(() => refundTransition(0, 20_000)).toThrow(RangeError);
  });
});
