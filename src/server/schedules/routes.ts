/** Schedule routes (docs/api.md "Schedules"): a listing's availability, and its blocked dates for the owner's calendar. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { availabilityQuerySchema, availabilitySchema } from '../../shared/schemas/schedules';
import type { Database } from '../db/client';
import { spaceAvailability } from './service';

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });

export const scheduleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Public and CDN-cacheable (docs/decisions/024-cacheable-public-answers.md): its ETag changes with any booking or schedule change.
  app.get(
    '/api/spaces/:id/availability',
    {
      schema: { params: idParams, querystring: availabilityQuerySchema, response: { 200: availabilitySchema } },
      config: { publicCache: true },
    },
    async (request) => spaceAvailability(db, request.params.id, request.query),
  );
};
