/**
 * Image storage per owner (docs/api.md, "Limits"): every stored image (its
 * display WebP and thumbnail) is recorded in `uploaded_images` with its
 * owner and bytes, and an owner's images may take at most
 * `UPLOAD_QUOTA_MB` (default 500 MB) in all. An image that would pass it is
 * refused with 413 before anything is stored.
 *
 * The check and the record are one transaction holding the owner's user row
 * (`FOR NO KEY UPDATE`), so concurrent uploads of one owner are counted one
 * after another and cannot pass the quota together.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { imageStorageFullMessage } from '../../shared/images';
import type { Database } from '../db/client';
import { uploadedImages, users } from '../db/schema';
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

  /** Bytes of the images `ownerId` has stored. */
  async used(ownerId: string, db: Pick<Database, 'select'> = this.db): Promise<number> {
    const [row] = await db
      .select({ bytes: sql<string>`coalesce(sum(${uploadedImages.bytes}), 0)` })
      .from(uploadedImages)
      .where(eq(uploadedImages.ownerId, ownerId));
    return Number(row?.bytes ?? 0);
  }

  /**
   * Refuses at once when `ownerId` has no room left, before an image is
   * decoded (the exact check is {@link record}'s).
   * @throws HttpError 413 when the owner's images already fill the quota
   */
  async checkRoom(ownerId: string): Promise<void> {
    if ((await this.used(ownerId)) >= this.limitBytes) throw new HttpError(413, this.message);
  }

  /**
   * Records `images` for `ownerId` when they fit in the quota with what the
   * owner has stored, all or none. Call it before storing the files, and
   * {@link forget} them if storing fails.
   * @throws HttpError 413 when they do not fit (nothing is recorded)
   */
  async record(ownerId: string, images: RecordedImage[]): Promise<void> {
    if (images.length === 0) return;
    const adding = images.reduce((sum, image) => sum + image.bytes, 0);
    await this.db.transaction(async (tx) => {
      // One owner's uploads take turns here; other writers of the user row are not held up.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
      if ((await this.used(ownerId, tx)) + adding > this.limitBytes) throw new HttpError(413, this.message);
      await tx.insert(uploadedImages).values(images.map((image) => ({ url: image.url, ownerId, bytes: image.bytes })));
    });
  }

  /** Removes the records of images that were not stored after all. */
  async forget(urls: string[]): Promise<void> {
    if (urls.length > 0) await this.db.delete(uploadedImages).where(inArray(uploadedImages.url, urls));
  }
}
