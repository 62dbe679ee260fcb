/**
 * Where a login returns to: the page that asked for it, never another site.
 *
 * The app only ever navigates to its own paths. A return path that names another origin
 * (`https://evil.example/`, the protocol-relative `//evil.example/`, `/\evil.example` that browsers
 * read as `//evil.example`, `javascript:`...) would turn "log in and come back" into an open
 * redirect (CWE-601), so anything that is not plainly a path of this site is refused.
 */

/** Longer return paths are refused (an address this long is not one of the app's pages). */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** An origin no real address has: a path resolved against it must keep it. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * The same-origin path `candidate` names (path, query string and fragment, as given), or null when it
 * is not one.
 *
 * Accepted: a string of at most {@link MAX_RETURN_PATH_LENGTH} characters that starts with exactly one
 * `/`, contains no backslash, whitespace nor control character, and resolves (RFC 3986 section 5.2)
 * to the same origin. Everything else (absolute URLs, `//host`, `/\host`, relative paths such as
 * `profile`, `javascript:` and `data:` URLs, non-strings) gives null. Pure; never throws.
 */
export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  if (candidate.length === 0 || candidate.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  // Browsers treat `\` as `/` in http(s) URLs and drop tabs and newlines, so `/\host` and `/\t/host` mean `//host`.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\s\u0000-\u001f\u007f]/.test(candidate)) return null;
  let resolved: URL;
  try {
    resolved = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return null;
  }
  return resolved.origin === PROBE_ORIGIN ? candidate : null;
}

/** The app's current address as a return path: `pathname` plus `?search` when there is one (`search` without its `?`). */
export function returnPathOf(pathname: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${pathname}?${query}` : pathname;
}
