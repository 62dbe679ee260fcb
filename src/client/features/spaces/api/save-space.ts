import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSpaceInput, GeocodeResult, Space, UploadedImage } from '@/shared/schemas';
import { api, ApiRequestError } from '@/client/lib/api-client';

/** POST /api/spaces: lists a space for the session user. */
export function createSpace(input: CreateSpaceInput): Promise<Space> {
  return api.post<Space>('/api/spaces', input);
}

/** PUT /api/spaces/:id: replaces a space's listing fields (owner only). */
export function updateSpace(id: string, input: CreateSpaceInput): Promise<Space> {
  return api.put<Space>(`/api/spaces/${encodeURIComponent(id)}`, input);
}

/** Creates (no id) or updates a space; every cached space list and the space itself are refreshed afterwards. */
export function useSaveSpace(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSpaceInput) => (id ? updateSpace(id, input) : createSpace(input)),
    onSuccess: async (space) => {
      queryClient.setQueryData(['spaces', 'detail', space.id], space);
      await queryClient.invalidateQueries({ queryKey: ['spaces'], predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] === space.id });
    },
  });
}

/** GET /api/geocode: where the server would place an address (the wizard's pin preview). */
export function geocodeAddress(parts: { address: string; city: string; state: string; zipCode: string }, signal?: AbortSignal): Promise<GeocodeResult> {
  return api.get<GeocodeResult>('/api/geocode', { params: parts, signal });
}

/**
 * POST /api/uploads with upload progress (XMLHttpRequest: fetch has no upload progress).
 * @param onProgress fraction sent, 0 to 1
 * @throws ApiRequestError for a non-OK answer (413 too large, 415 not an image), or on a network failure (status 0)
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
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
