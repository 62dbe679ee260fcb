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

const TOO_LARGE = 'File too large: images must be under 5MB.';
const NOT_AN_IMAGE = 'Invalid file type: please upload only image files.';

/**
 * The bytes of a `data:image/...;base64,` URL.
 * @throws HttpError 415 when it is not such a URL, 413 when the image is over {@link MAX_IMAGE_BYTES}, whatever its size
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
 * Decodes an image, re-encodes it and stores it.
 * @returns the stored image's public URL
 * @throws HttpError 415 when it is not a decodable image
 */
async function storeImageBytes(storage: FileStorage, bytes: Buffer, folder: string): Promise<string> {
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate() // honour EXIF orientation before the metadata is dropped
      .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(); // sharp drops EXIF/GPS metadata unless asked to keep it
  } catch {
    throw new HttpError(415, NOT_AN_IMAGE);
  }
  return storage.put(`${folder}/${randomUUID()}.webp`, webp, 'image/webp');
}

/**
 * Decodes a `data:image/...;base64,` URL, re-encodes it and stores it.
 * @returns the stored image's public URL
 * @throws HttpError 413 over 5 MB, 415 when it is not a decodable image
 */
export async function storeDataUrlImage(storage: FileStorage, dataUrl: string, folder: string): Promise<string> {
  return storeImageBytes(storage, dataUrlBytes(dataUrl), folder);
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
    stored.push(typeof image === 'string' ? image : await storeImageBytes(storage, image, 'spaces'));
  }
  return stored;
}
