/** Favourite routes (docs/product.md#api-calls): own favourites only (docs/decisions/009-identity-from-the-session.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteSchema } from '../../shared/schemas/favorites';
import { idParamSchema } from '../../shared/schemas/fields';
import { spaceSchema } from '../../shared/schemas/spaces';
import { requireSelf } from '../auth/session';
import type { Database } from '../db/client';
import { addFavorite, listFavoriteSpaces, removeFavorite } from './service';

const favoriteResultSchema = z.object({ spaceId: z.uuid(), favorite: z.boolean() });

export const favoriteRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/favorites',
    {
      schema: {
        summary: "Adds a space to the session user's favourites.",
        description:
          'Body: `favoriteSchema` (`userId?` = session user, `spaceId`). Idempotent: 201, then 200; 403 another `userId`, ' +
          '404 unknown space.',
        body: favoriteSchema,
        response: { 200: favoriteResultSchema, 201: favoriteResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.body.userId);
      const added = await addFavorite(db, user.id, request.body.spaceId);
      return reply.status(added ? 201 : 200).send({ spaceId: request.body.spaceId, favorite: true });
    },
  );

  app.delete(
    '/api/favorites',
    {
      schema: {
        summary: "Removes a space from the session user's favourites.",
        description:
          'Body: `favoriteSchema` (`userId?` = session user, `spaceId`). 200 (idempotent); 403 another `userId`, 404 unknown space.',
        body: favoriteSchema,
        response: { 200: favoriteResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const user = requireSelf(request, request.body.userId);
      await removeFavorite(db, user.id, request.body.spaceId);
      return { spaceId: request.body.spaceId, favorite: false };
    },
  );

  app.get(
    '/api/users/:id/favorites',
    {
      schema: {
        summary: "The user's favourite spaces (own only).",
        description: 'The favourite `Space[]`, newest first, archived ones left out; own only (403).',
        params: z.object({ id: idParamSchema }),
        response: { 200: z.array(spaceSchema) },
      },
      config: { auth: 'required' },
    },
    async (request) => listFavoriteSpaces(db, requireSelf(request, request.params.id).id),
  );
};
