/**
 * Upload storage per owner (docs/api.md, "Limits"): every stored image (its
 * display WebP and thumbnail) is recorded in `uploaded_images` with its
 * owner and bytes, every kept certificate-of-insurance file in
 * `insurance_certificates` (`byte_size`, until `file_deleted_at`), and an
 * owner's uploads may take at most `UPLOAD_QUOTA_MB` (default 500 MB) in all.
 * An upload that would pass it is refused with 413.
 *
 * The check and the record are one transaction holding the owner's user row
 * (`FOR NO KEY UPDATE`), so concurrent uploads of one owner are counted one
 * after another and cannot pass the quota together.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { imageStorageFullMessage } from '../../shared/images';
import type { Database } from '../db/client';
import { insuranceCertificates, uploadedImages, users } from '../db/schema';
import { HttpError } from '../http/errors';

/** The default quota in megabytes (`UPLOAD_QUOTA_MB`). */
export const DEFAULT_UPLOAD_QUOTA_MB = 500;

const MEGABYTE = 1024 * 1024;

/** One stored image as recorded: the display image's URL path, and the bytes of it and its thumbnail. */
export interface RecordedImage {
  url: string;
  bytes: number;
}

/** The per-owner image quota on one database. */
export class UploadQuota {
  /** The 413 message, naming the quota ("You have used your image storage (500 MB). Please contact support to upload more."). */
  readonly message: string;

  constructor(
    private readonly db: Database,
    /** Bytes an owner's images may take in all. */
    readonly limitBytes: number,
  ) {
    this.message = imageStorageFullMessage(limitBytes / MEGABYTE);
  }

  /** Bytes of the images and kept certificate files `ownerId` has stored. */
  async used(ownerId: string, db: Pick<Database, 'select'> = this.db): Promise<number> {
    const [images] = await db
      .select({ bytes: sql<string>`coalesce(sum(${uploadedImages.bytes}), 0)` })
      .from(uploadedImages)
      .where(eq(uploadedImages.ownerId, ownerId));
    const [certificates] = await db
      .select({ bytes: sql<string>`coalesce(sum(${insuranceCertificates.byteSize}), 0)` })
      .from(insuranceCertificates)
      .where(and(eq(insuranceCertificates.userId, ownerId), isNull(insuranceCertificates.fileDeletedAt)));
    return Number(images?.bytes ?? 0) + Number(certificates?.bytes ?? 0);
  }

  /**
   * Runs `write` (which records new uploads of `ownerId`, and may free others) in a transaction
   * that then checks the owner's uploads still fit the quota; all or nothing. Concurrent calls of
   * one owner take turns on the owner's user row.
   * @param message the 413 message (default: the image storage's, {@link message})
   * @throws HttpError 413 when they do not fit (nothing `write` did is kept)
   */
  async withinQuota<T>(ownerId: string, write: (tx: Database) => Promise<T>, message = this.message): Promise<T> {
    return this.db.transaction(async (tx) => {
      // One owner's uploads take turns here; other writers of the user row are not held up.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
      const result = await write(tx);
      if ((await this.used(ownerId, tx)) > this.limitBytes) throw new HttpError(413, message);
      return result;
    });
  }

  /**
   * Refuses at once when `ownerId` has no room left, before an image is
   * decoded (the exact check is {@link record}'s).
   * @throws HttpError 413 when the owner's images already fill the quota
   */
  async checkRoom(ownerId: string, message = this.message): Promise<void> {
    if ((await this.used(ownerId)) >= this.limitBytes) throw new HttpError(413, message);
  }

  /**
   * Records `images` for `ownerId` when they fit in the quota with what the
   * owner has stored, all or none. Call it before storing the files, and
   * {@link forget} them if storing fails.
   * @throws HttpError 413 when they do not fit (nothing is recorded)
   */
  async record(ownerId: string, images: RecordedImage[]): Promise<void> {
    if (images.length === 0) return;
    await this.withinQuota(ownerId, async (tx) => {
      await tx.insert(uploadedImages).values(images.map((image) => ({ url: image.url, ownerId, bytes: image.bytes })));
    });
  }

  /** Removes the records of images that were not stored after all. */
  async forget(urls: string[]): Promise<void> {
    if (urls.length > 0) await this.db.delete(uploadedImages).where(inArray(uploadedImages.url, urls));
  }
}
