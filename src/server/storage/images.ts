/**
 * Image intake (docs/decisions/006-maps-and-images.md), one pipeline for multipart uploads and
 * the inline data-URL images of docs/product.md#data: sharp decodes the bytes (so the content,
 * not the name or the declared type, decides what is an image), honours the
 * EXIF orientation, drops every metadata block (EXIF GPS included), and
 * writes a display size and a thumbnail as WebP.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/constants';
import { thumbnailUrl } from '../../shared/images';
import { HttpError } from '../http/errors';
import type { UploadQuota } from './quota';
import { UPLOADS_PREFIX, type FileStorage } from './storage';

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

/** Display size: longest side in pixels. */
export const DISPLAY_MAX = 1600;
/** Thumbnail (cards, map popups): longest side in pixels. */
export const THUMBNAIL_MAX = 480;

export const TOO_LARGE = 'File too large: images must be under 5MB.';
export const TOO_MANY_PIXELS = 'Image too large: it must be under 50 megapixels.';
export const NOT_AN_IMAGE = 'Invalid file type: please upload only image files.';

/** Where an image was stored: `url` is the display size; `thumbnailUrl` is derived from it by {@link thumbnailUrl}. */
export interface StoredImage {
  url: string;
  thumbnailUrl: string;
}

/**
 * The bytes of a `data:image/...;base64,` URL.
 * @throws HttpError 415 when it is not such a URL, 413 when the image is over {@link MAX_IMAGE_BYTES}
 */
function dataUrlBytes(dataUrl: string): Buffer {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new HttpError(415, NOT_AN_IMAGE);
  // Base64 carries 3 bytes in 4 characters: refuse a large image before decoding it.
  if (Math.floor((match[2]!.replace(/\s/g, '').length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw new HttpError(413, TOO_LARGE);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE);
  return bytes;
}

/**
 * Decodes an image and re-encodes it as a display WebP and a thumbnail WebP,
 * without metadata (sharp keeps none unless asked).
 * @throws HttpError 413 over {@link MAX_IMAGE_PIXELS} (checked from the header, before decoding), 415 when not a decodable image
 */
export async function processImage(bytes: Buffer): Promise<{ display: Buffer; thumbnail: Buffer }> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const [display, thumbnail] = await Promise.all([
      source
        .clone()
        .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      source
        .clone()
        .resize({ width: THUMBNAIL_MAX, height: THUMBNAIL_MAX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { display, thumbnail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, TOO_MANY_PIXELS);
    throw new HttpError(415, NOT_AN_IMAGE);
  }
}

/** Who stores an image, and the quota its bytes count against (quota.ts). */
export interface ImageOwner {
  userId: string;
  quota: UploadQuota;
}

/** An image decoded and re-encoded, not yet stored: its display image's key and URL, and both files. */
interface PreparedImage {
  key: string;
  url: string;
  display: Buffer;
  thumbnail: Buffer;
}

/**
 * Decodes and re-encodes an image for `<folder>/<uuid>.webp`.
 * @throws HttpError 413 / 415 as {@link processImage}
 */
async function prepareImage(bytes: Buffer, folder: string): Promise<PreparedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE);
  const { display, thumbnail } = await processImage(bytes);
  const key = `${folder}/${randomUUID()}.webp`;
  return { key, url: `${UPLOADS_PREFIX}${key}`, display, thumbnail };
}

/**
 * Records prepared images against their owner's quota, all or none, then
 * stores them; the records of images that could not be stored are removed.
 * @throws HttpError 413 when they do not fit in the owner's quota (nothing is stored)
 */
async function storePrepared(storage: FileStorage, images: PreparedImage[], owner: ImageOwner): Promise<string[]> {
  await owner.quota.record(
    owner.userId,
    images.map((image) => ({ url: image.url, bytes: image.display.length + image.thumbnail.length })),
  );
  let stored = 0;
  try {
    for (const image of images) {
      await storage.put(image.key, image.display, 'image/webp');
      await storage.put(image.key.replace(/\.webp$/, '-thumb.webp'), image.thumbnail, 'image/webp');
      stored++;
    }
  } catch (error) {
    await owner.quota.forget(images.slice(stored).map((image) => image.url));
    throw error;
  }
  return images.map((image) => image.url);
}

/**
 * Decodes, re-encodes and stores an image under `<folder>/<uuid>.webp` and
 * `<folder>/<uuid>-thumb.webp`, counted against `owner`'s quota.
 * @throws HttpError 413 / 415 as {@link processImage}; 413 when it does not fit in the owner's quota
 */
export async function storeImage(storage: FileStorage, bytes: Buffer, folder: string, owner: ImageOwner): Promise<StoredImage> {
  const [url] = await storePrepared(storage, [await prepareImage(bytes, folder)], owner);
  return { url: url!, thumbnailUrl: thumbnailUrl(url!) };
}

/**
 * Decodes a `data:image/...;base64,` URL and stores it through {@link storeImage}.
 * @returns the display image's public URL
 * @throws HttpError 413 over 5 MB, too many pixels or past the owner's quota, 415 when it is not a decodable image
 */
export async function storeDataUrlImage(storage: FileStorage, dataUrl: string, folder: string, owner: ImageOwner): Promise<string> {
  const bytes = dataUrlBytes(dataUrl);
  await owner.quota.checkRoom(owner.userId);
  return (await storeImage(storage, bytes, folder, owner)).url;
}

/**
 * Stores every inline image of a listing; URLs pass through unchanged. Every
 * size is checked before any image is stored, and the images are counted
 * against the owner's quota together: all are stored or none.
 * @throws HttpError 413 when any image is over 5 MB or they do not fit in the owner's quota, 415 when one is not an image
 */
export async function storeListingImages(storage: FileStorage, images: string[], owner: ImageOwner): Promise<string[]> {
  const decoded = images.map((image) => (image.startsWith('data:') ? dataUrlBytes(image) : image));
  if (!decoded.some((image) => typeof image !== 'string')) return images;
  await owner.quota.checkRoom(owner.userId);
  const prepared = new Map<Buffer, PreparedImage>();
  for (const image of decoded) if (typeof image !== 'string') prepared.set(image, await prepareImage(image, 'spaces'));
  await storePrepared(storage, [...prepared.values()], owner);
  return decoded.map((image) => (typeof image === 'string' ? image : prepared.get(image)!.url));
}
