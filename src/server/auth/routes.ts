/** Auth routes: register, login, logout, me (DESIGN decision 1; SPEC section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, userSchema } from '../../shared/schemas';
import type { Database } from '../db/client';
import { toUser } from '../users/serialize';
import { authenticate, registerUser } from './service';
import { clearSessionCookie, createSession, deleteSession, requireUser, SESSION_COOKIE, setSessionCookie } from './session';

export interface AuthRoutesOptions {
  db: Database;
  secureCookies: boolean;
  /** Login attempts per IP per 15 minutes. */
  loginRateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, secureCookies, loginRateLimit }) => {
  app.post('/api/register', { schema: { body: registerSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await registerUser(db, request.body);
    setSessionCookie(reply, await createSession(db, user.id), secureCookies);
    return reply.status(201).send(toUser(user));
  });

  app.post(
    '/api/login',
    {
      schema: { body: loginSchema, response: { 200: userSchema } },
      config: { rateLimit: { max: loginRateLimit, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const user = await authenticate(db, request.body);
      setSessionCookie(reply, await createSession(db, user.id), secureCookies);
      return toUser(user);
    },
  );

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/me', { schema: { response: { 200: userSchema } }, config: { auth: 'required' } }, async (request) => toUser(requireUser(request)));
};
