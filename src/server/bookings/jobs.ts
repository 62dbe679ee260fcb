/**
 * The bookings' jobs (src/server/jobs/catalog.ts), registered on this instance's workers by app.ts:
 * the per-minute reconciliation sweep, expiry at each hold's or request's deadline, the
 * notifications of each booking step, and the renter's reminder 24 hours before a confirmed booking starts.
 */
import type { Database } from '../db/client';
import { bookingReminderJob, bookingStepJob, expireBookingJob, reconcileBookingsJob } from '../jobs/catalog';
import type { JobLog, JobWorkers } from '../jobs/queue';
import type { PaymentProvider } from '../payments/provider';
import { expireBooking } from './expiry';
import { performBookingStep, remindBooking } from './notices';
import { reconcileBookings } from './reconciliation';

/** Registers the bookings' job handlers on `workers`. */
export function registerBookingJobs(
  workers: JobWorkers,
  { db, payments, log }: { db: Database; payments: PaymentProvider | null; log: JobLog & { info(object: unknown, message: string): void } },
): void {
  workers.work(reconcileBookingsJob, async () => {
    const summary = await reconcileBookings(db, payments, new Date(), (error, id) =>
      log.error({ err: error, id }, 'could not settle a booking payment'),
    );
    if (Object.values(summary).some((count) => count > 0)) log.info(summary, 'reconciled bookings');
  });
  workers.work(expireBookingJob, async ({ data }) => {
    await expireBooking(db, payments, data.bookingId);
  });
  workers.work(bookingStepJob, async ({ data }) => {
    await performBookingStep(db, data);
  });
  workers.work(bookingReminderJob, async ({ data }) => {
    await remindBooking(db, data.bookingId);
  });
}
