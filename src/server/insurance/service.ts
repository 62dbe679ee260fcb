/**
 * Certificates of insurance (docs/decisions/030-insurance-certificates-and-licence-states.md;
 * docs/product.md#insurance-certificates-and-licence-states): a renter uploads theirs (a PDF or image, told by its
 * content, at most 10 MB) with the insurer, policy number and expiry date; the file is kept in the
 * private file storage. A certificate is seen only by its holder and by the owner of a space the
 * holder holds, has requested or has booked (a live hold, a pending or a confirmed booking). A
 * listing that requires insurance refuses a hold without a certificate valid through its last day.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { bookingLastDay, certificateCovers, certificateStorageFullMessage, insuranceRequiredMessage } from '../../shared/insurance';
import type { InsuranceCertificate, InsuranceCertificateFields } from '../../shared/schemas/insurance';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, insuranceCertificates, medicalSpaces } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { documentType } from '../storage/documents';
import type { PrivateFile, PrivateFileStorage } from '../storage/private-files';
import type { UploadQuota } from '../storage/quota';

type CertificateRow = typeof insuranceCertificates.$inferSelect;

/** Where a holder's current certificate file is served. */
export const certificateFilePath = (userId: string) => `/api/users/${userId}/insurance-certificate/file`;

/** Public shape of a certificate row. */
export function toCertificate(row: CertificateRow): InsuranceCertificate {
  return {
    id: row.id,
    userId: row.userId,
    insurer: row.insurer,
    policyNumber: row.policyNumber,
    expiresOn: row.expiresOn,
    contentType: row.contentType as InsuranceCertificate['contentType'],
    byteSize: row.byteSize,
    uploadedAt: row.createdAt.toISOString(),
    fileUrl: certificateFilePath(row.userId),
  };
}

/** The holder's current certificate (their newest), or null. */
export async function currentCertificateRow(db: Database, userId: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.userId, userId))
    .orderBy(desc(insuranceCertificates.createdAt), desc(insuranceCertificates.id))
    .limit(1);
  return row ?? null;
}

/** The current certificates of several holders, by holder id (the owner's lists of requests and bookings). */
export async function currentCertificates(db: Database, userIds: readonly string[]): Promise<Map<string, InsuranceCertificate>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([insuranceCertificates.userId])
    .from(insuranceCertificates)
    .where(inArray(insuranceCertificates.userId, [...new Set(userIds)]))
    .orderBy(insuranceCertificates.userId, desc(insuranceCertificates.createdAt), desc(insuranceCertificates.id));
  return new Map(rows.map((row) => [row.userId, toCertificate(row)]));
}

/**
 * Stores a new certificate for `userId`: the file is checked by its content before anything is
 * saved, then written to the private storage, then recorded (it becomes the current one). The
 * certificate files a holder keeps count in their upload quota (`UploadQuota`, with their images).
 * A replaced certificate's file is deleted: only the current certificate is ever served or checked
 * (`readCertificateFile`, `assertInsuredThrough`), so no booking refers to an earlier file; its row
 * stays as a record, with `file_deleted_at`.
 * @throws HttpError 415 when the file is not a PDF or image by its content; 413 when it does not fit
 *   the holder's upload quota (counted without the certificate it replaces); nothing is saved
 */
export async function saveCertificate(
  db: Database,
  files: PrivateFileStorage,
  quota: UploadQuota,
  userId: string,
  fields: InsuranceCertificateFields,
  bytes: Buffer,
): Promise<InsuranceCertificate> {
  const type = await documentType(bytes);
  const full = certificateStorageFullMessage(quota.limitBytes / (1024 * 1024));
  const storageKey = `insurance/${randomUUID()}.${type.ext}`;
  await files.put(storageKey, bytes, type.mime);
  let saved: { row: CertificateRow; replaced: string[] };
  try {
    saved = await quota.withinQuota(
      userId,
      async (tx) => {
        const replaced = await tx
          .update(insuranceCertificates)
          .set({ fileDeletedAt: new Date() })
          .where(and(eq(insuranceCertificates.userId, userId), isNull(insuranceCertificates.fileDeletedAt)))
          .returning({ storageKey: insuranceCertificates.storageKey });
        const [row] = await tx
          .insert(insuranceCertificates)
          .values({
            userId,
            storageKey,
            contentType: type.mime,
            byteSize: bytes.length,
            insurer: fields.insurer,
            policyNumber: fields.policyNumber,
            expiresOn: fields.expiresOn,
          })
          .returning();
        return { row: row!, replaced: replaced.map((old) => old.storageKey) };
      },
      full,
    );
  } catch (error) {
    await files.delete(storageKey);
    throw error;
  }
  // After the commit: a file left behind by a failed delete is no longer counted, and serves no one.
  await Promise.allSettled(saved.replaced.map((key) => files.delete(key)));
  return toCertificate(saved.row);
}

/**
 * Whether `viewerId` may see `holderId`'s certificate: they are the holder, or they own a space the
 * holder has a live hold on, a pending request for, or a confirmed booking of.
 */
export async function maySeeCertificate(db: Database, holderId: string, viewerId: string, now = new Date()): Promise<boolean> {
  if (holderId === viewerId) return true;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(
      and(
        eq(bookings.renterId, holderId),
        eq(medicalSpaces.ownerId, viewerId),
        or(
          inArray(bookings.status, ['pending', 'confirmed']),
          and(eq(bookings.status, 'awaiting_payment'), gt(bookings.holdExpiresAt, now)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The current certificate of `holderId` as `viewerId` may see it, or null when there is none.
 * @throws HttpError 403 for a viewer who may not see it (whether or not there is one)
 */
export async function readCurrentCertificate(db: Database, holderId: string, viewerId: string): Promise<CertificateRow | null> {
  if (!(await maySeeCertificate(db, holderId, viewerId))) {
    throw forbidden("Only the certificate's holder and the owners of spaces they book can see it.");
  }
  return currentCertificateRow(db, holderId);
}

/**
 * The file of the current certificate of `holderId`, for `viewerId`.
 * @throws HttpError 403 as {@link readCurrentCertificate}; 404 when there is none, or its file is missing from the storage
 */
export async function readCertificateFile(
  db: Database,
  files: PrivateFileStorage,
  holderId: string,
  viewerId: string,
): Promise<PrivateFile & { fileName: string }> {
  const row = await readCurrentCertificate(db, holderId, viewerId);
  if (!row) throw notFound('No certificate of insurance has been uploaded.');
  const file = await files.get(row.storageKey, row.contentType);
  if (!file) throw notFound('The certificate file is missing.');
  return { ...file, fileName: `certificate-of-insurance-${row.expiresOn}.${row.storageKey.split('.').pop()}` };
}

/**
 * A listing that requires proof of insurance (`requires_insurance`) takes a hold only from a renter
 * whose current certificate is valid through the booking's last day (in the space's zone).
 * @param lastEndAt the end of the booking, or of a series' last occurrence
 * @throws HttpError 409 with a message that says what is missing
 */
export async function assertInsuredThrough(
  db: Database,
  space: { requiresInsurance: boolean; state: string },
  renterId: string,
  lastEndAt: Date,
): Promise<void> {
  if (!space.requiresInsurance) return;
  const lastDay = bookingLastDay(lastEndAt, timeZoneForState(space.state));
  const certificate = await currentCertificateRow(db, renterId);
  if (!certificateCovers(certificate?.expiresOn, lastDay)) throw conflict(insuranceRequiredMessage(certificate?.expiresOn, lastDay));
}
