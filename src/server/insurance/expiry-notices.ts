/**
 * Certificate expiry notices (docs/decisions/030-insurance-certificates-and-licence-states.md): an
 * hourly sweep (the `insurance-expiry-notices` job) tells each holder, by email and in the app,
 * 30 days and 7 days before their current certificate expires. Each notice is written once per
 * certificate (its notification's dedupe key), so a sweep run twice, or on two instances, tells
 * nobody twice; a certificate first seen within 7 days of its expiry gets only the 7-day notice.
 */
import { and, eq, gt, gte, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shiftDate } from '../../shared/availability';
import { CERTIFICATE_EXPIRY_NOTICE_DAYS, dueExpiryNotice } from '../../shared/insurance';
import type { Database } from '../db/client';
import { insuranceCertificates } from '../db/schema';
import { insuranceExpiryNoticesJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import { notify } from '../notifications/notify';

/**
 * Writes the expiry notices due at `now` (dates counted in UTC).
 * @returns how many notifications were written
 */
export async function sendCertificateExpiryNotices(db: Database, now = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const horizon = shiftDate(today, Math.max(...CERTIFICATE_EXPIRY_NOTICE_DAYS));
  // The certificates that expire within the horizon and are their holder's current one (none newer).
  const newer = alias(insuranceCertificates, 'newer');
  const expiring = await db
    .select()
    .from(insuranceCertificates)
    .where(
      and(
        gte(insuranceCertificates.expiresOn, today),
        lte(insuranceCertificates.expiresOn, horizon),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(and(eq(newer.userId, insuranceCertificates.userId), gt(newer.createdAt, insuranceCertificates.createdAt))),
        ),
      ),
    );
  let written = 0;
  for (const certificate of expiring) {
    const days = dueExpiryNotice(certificate.expiresOn, today);
    if (days === null) continue;
    const id = await db.transaction((tx) =>
      notify(tx, {
        userId: certificate.userId,
        kind: 'insurance_expiring',
        title: `Your certificate of insurance expires on ${certificate.expiresOn}`,
        body: `Your ${certificate.insurer} certificate (policy ${certificate.policyNumber}) expires in ${days === 7 ? 'a week' : `${days} days`}. Spaces that require proof of insurance cannot be booked past that date: upload your renewed certificate on your profile.`,
        link: '/profile',
        data: { certificateId: certificate.id, expiresOn: certificate.expiresOn, days },
        dedupeKey: `insurance-expiring:${certificate.id}:${days}`,
      }),
    );
    if (id) written++;
  }
  return written;
}

/** Registers the sweep on this instance's workers (app.ts). */
export function registerInsuranceJobs(workers: JobWorkers, { db }: { db: Database }): void {
  workers.work(insuranceExpiryNoticesJob, async () => {
    await sendCertificateExpiryNotices(db);
  });
}
