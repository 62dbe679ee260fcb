/**
 * The user's saved card (docs/decisions/039-saved-cards.md): see it, save or replace it through a
 * setup intent the browser confirms (Stripe.js `confirmSetup`, or the demo card form), and remove it.
 * Identity from the session only (docs/decisions/009-identity-from-the-session.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardSetupIntentSchema, saveCardSchema, savedCardAnswerSchema } from '../../shared/schemas/saved-cards';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { noContent } from '../http/openapi';
import type { PaymentProvider } from './provider';
import { ensureCustomer, findCustomerId, findSavedCard, forgetSavedCard, saveCardFromSetupIntent, setupIntentRefusal } from './saved-cards';

export const savedCardRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (app, { db, payments }) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };
  const auth = { auth: 'required' as const };

  app.get(
    '/api/users/me/card',
    {
      schema: {
        summary: "The session user's saved card.",
        description: '`{ card: { brand, last4 } | null }`: the card kept for later charges without the user present.',
        response: { 200: savedCardAnswerSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const card = await findSavedCard(db, user.id);
      void reply.header('cache-control', 'no-store');
      return { card: card ? { brand: card.brand, last4: card.last4 } : null };
    },
  );

  app.post(
    '/api/users/me/card/setup-intent',
    {
      schema: {
        summary: 'Starts saving a card: a setup intent for the session user.',
        description:
          "`{ setupIntentId, clientSecret }`: a new setup intent (usage off_session) on the user's customer (created the " +
          'first time). The browser confirms it with the card (Stripe.js `confirmSetup`; demo: `POST /api/demo-payments/confirm-setup`), ' +
          'then sends `POST /api/users/me/card`. 503 without payments.',
        response: { 200: cardSetupIntentSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireUser(request);
      const provider = requirePayments();
      const customer = await ensureCustomer(db, provider, user);
      const intent = await provider.createSetupIntent({ customer, metadata: { kind: 'saved-card', userId: user.id } });
      return { setupIntentId: intent.id, clientSecret: intent.clientSecret };
    },
  );

  app.post(
    '/api/users/me/card',
    {
      schema: {
        summary: "Saves the card of a confirmed setup intent as the session user's card.",
        description:
          'Body: `saveCardSchema` (`setupIntentId`). Read back from the provider: it must have succeeded (409 otherwise) ' +
          "on the session user's own customer (403 otherwise; 400 unknown). Replaces the card saved before. `{ card }`.",
        body: saveCardSchema,
        response: { 200: savedCardAnswerSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireUser(request);
      const provider = requirePayments();
      const intent = await provider.retrieveSetupIntent(request.body.setupIntentId);
      const refusal = setupIntentRefusal(intent, await findCustomerId(db, user.id));
      if (refusal || !intent) throw new HttpError(refusal?.status ?? 400, refusal?.message ?? 'This card setup was not found.');
      const card = await saveCardFromSetupIntent(db, user.id, intent);
      return { card: { brand: card.brand, last4: card.last4 } };
    },
  );

  app.delete(
    '/api/users/me/card',
    {
      schema: {
        summary: "Removes the session user's saved card.",
        description: '204: the card is forgotten (also when none was saved); nothing is charged to it any more.',
        response: { 204: noContent('The card is forgotten.') },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      await forgetSavedCard(db, user.id);
      return reply.status(204).send();
    },
  );
};
