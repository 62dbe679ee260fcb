/**
 * Auth routes: register, login, logout, me, change password, log out everywhere, password reset and
 * email verification (the routes and their answers: docs/api.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../shared/schemas/auth';
import { idParamSchema } from '../../shared/schemas/fields';
import { userSchema } from '../../shared/schemas/users';
import type { Database } from '../db/client';
import { HttpError, unauthorized } from '../http/errors';
import { noContent } from '../http/openapi';
import { resendEmailVerification, verifyEmail } from './email-verification';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from './password-reset';
import { toUser } from './public-user';
import { authenticate, changePassword, registerUser } from './service';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  requireSelf,
  requireUser,
  sessionToken,
  setSessionCookie,
  type SessionSettings,
} from './session';
import type { AuthThrottle } from './throttle';

export interface AuthRoutesOptions {
  db: Database;
  /** The cookie's name and attributes and the idle period ({@link SessionSettings}). */
  sessions: SessionSettings;
  /** Failed-login and sign-up counters; the client address is `request.ip` (see TRUST_PROXY). */
  throttle: AuthThrottle;
}

const idParams = z.object({ id: idParamSchema });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessions, throttle }) => {
  app.post(
    '/api/register',
    {
      schema: {
        summary: 'Creates an account and signs it in (sets the session cookie).',
        description:
          '201 `User`, sets the session cookie; 400 for a password under 8 or over 128 characters, the email, or ' +
          'weak/common (zxcvbn on its first 100 characters, in a worker pool: `src/server/auth/password-check.ts`); 409 ' +
          'when the email is taken; 429 + Retry-After after `REGISTRATIONS_PER_ADDRESS` sign-ups per address per hour ' +
          "(checked before the password's strength, so a refused weak password counts).",
        body: registerSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => {
      const user = await registerUser(db, request.body, () => throttle.register(request.ip));
      setSessionCookie(reply, await createSession(db, user.id, sessions.idleMs), sessions);
      return reply.status(201).send(toUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Signs in with email and password (sets the session cookie).',
        description:
          '`User`, sets the session cookie; 401 bad credentials; 403 with the right password of a suspended account ' +
          '(`message` says it is suspended); 429 + Retry-After after `LOGIN_FAILURES_PER_ACCOUNT` failures for the email ' +
          'from this address (that address only is locked out of the account) or `LOGIN_FAILURES_PER_ADDRESS` failures ' +
          'from the address in 15 minutes (successes do not count). Past `LOGIN_FAILURES_ACCOUNT_CEILING` failures for ' +
          'the email from all addresses, wrong passwords answer 429 and an address that has already failed is not heard, ' +
          'but an address with no failure yet is: the right password still logs in (`src/server/auth/throttle.ts`).',
        body: loginSchema,
        response: { 200: userSchema },
      },
    },
    async (request, reply) => {
      const attempt = await throttle.beginLogin(request.body.email, request.ip);
      const user = await authenticate(db, request.body).catch(async (error: unknown) => {
        // A wrong password keeps its reserved failure (429 past the account's ceiling); anything else gives it back.
        if (error instanceof HttpError && error.statusCode === 401) await attempt.failed();
        else await attempt.abandoned();
        throw error;
      });
      await attempt.succeeded();
      setSessionCookie(reply, await createSession(db, user.id, sessions.idleMs), sessions);
      return toUser(user);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        summary: 'Signs out: ends this session and clears the cookie.',
        description: '204, clears the session.',
        response: { 204: noContent('Signed out (also when there was no session).') },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request, sessions);
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply, sessions);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        summary: 'The signed-in user.',
        description: '`User` (with its `role`, `user` or `admin`), or 401 without a session (also once the account is suspended).',
        response: { 200: userSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => toUser(requireUser(request)),
  );

  // Change password (docs/api.md): the current password, then the new one; every other session ends, this one stays.
  app.put(
    '/api/users/:id/password',
    {
      schema: {
        summary: 'Changes the password; every other session of the user ends.',
        description:
          'Body: `changePasswordSchema` (`currentPassword`, `newPassword`: the sign-up rules, not the current one). 204: ' +
          'the password is changed and every other session of the user ends (their sockets close), this one stays; own ' +
          'only (403); 400 with an issue on `body.currentPassword` when it is missing or wrong, on `body.newPassword` ' +
          'when short, the email, weak/common or unchanged; a wrong current password counts as a failed login (429 + ' +
          'Retry-After as for login); 429 after 20 changes an hour.',
        params: idParams,
        body: changePasswordSchema,
        response: { 204: noContent('The password is changed.') },
      },
      config: { auth: 'required', rateLimit: { max: 20, perSeconds: 60 * 60 } },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      const keepToken = sessionToken(request, sessions);
      if (!keepToken) throw unauthorized();
      await changePassword(db, throttle, user, request.body, { keepToken, address: request.ip });
      return reply.status(204).send();
    },
  );

  // Log out everywhere: every session of the user ends, this one included.
  app.post(
    '/api/logout-everywhere',
    {
      schema: {
        summary: 'Ends every session of the user, this one included.',
        description:
          '204: every session of the user ends, this one included (the cookie is cleared, their sockets close); 401 ' +
          'without a session.',
        response: { 204: noContent('Every session has ended; the cookie is cleared.') },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      await deleteUserSessions(db, requireUser(request).id);
      clearSessionCookie(reply, sessions);
      return reply.status(204).send();
    },
  );

  // Forgot password: 202 and the same answer whether or not the email has an account; the email goes out through the job queue.
  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        summary: 'Emails a password reset link; the same answer whether or not the email has an account.',
        body: forgotPasswordSchema,
        response: { 202: forgotPasswordResultSchema },
      },
    },
    async (request, reply) => {
      await throttle.passwordResetEmail(request.body.email, request.ip);
      await requestPasswordReset(db, request.body.email);
      return reply.status(202).send(FORGOT_PASSWORD_ANSWER);
    },
  );

  // Reset password with the emailed link's token: every session of the user ends (their sockets too: messages/routes.ts).
  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: "Sets a new password with the emailed link's token; every session of the user ends.",
        body: resetPasswordSchema,
        response: { 204: noContent('The password is set; every session of the user has ended.') },
      },
    },
    async (request, reply) => {
      request.sessionsEndedFor = await resetPassword(db, throttle, request.body, request.ip);
      // The asking browser may hold a session of that user: it has ended.
      if (sessionToken(request, sessions)) clearSessionCookie(reply, sessions);
      return reply.status(204).send();
    },
  );

  // Verify the email with the emailed link's token (signed in or not: the link may open in another browser).
  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        summary: "Verifies the email address with the emailed link's token.",
        body: verifyEmailSchema,
        response: { 204: noContent('The email address is verified.') },
      },
      config: { rateLimit: { max: 30, perSeconds: 60 * 60 } },
    },
    async (request, reply) => {
      await verifyEmail(db, request.body.token);
      return reply.status(204).send();
    },
  );

  // Send a fresh verification link to the signed-in user's email (the profile's Resend button).
  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        summary: "Emails a fresh verification link to the signed-in user's address.",
        response: { 202: noContent('The email is on its way.') },
      },
      config: { auth: 'required', rateLimit: { max: 5, perSeconds: 60 * 60 } },
    },
    async (request, reply) => {
      await resendEmailVerification(db, requireUser(request));
      return reply.status(202).send();
    },
  );
};
