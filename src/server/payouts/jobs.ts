/**
 * The owed payouts' jobs (src/server/jobs/catalog.ts), registered on this instance's workers by
 * app.ts: `transfer-owed-payouts` settles one owner's payouts, and the per-minute sweep enqueues it
 * for every owner with one to settle (docs/decisions/033-owed-payouts.md).
 */
import type { Database } from '../db/client';
import { owedPayoutsSweepJob, transferOwedPayoutsJob } from '../jobs/catalog';
import { enqueue, type JobLog, type JobWorkers } from '../jobs/queue';
import type { PaymentProvider } from '../payments/provider';
import { ownersWithPayoutsToSettle, transferOwedPayouts } from './service';

/**
 * The sweep: enqueues `transfer-owed-payouts` for each owner with a payout to settle (one queued per
 * owner at most: the queue is `stately`, keyed by owner). @returns how many owners it enqueued
 */
export async function sweepOwedPayouts(db: Database): Promise<number> {
  let enqueued = 0;
  for (const ownerId of await ownersWithPayoutsToSettle(db)) {
    if (await enqueue(db, transferOwedPayoutsJob, { ownerId }, { singletonKey: ownerId })) enqueued += 1;
  }
  return enqueued;
}

/** Registers the payouts' job handlers on `workers` (nothing without a payment provider: no money moves). */
export function registerPayoutJobs(
  workers: JobWorkers,
  { db, payments, log }: { db: Database; payments: PaymentProvider | null; log: JobLog & { info(object: unknown, message: string): void } },
): void {
  if (!payments) return;
  workers.work(transferOwedPayoutsJob, async ({ data }) => {
    const summary = await transferOwedPayouts(db, payments, data.ownerId);
    if (summary.transferred || summary.reversed || summary.voided) log.info({ ownerId: data.ownerId, ...summary }, 'owner payouts settled');
  });
  workers.work(owedPayoutsSweepJob, async () => {
    await sweepOwedPayouts(db);
  });
}
