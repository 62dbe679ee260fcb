/**
 * Image intake (DESIGN decision 8), one pipeline for multipart uploads and
 * the spec's inline data-URL images: sharp decodes the bytes (so the content,
 * not the name or the declared type, decides what is an image), honours the
 * EXIF orientation, drops every metadata block (EXIF GPS included), and
 * writes a display size and a thumbnail as WebP.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/constants';
import { thumbnailUrl } from '../../shared/images';
import { HttpError } from '../http/errors';
import type { FileStorage } from './storage';

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
      source.clone().resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      source.clone().resize({ width: THUMBNAIL_MAX, height: THUMBNAIL_MAX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display, thumbnail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, TOO_MANY_PIXELS);
    throw new HttpError(415, NOT_AN_IMAGE);
  }
}

/**
 * Decodes, re-encodes and stores an image under `<folder>/<uuid>.webp` and `<folder>/<uuid>-thumb.webp`.
 * @throws HttpError 413 / 415 as {@link processImage}
 */
export async function storeImage(storage: FileStorage, bytes: Buffer, folder: string): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE);
  const { display, thumbnail } = await processImage(bytes);
  const id = randomUUID();
  const url = await storage.put(`${folder}/${id}.webp`, display, 'image/webp');
  await storage.put(`${folder}/${id}-thumb.webp`, thumbnail, 'image/webp');
  return { url, thumbnailUrl: thumbnailUrl(url) };
}

/**
 * Decodes a `data:image/...;base64,` URL and stores it through {@link storeImage}.
 * @returns the display image's public URL
 * @throws HttpError 413 over 5 MB or too many pixels, 415 when it is not a decodable image
 */
export async function storeDataUrlImage(storage: FileStorage, dataUrl: string, folder: string): Promise<string> {
  return (await storeImage(storage, dataUrlBytes(dataUrl), folder)).url;
}

/**
 * Stores every inline image of a listing; URLs pass through unchanged. Every
 * size is checked before any image is stored.
 * @throws HttpError 413 when any image is over 5 MB, 415 when one is not an image
 */
export async function storeListingImages(storage: FileStorage, images: string[]): Promise<string[]> {
  const decoded = images.map((image) => (image.startsWith('data:') ? dataUrlBytes(image) : image));
  const stored: string[] = [];
  for (const image of decoded) {
    stored.push(typeof image === 'string' ? image : (await storeImage(storage, image, 'spaces')).url);
  }
  return stored;
}
