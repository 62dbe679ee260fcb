/**
 * Unsubscribe routes (docs/decisions/022-notifications-and-email.md): the target of the
 * `List-Unsubscribe` header and of the unsubscribe page (`/unsubscribe?token=...`). No login: the
 * signed token in the query is the whole authority, and it changes one kind of email of one user.
 *
 * - `GET /api/notifications/unsubscribe?token=` says what the token would turn off and changes
 *   nothing (mail scanners prefetch links); a browser sent here (Accept: text/html) is redirected
 *   to the unsubscribe page, which asks before it POSTs.
 * - `POST /api/notifications/unsubscribe?token=` turns it off: the RFC 8058 one-click POST
 *   (`List-Unsubscribe=One-Click`, form-encoded, sent by the mail provider from its own site, so
 *   the cross-site guard lets this route through: `config.crossSite`) or the page's button.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeAnswerSchema, unsubscribeQuerySchema } from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { describeUnsubscribe, unsubscribe } from './unsubscribe';

export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // RFC 8058 section 3.1: the one-click POST's body is `List-Unsubscribe=One-Click`, form-encoded
  // or multipart; the token is in the URL, so the body is read (within a small limit) and ignored.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  }

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        summary: "What an email's unsubscribe link would turn off.",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswerSchema },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html')) {
        return reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303);
      }
      return describeUnsubscribe(db, request.query.token);
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        summary: 'Turns off the email kind of an unsubscribe link (also the one-click unsubscribe of RFC 8058).',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswerSchema },
      },
      config: { crossSite: 'allowed' },
    },
    async (request) => unsubscribe(db, request.query.token),
  );
};
