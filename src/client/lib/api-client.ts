import { type QueryParams, withQuery } from '@/shared/query-string';
import { apiErrorSchema } from '@/shared/schemas/errors';

/**
 * A non-OK answer from the API. The message is `${status}: ${body text or statusText}`
 * (docs/product.md#user-facing-messages); `status` and the raw `body` stay available to callers.
 */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `{ message }` (docs/decisions/016-errors-as-json.md), when the body carries one. */
  get serverMessage(): string | undefined {
    return this.parsedBody()?.message;
  }

  /** The server's field issues (`{ path: 'body.email', message }`), empty when there are none. */
  get serverIssues(): { path: string; message: string }[] {
    return this.parsedBody()?.issues ?? [];
  }

  private parsedBody() {
    try {
      const parsed = apiErrorSchema.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}

/** True when `error` is an API answer with one of the given statuses. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiRequestError {
  return error instanceof ApiRequestError && (statuses.length === 0 || statuses.includes(error.status));
}

export interface RequestOptions {
  /** Sent as JSON; a `FormData` is sent as it is (`multipart/form-data`, its boundary set by the browser). */
  body?: unknown;
  /** Appended to the URL ({@link withQuery}): empty, null and undefined values are left out, arrays repeat the key. */
  params?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * One call to the API: credentials included, JSON in and out. Throws
 * {@link ApiRequestError} for any non-OK answer; never shows anything itself
 * (the caller decides what the person sees).
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';

  const response = await fetch(withQuery(path, options.params), {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });

  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ApiRequestError(response.status, body, response.statusText);
  }

  const text = response.status === 204 ? '' : await response.text();
  const data = (text ? JSON.parse(text) : undefined) as T;
  return { data, headers: response.headers };
}

/** Shorthands that return only the body. */
export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'body'>) => (await request<T>('GET', path, options)).data,
  post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    (await request<T>('POST', path, { ...options, body })).data,
  put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    (await request<T>('PUT', path, { ...options, body })).data,
  delete: async <T>(path: string, options?: RequestOptions) => (await request<T>('DELETE', path, options)).data,
};
