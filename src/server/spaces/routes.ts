/** Space routes (SPEC section 7; docs/api.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSpaceSchema, deleteSpaceResultSchema, idParamSchema, spaceCardSchema, spaceSchema, spaceSearchSchema } from '../../shared/schemas';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import type { FileStorage } from '../storage/storage';
import { createSearchCountCache, createSpace, deleteSpace, getSpace, searchSpaces } from './service';

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });

export const spaceRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (app, { db, storage }) => {
  // Recent bounded counts; listing or removing a space here clears them.
  const counts = createSearchCountCache();

  // Result cards; the count is exact up to COUNT_LIMIT, beyond it `X-Total-Count-Exact: false` means "at least".
  app.get('/api/spaces', { schema: { querystring: spaceSearchSchema, response: { 200: z.array(spaceCardSchema) } } }, async (request, reply) => {
    const { spaces, total, exact, nextCursor } = await searchSpaces(db, request.query, counts);
    reply.header('X-Total-Count', String(total));
    reply.header('X-Total-Count-Exact', String(exact));
    if (nextCursor) reply.header('X-Next-Cursor', nextCursor);
    return spaces;
  });

  app.get('/api/spaces/:id', { schema: { params: idParams, response: { 200: spaceSchema } } }, async (request) => getSpace(db, request.params.id));

  app.post(
    '/api/spaces',
    { schema: { body: createSpaceSchema, response: { 201: spaceSchema } }, bodyLimit: 80 * 1024 * 1024, config: { auth: 'required' } },
    async (request, reply) => {
      const owner = requireSelf(request, request.body.ownerId);
      const space = await createSpace(db, storage, owner.id, request.body);
      counts.clear();
      return reply.status(201).send(space);
    },
  );

  app.delete('/api/spaces/:id', { schema: { params: idParams, response: { 200: deleteSpaceResultSchema } }, config: { auth: 'required' } }, async (request, reply) => {
    const user = requireUser(request);
    const outcome = await deleteSpace(db, request.params.id, user.id);
    counts.clear();
    return reply.status(200).send({ outcome });
  });
};
