/**
 * API paths with query strings, built one way by the client (its fetch
 * wrapper) and the server (the page routes that embed a page's first API
 * answers), so both name a call by the same string.
 */

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * `path?query` from params, in their order: empty strings, null and undefined
 * are left out, arrays repeat the key (`amenities=Wi-Fi&amenities=Parking`).
 */
export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === undefined || item === null || item === '') continue;
      query.append(key, String(item));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
