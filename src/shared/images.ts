/**
 * Image URLs (DESIGN decision 8). Every uploaded image is stored twice: a
 * display size at `/uploads/<folder>/<id>.webp` and a thumbnail next to it at
 * `/uploads/<folder>/<id>-thumb.webp`. Spaces store the display URL; cards and
 * map popups use the thumbnail.
 */

const UPLOADED_WEBP = /^(\/uploads\/(?:[\w-]+\/)*[\w-]+?)(-thumb)?\.webp$/;

/** The thumbnail of an uploaded image; any other image (bundled stock photos) is its own thumbnail. */
export function thumbnailUrl(url: string): string {
  const match = UPLOADED_WEBP.exec(url);
  if (!match || match[2]) return url;
  return `${match[1]}-thumb.webp`;
}
