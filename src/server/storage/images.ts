/**
 * Image intake (DESIGN decision 8): uploads are checked by content (sharp
 * decodes them), stripped of metadata (EXIF GPS), resized and stored as WebP.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { HttpError } from '../http/errors';
import type { FileStorage } from './storage';

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

/** Display size: longest side in pixels. */
const DISPLAY_MAX = 1600;

/**
 * Decodes a `data:image/...;base64,` URL, re-encodes it and stores it.
 * @returns the stored image's public URL
 * @throws HttpError 413 over 5 MB, 415 when it is not a decodable image
 */
export async function storeDataUrlImage(storage: FileStorage, dataUrl: string, folder: string): Promise<string> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new HttpError(415, 'Invalid file type: please upload only image files.');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'File too large: images must be under 5MB.');
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate() // honour EXIF orientation before the metadata is dropped
      .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(); // sharp drops EXIF/GPS metadata unless asked to keep it
  } catch {
    throw new HttpError(415, 'Invalid file type: please upload only image files.');
  }
  return storage.put(`${folder}/${randomUUID()}.webp`, webp, 'image/webp');
}

/** Stores every inline image of a listing; URLs pass through unchanged. */
export async function storeListingImages(storage: FileStorage, images: string[]): Promise<string[]> {
  const stored: string[] = [];
  for (const image of images) {
    stored.push(image.startsWith('data:') ? await storeDataUrlImage(storage, image, 'spaces') : image);
  }
  return stored;
}
