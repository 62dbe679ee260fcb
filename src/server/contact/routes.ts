/**
 * POST /api/contact (docs/product.md#contact-us): the contact form, open to visitors (no session
 * needed; the cross-site guard still applies), rate-limited per sender (docs/decisions/020-abuse-limits.md):
 * an open form that stores what it is sent is what spammers look for.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, contactReceiptSchema } from '../../shared/schemas/contact';
import type { Database } from '../db/client';
import type { RouteRateLimit } from '../http/rate-limits';
import { saveContactMessage } from './service';

/** At most 5 contact messages per sender (signed-in user, or client address) an hour; then 429 with Retry-After. */
export const CONTACT_RATE_LIMIT: RouteRateLimit = { max: 5, perSeconds: 60 * 60 };

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Sends a message to the ClinicShare team with the contact form (signed in or not).',
        description:
          'Body: `contactMessageSchema` (`name`, `email`, `topic`: booking, payments, listing, account or other, ' +
          '`message` of 10 to 5,000 characters; no session needed). 201 `{ id, receivedAt }`: the message is kept in ' +
          "`contact_messages` (with the sender's account when signed in) for the team's inbox; 400 with an issue per bad " +
          'field (`body.email`...) and nothing stored; 429 + Retry-After after 5 messages per sender (or address) in an ' +
          'hour; 403 cross-site.',
        body: contactMessageSchema,
        response: { 201: contactReceiptSchema },
      },
      config: { auth: 'optional', rateLimit: CONTACT_RATE_LIMIT },
    },
    async (request, reply) => reply.status(201).send(await saveContactMessage(db, request.body, request.user?.id ?? null)),
  );
};
