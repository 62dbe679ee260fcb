/**
 * Money given back through the provider: `releasePayment` for a booking that
 * is not going ahead (checkout, owner answers and the reconciliation job call
 * it), and what a refund is read back with (cancellation uses them too).
 * Amounts refunded are read from the provider, never from our own arithmetic.
 */
import { fromCents } from '../../shared/money';
import type { Database } from '../db/client';
import { movePayment } from '../payments/payment-writer';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import type { BookingRow } from './booking-row';

/** The intent read back after a refund we made, for what the provider has refunded (never our own arithmetic); `before` if it no longer knows it. */
export async function afterRefund(payments: PaymentProvider, before: PaymentIntentInfo): Promise<PaymentIntentInfo> {
  return (await payments.retrievePaymentIntent(before.id)) ?? before;
}

/**
 * Gives back the money of a payment whose booking is not going ahead (an
 * expired hold or request, a declined request): a refund of what is left when
 * it was paid, a release when it was only authorised or unpaid. Records the
 * payment's new state and what the provider has refunded on the booking.
 * Each call carries the booking's one release key (`release-<id>` for the
 * refund, `release-card-<id>` for the authorisation), and the amount left is
 * read from the provider, so a retry gives nothing back twice.
 * @throws Error for a booking that is going ahead or was cancelled (its money is not this function's to give back)
 */
export async function releasePayment(
  db: Database,
  payments: PaymentProvider,
  booking: BookingRow,
  intent?: PaymentIntentInfo | null,
): Promise<void> {
  if (booking.status !== 'expired' && booking.status !== 'declined')
    throw new Error(`Refusing to release the payment of a ${booking.status} booking (${booking.id}).`);
  if (!booking.stripePaymentIntentId) return;
  const current = intent ?? (await payments.retrievePaymentIntent(booking.stripePaymentIntentId));
  if (!current) return;
  if (current.status === 'succeeded') {
    let after = current;
    if (current.amountRefunded < current.amount) {
      await payments.refundPaymentIntent(current.id, {
        amount: current.amount - current.amountRefunded,
        idempotencyKey: `release-${booking.id}`,
      });
      after = await afterRefund(payments, current);
    }
    await movePayment(db, { bookingId: booking.id }, 'refund_all', {
      refundedAt: new Date(),
      amountRefunded: fromCents(after.amountRefunded),
    });
    return;
  }
  if (current.status !== 'canceled') await payments.cancelPaymentIntent(current.id, `release-card-${booking.id}`);
  await movePayment(db, { bookingId: booking.id }, 'release');
}
