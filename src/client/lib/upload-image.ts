import type { UploadedImage, UploadPurpose } from '@/shared/schemas/uploads';
import { withQuery } from '@/shared/query-string';
import { ApiRequestError } from './api-client';

/**
 * POST /api/uploads with upload progress (XMLHttpRequest: fetch has no upload progress).
 * Listing photos and profile pictures and covers share this upload and the server's image pipeline.
 * @param onProgress fraction sent, 0 to 1
 * @param purpose what the image is for: a listing photo (default) or a profile picture or cover
 * @throws ApiRequestError for a non-OK answer (413 too large, 415 not an image), or on a network failure (status 0)
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  purpose: UploadPurpose = 'space',
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withQuery('/api/uploads', { purpose: purpose === 'space' ? undefined : purpose }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as UploadedImage);
      } else {
        reject(new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(0, '', 'Network error'));
    xhr.onabort = () => reject(new ApiRequestError(0, '', 'Aborted'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
