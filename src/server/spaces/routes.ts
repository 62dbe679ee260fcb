/** Space routes (docs/product.md#api-calls; docs/api.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { geocodeQuerySchema, geocodeResultSchema } from '../../shared/schemas/geocoding';
import {
  createSpaceSchema,
  deleteSpaceResultSchema,
  mapPointsQuerySchema,
  mapPointsSchema,
  spaceCardSchema,
  spaceDetailSchema,
  spaceSearchSchema,
} from '../../shared/schemas/spaces';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import type { Geocoder } from '../geocoding/geocoder';
import { trustedAnswerSerializer } from '../http/serialization';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';
import type { SpaceChanges } from './changes';
import { cachedMapPoints, createMapPointsCache } from './map-points';
import { createSearchCountCache, searchSpaces } from './search';
import { createSpace, deleteSpace, getSpace, updateSpace } from './service';

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });

/** The search's headers beside its cards (docs/api.md "Search"): part of its answer for `publicCache`. */
const SEARCH_ANSWER_HEADERS = ['x-total-count', 'x-total-count-exact', 'x-next-cursor'];

/** Room for 10 inline images of 5 MB in base64 (4/3 larger) plus the text fields. */
const LISTING_BODY_LIMIT = 80 * 1024 * 1024;

export interface SpaceRoutesOptions {
  db: Database;
  storage: FileStorage;
  geocoder: Geocoder;
  /** The owner's image storage inline listing images count against. */
  quota: UploadQuota;
  /**
   * Told when a space is listed, edited or removed here (the sitemap listens); told in turn when
   * the operators' console hides or lists spaces again, the search's counts and map points are dropped.
   */
  changes?: SpaceChanges;
  /** Says when blocked dates change elsewhere (the owner's calendar): the search's counts by availability are counted again. */
  scheduleChanges?: SpaceChanges;
}

export const spaceRoutes: FastifyPluginAsyncZod<SpaceRoutesOptions> = async (
  app,
  { db, storage, geocoder, quota, changes, scheduleChanges },
) => {
  // Recent bounded counts and map answers; listing, editing or removing a space here clears them.
  const counts = createSearchCountCache();
  const maps = createMapPointsCache();
  const clearCaches = () => {
    counts.clear();
    maps.clear();
  };
  const spacesChanged = () => {
    clearCaches();
    changes?.notify();
  };
  const stopScheduleChanges = scheduleChanges?.subscribe(() => counts.clear());
  // Listings hidden or listed again elsewhere in this instance (the operators' console) leave or join the answers at once.
  const stopChanges = changes?.subscribe(clearCaches);
  app.addHook('onClose', async () => {
    stopScheduleChanges?.();
    stopChanges?.();
  });

  // Result cards; the count is exact up to COUNT_LIMIT, beyond it `X-Total-Count-Exact: false` means "at least".
  // The three headers are part of the answer: in its ETag and kept on a 304.
  app.get(
    '/api/spaces',
    {
      schema: {
        summary: 'Searches listed spaces: result cards, a page at a time.',
        querystring: spaceSearchSchema,
        response: { 200: z.array(spaceCardSchema) },
      },
      // Cards built from our own rows: serialized without validating each page with zod (src/server/http/serialization.ts).
      serializerCompiler: trustedAnswerSerializer,
      config: { publicCache: { answerHeaders: SEARCH_ANSWER_HEADERS } },
    },
    async (request, reply) => {
      const { spaces, total, exact, nextCursor } = await searchSpaces(db, request.query, counts);
      reply.header('X-Total-Count', String(total));
      reply.header('X-Total-Count-Exact', String(exact));
      if (nextCursor) reply.header('X-Next-Cursor', nextCursor);
      return spaces;
    },
  );

  app.get(
    '/api/spaces/map-points',
    {
      schema: { summary: "The search's spaces as map points.", querystring: mapPointsQuerySchema, response: { 200: mapPointsSchema } },
      config: { publicCache: true },
    },
    async (request) => cachedMapPoints(db, request.query, maps),
  );

  app.get(
    '/api/spaces/:id',
    {
      schema: { summary: 'One space with its owner and details.', params: idParams, response: { 200: spaceDetailSchema } },
      config: { auth: 'optional', publicCache: true },
    },
    async (request) => getSpace(db, request.params.id, request.user?.id),
  );

  app.post(
    '/api/spaces',
    {
      schema: {
        summary: 'Lists a new space (its owner is the session user).',
        body: createSpaceSchema,
        response: { 201: spaceDetailSchema },
      },
      bodyLimit: LISTING_BODY_LIMIT,
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const owner = requireSelf(request, request.body.ownerId);
      const space = await createSpace(db, storage, geocoder, owner.id, request.body, quota);
      spacesChanged();
      return reply.status(201).send(space);
    },
  );

  app.put(
    '/api/spaces/:id',
    {
      schema: {
        summary: 'Edits a space of the session user.',
        params: idParams,
        body: createSpaceSchema,
        response: { 200: spaceDetailSchema },
      },
      bodyLimit: LISTING_BODY_LIMIT,
      config: { auth: 'required' },
    },
    async (request) => {
      const owner = requireSelf(request, request.body.ownerId);
      const space = await updateSpace(db, storage, geocoder, request.params.id, owner.id, request.body, quota);
      spacesChanged();
      return space;
    },
  );

  app.delete(
    '/api/spaces/:id',
    {
      schema: {
        summary: 'Removes a space of the session user, or hides it when it has bookings.',
        params: idParams,
        response: { 200: deleteSpaceResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const outcome = await deleteSpace(db, request.params.id, user.id);
      spacesChanged();
      return reply.status(200).send({ outcome });
    },
  );

  // The wizard's preview of the pin (step 2). Signed in and rate-limited: it may reach Nominatim.
  app.get(
    '/api/geocode',
    {
      schema: {
        summary: "Where an address is on the map (the listing wizard's pin).",
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResultSchema },
      },
      config: { auth: 'required', rateLimit: { max: 30, perSeconds: 60 } },
    },
    async (request) => ({ location: await geocoder.geocode(request.query) }),
  );
};
