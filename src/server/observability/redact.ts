/**
 * Secrets out of what the server writes down: request URLs as the log and the traces carry them
 * (src/server/http/log-format.ts, src/server/observability/tracing.ts).
 */

/** What stands in a log line for a secret taken out. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets: emailed links' tokens (`?token=`), and any key, secret or password. */
const SECRET_QUERY_PARAMETER = /token|secret|passw|signature|^code$|^key$|api_?key/i;

/** Paths that are secrets in part: the private calendar feed's address (`/calendar/<token>.ics`). */
const SECRET_PATHS: Array<[RegExp, string]> = [[/^\/calendar\/[^/]+\.ics$/, `/calendar/${REDACTED}.ics`]];

/**
 * `url` (a request's path and query, as logged) with its secrets replaced by {@link REDACTED}: the
 * values of secret query parameters (`/unsubscribe?token=[REDACTED]&from=email`) and the secret
 * parts of paths. Everything else is kept as it came, encoding included.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let pathPart = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(pathPart)) pathPart = replacement;
  if (queryStart === -1) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is matched as it came.
      }
      return SECRET_QUERY_PARAMETER.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}
