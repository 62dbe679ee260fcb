/** Auth routes: register, login, logout, me (DESIGN decision 1; SPEC section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, userSchema } from '../../shared/schemas';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { toUser } from '../users/serialize';
import { authenticate, registerUser } from './service';
import { clearSessionCookie, createSession, deleteSession, requireUser, SESSION_COOKIE, setSessionCookie } from './session';
import type { AuthThrottle } from './throttle';

export interface AuthRoutesOptions {
  db: Database;
  secureCookies: boolean;
  /** Failed-login and sign-up counters; the client address is `request.ip` (see TRUST_PROXY). */
  throttle: AuthThrottle;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, secureCookies, throttle }) => {
  app.post('/api/register', { schema: { body: registerSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await registerUser(db, request.body, () => throttle.register(request.ip));
    setSessionCookie(reply, await createSession(db, user.id), secureCookies);
    return reply.status(201).send(toUser(user));
  });

  app.post('/api/login', { schema: { body: loginSchema, response: { 200: userSchema } } }, async (request, reply) => {
    const attempt = await throttle.beginLogin(request.body.email, request.ip);
    const user = await authenticate(db, request.body).catch(async (error: unknown) => {
      // A wrong password keeps its reserved failure (429 past the account's ceiling); anything else gives it back.
      if (error instanceof HttpError && error.statusCode === 401) await attempt.failed();
      else await attempt.abandoned();
      throw error;
    });
    await attempt.succeeded();
    setSessionCookie(reply, await createSession(db, user.id), secureCookies);
    return toUser(user);
  });

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/me', { schema: { response: { 200: userSchema } }, config: { auth: 'required' } }, async (request) => toUser(requireUser(request)));
};
