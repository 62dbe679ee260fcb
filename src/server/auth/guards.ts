/**
 * Identity first: a route declares what it needs of the session in its
 * options, `config: { auth: 'required' }` (401 without a session, answered in
 * `onRequest`, before the body is parsed or validated),
 * `config: { auth: 'optional' }` (the user is loaded when there is one) or
 * `config: { auth: 'admin' }` (an operator's: anyone else gets the 404 of an
 * unknown route, so the console's existence is not revealed;
 * docs/decisions/029-operators-and-the-audit-log.md).
 * Routes that declare nothing never look the session up.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { notFound, unauthorized } from '../http/errors';
import { clearSessionCookie, findSession, sessionToken, type SessionSettings } from './session';

/** What a route needs of the session. */
export type RouteAuth = 'required' | 'optional' | 'admin';

/** The answer of an operator's route to anyone else: the body of an unknown route's 404 (src/server/app.ts). */
export const NOT_FOUND_MESSAGE = 'Not found.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `required`: 401 before the body is read when signed out; `optional`: load the user if any;
     * `admin`: 404 (as an unknown route) unless the user is an operator. Unset: no session lookup.
     */
    auth?: RouteAuth;
  }
}

/**
 * Installs the session guard on `app` (an `onRequest` hook, so nothing of the
 * body is read for a refused request): sets `request.user` and
 * `request.sessionExpiresAt` for routes that declare `config.auth`, and
 * answers 401 for `auth: 'required'` without a session and 404 for
 * `auth: 'admin'` without an operator's session (the one guard of every
 * console route). A session cookie
 * whose session has ended (lifetime, idle period, logout elsewhere) is
 * cleared in the answer. Register it after the cross-site guard
 * (`registerCrossSiteGuard`), which refuses first.
 * @param options.sessions the session cookie's name and the idle period
 */
export function registerSessionGuard(app: FastifyInstance, options: { db: Database; sessions: SessionSettings }): void {
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    const token = sessionToken(request, options.sessions);
    const session = token ? await findSession(options.db, token, options.sessions.idleMs) : null;
    if (token && !session) clearSessionCookie(reply, options.sessions);
    request.user = session?.user ?? null;
    request.sessionExpiresAt = session?.expiresAt ?? null;
    if (auth === 'required' && !request.user) throw unauthorized();
    if (auth === 'admin' && request.user?.role !== 'admin') throw notFound(NOT_FOUND_MESSAGE);
  });
}
