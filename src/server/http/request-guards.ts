/**
 * The cross-site guard (docs/decisions/020-abuse-limits.md): `POST`, `PUT`, `PATCH`
 * and `DELETE` from another site are refused with 403 before a body is read,
 * judged by the Fetch Metadata header `Sec-Fetch-Site` and by `Origin` (OWASP
 * CSRF Prevention Cheat Sheet, "Verifying origin with standard headers").
 * The session guard, which runs right after it, is `auth/guards.ts`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `allowed`: the route takes state-changing requests from other sites. Only for routes that
     * read no session and are authorised by a token in the request alone (the RFC 8058 one-click
     * unsubscribe POST, sent by mail providers: docs/decisions/022-notifications-and-email.md).
     */
    crossSite?: 'allowed';
  }
}

/** The origin (`scheme://host[:port]`) of a URL, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser request comes from one of our own pages. Requests
 * without the browser headers (curl, server-to-server webhooks) pass: CSRF
 * needs a victim's browser, and browsers send `Origin` on every cross-site
 * state-changing request.
 * @param allowedOrigins our public origin(s), e.g. PUBLIC_URL
 */
export function isSameOriginRequest(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  // The browser's own word (scripts cannot set Sec-Fetch-Site): enough even when a page's
  // Referrer-Policy makes it send `Origin: null` on a form post.
  if (site === 'same-origin') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (allowedOrigins.includes(parsed)) return true;
  // The page and the API share one origin: the one the browser addressed.
  return request.headers.host !== undefined && originOf(`${request.protocol}://${request.headers.host}`) === parsed;
}

/**
 * Installs the cross-site guard on `app` (an `onRequest` hook, so nothing of
 * the body is read for a refused request).
 * @param allowedOrigins our public origin(s), e.g. PUBLIC_URL
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.crossSite === 'allowed' && !request.routeOptions.config.auth) return;
    if (UNSAFE_METHODS.has(request.method) && !isSameOriginRequest(request, allowedOrigins)) {
      throw forbidden('Cross-site requests are not allowed.');
    }
  });
}
