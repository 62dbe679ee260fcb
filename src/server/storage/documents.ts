/**
 * What an uploaded document is, by its content (docs/decisions/030-insurance-certificates-and-licence-states.md):
 * the file's magic bytes (`file-type`) decide, never its name or declared type; an image must also
 * decode (sharp reads its header, as the image pipeline of images.ts does).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { CERTIFICATE_MEDIA_TYPES, CERTIFICATE_NOT_A_DOCUMENT, type CertificateMediaType } from '../../shared/insurance';
import { MAX_IMAGE_PIXELS } from '../../shared/constants';
import { HttpError } from '../http/errors';

/** A document's media type and the file extension it is stored under. */
export interface DocumentType {
  mime: CertificateMediaType;
  ext: string;
}

const isCertificateType = (mime: string): mime is CertificateMediaType => (CERTIFICATE_MEDIA_TYPES as readonly string[]).includes(mime);

/**
 * The type of a PDF or image from its bytes.
 * @throws HttpError 415 when the content is neither a PDF nor a PNG, JPEG or WebP image that decodes
 */
export async function documentType(bytes: Buffer): Promise<DocumentType> {
  const found = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!found || !isCertificateType(found.mime)) throw new HttpError(415, CERTIFICATE_NOT_A_DOCUMENT);
  if (found.mime !== 'application/pdf') {
    try {
      const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    } catch {
      throw new HttpError(415, CERTIFICATE_NOT_A_DOCUMENT);
    }
  }
  return { mime: found.mime, ext: found.ext };
}
