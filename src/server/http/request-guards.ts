/**
 * Request guards that run before a body is read (DESIGN decisions 1 and 16):
 *
 * - **Identity first.** A route declares what it needs of the session in its
 *   options, `config: { auth: 'required' }` (401 without a session, answered
 *   in `onRequest`, before the body is parsed or validated) or
 *   `config: { auth: 'optional' }` (the user is loaded when there is one).
 *   Routes that declare nothing never look the session up.
 * - **Same origin for state changes.** `POST`, `PUT`, `PATCH` and `DELETE`
 *   from another site are refused with 403, judged by the Fetch Metadata
 *   header `Sec-Fetch-Site` and by `Origin` (OWASP CSRF Prevention Cheat
 *   Sheet, "Verifying origin with standard headers").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clearSessionCookie, findSession, sessionToken, type SessionSettings } from '../auth/session';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from './errors';

/** What a route needs of the session. */
export type RouteAuth = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `required`: 401 before the body is read when signed out; `optional`: load the user if any. Unset: no session lookup. */
    auth?: RouteAuth;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
 * Installs the guards on `app` (an `onRequest` hook, so nothing of the body
 * is read for a refused request). A session cookie whose session has ended
 * (lifetime, idle period, logout elsewhere) is cleared in the answer.
 * @param options.sessions the session cookie's name and the idle period
 */
export function registerRequestGuards(app: FastifyInstance, options: { db: Database; allowedOrigins: readonly string[]; sessions: SessionSettings }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (UNSAFE_METHODS.has(request.method) && !isSameOriginRequest(request, options.allowedOrigins)) {
      throw forbidden('Cross-site requests are not allowed.');
    }
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    const token = sessionToken(request, options.sessions);
    const session = token ? await findSession(options.db, token, options.sessions.idleMs) : null;
    if (token && !session) clearSessionCookie(reply, options.sessions);
    request.user = session?.user ?? null;
    request.sessionExpiresAt = session?.expiresAt ?? null;
    if (auth === 'required' && !request.user) throw unauthorized();
  });
}
