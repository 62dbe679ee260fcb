/**
 * Image URLs (docs/decisions/006-maps-and-images.md). Every uploaded image is stored twice: a
 * display size at `/uploads/<folder>/<id>.webp` and a thumbnail next to it at
 * `/uploads/<folder>/<id>-thumb.webp`. Spaces store the display URL; cards and
 * map popups use the thumbnail.
 */
import { DEFAULT_SPACE_IMAGE } from './constants';

/**
 * The 413 answer when an owner's stored images would pass the image storage
 * quota (`UPLOAD_QUOTA_MB`; docs/api.md "Limits"). Stored files are never
 * deleted, so it does not suggest removing photos.
 */
export function imageStorageFullMessage(megabytes: number): string {
  return `You have used your image storage (${Number(megabytes.toFixed(2))} MB). Please contact support to upload more.`;
}

/** True for a {@link imageStorageFullMessage}: the client shows it as it is, not as "File too large". */
export function isImageStorageFull(message: string | undefined): boolean {
  return message?.startsWith('You have used your image storage (') ?? false;
}

const UPLOADED_WEBP = /^(\/uploads\/(?:[\w-]+\/)*[\w-]+?)(-thumb)?\.webp$/;

/** The thumbnail of an uploaded image; any other image (bundled stock photos) is its own thumbnail. */
export function thumbnailUrl(url: string): string {
  const match = UPLOADED_WEBP.exec(url);
  if (!match || match[2]) return url;
  return `${match[1]}-thumb.webp`;
}

/** The photo a space page's gallery shows at `index` (the first by default): the default stock image when there is none. */
export function spacePhotoUrl(images: readonly string[], index = 0): string {
  return images[index] || DEFAULT_SPACE_IMAGE;
}

/** The image of a space's result card: the thumbnail of its first photo, or the default stock image. */
export function spaceCardImageUrl(images: readonly string[]): string {
  return images[0] ? thumbnailUrl(images[0]) : DEFAULT_SPACE_IMAGE;
}
