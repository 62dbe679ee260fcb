/**
 * Standing bookings' job (src/server/jobs/catalog.ts), registered on this instance's workers by
 * app.ts: the billing run (billing.ts).
 */
import type { Database } from '../db/client';
import { standingBillingJob } from '../jobs/catalog';
import type { JobLog, JobWorkers } from '../jobs/queue';
import type { PaymentProvider } from '../payments/provider';
import { runStandingBilling } from './billing';

/** Registers the standing bookings' job handler on `workers`. */
export function registerStandingBookingJobs(
  workers: JobWorkers,
  { db, payments, log }: { db: Database; payments: PaymentProvider | null; log: JobLog & { info(object: unknown, message: string): void } },
): void {
  workers.work(standingBillingJob, async () => {
    const summary = await runStandingBilling(db, payments, new Date(), (error, id) =>
      log.error({ err: error, id }, 'could not bill a standing booking'),
    );
    if (Object.values(summary).some((count) => count > 0)) log.info(summary, 'billed standing bookings');
  });
}
