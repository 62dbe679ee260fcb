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
import { createSearchCountCache } from '../search/counts';
import { searchSpaces } from '../search/search';
import type { SpaceChanges } from './changes';
import { cachedMapPoints, createMapPointsCache, mapPoints } from './map-points';
import { createSpace, deleteSpace, getSpace, updateSpace } from './service';
import { turnoverChecklistSchema } from '../../shared/schemas/turnover-checklist';

/**
 * The body of POST and PUT /api/spaces: `createSpaceSchema`, with its turnover checklist checked and
 * trimmed by `turnoverChecklistSchema` (left out of the shared schema, which the app's first load carries).
 */
const listingBodySchema = createSpaceSchema.transform((space, ctx) => {
  if (space.turnoverChecklist === undefined) return space;
  const checked = turnoverChecklistSchema.safeParse(space.turnoverChecklist);
  if (checked.success) return { ...space, turnoverChecklist: checked.data };
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['turnoverChecklist', ...issue.path] });
  return z.NEVER;
});

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });

/** The search's headers beside its cards (docs/api.md "Pages and counts" and "Public caching"): part of its answer for `publicCache`. */
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
  const maps = createMapPointsCache((view) => mapPoints(db, view));
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
        description:
          'Query: `spaceSearchSchema` (location, spaceType, specialty, period, minPrice, maxPrice, repeated amenities and ' +
          "equipment, `features`, ownerId, `bbox` for 'Search this area', availableOn, availableFrom, availableTo, `sort` " +
          'newest or rating, `minRating` 1-5, limit, offset, after). `features` (room feature identifiers, `ROOM_FEATURES` ' +
          'in `src/shared/schemas/room-features.ts`, comma-separated or repeated): only spaces having every one of them; an ' +
          'unknown identifier is 400 naming it. `SpaceCard[]` (`spaceCardSchema`: what a result card shows, ' +
          'with `rating: { average, count } | null`), newest first or, with `sort=rating`, best rated first (ties newest ' +
          'first). `location`: every comma-separated part must be a substring of the city, state, address or title ' +
          '(case-insensitive), or the start of the ZIP code; at most 10 parts (empty ones do not count), more is 400 "A ' +
          'location search can have at most 10 comma-separated parts." (`locationSearchSchema`, also checked by the ' +
          'search form). `period` (`hourly`, `daily`, `monthly`; `all` or empty for any): only spaces priced per that ' +
          'period, so `minPrice`/`maxPrice` compare like with like. `availableOn` (`YYYY-MM-DD`), optionally with ' +
          "`availableFrom` and `availableTo` (`HH:mm`, on 15-minute steps, `24:00` ends the day; the space's local time): " +
          'only spaces that can be booked then (docs/product.md, "Search": with a window, free for all of it; without, at ' +
          'least one free slot that day; daily and monthly spaces, the whole day), as the rules of ' +
          '`src/shared/availability.ts` computed it for each space and date (the schedule, blocked dates, holding bookings ' +
          "with their buffers, the owner's imported busy times), read with the notice and horizon of the moment of " +
          'asking (`src/server/search/availability.ts`); 400 (naming the field) for a ' +
          'date that does not exist, a time off the step, only one of the two times, times without `availableOn`, or ' +
          '`availableTo` not after `availableFrom`. Each card (`spaceCardSchema`) is only what a result card shows: ' +
          '`pricePerDay` is the price per `pricePeriod`, whatever its name says; `images` are display URLs, first one ' +
          "first (the card shows the first one's thumbnail, or the default image when there are none); the full record is " +
          '`GET /api/spaces/:id`. Archived spaces (`active = false`) never appear. Pages (`limit`, `offset`, `after`), ' +
          '`X-Total-Count` and `X-Next-Cursor`: docs/api.md, "Pages and counts". ETag and CDN caching: docs/api.md, ' +
          '"Public caching".',
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
      schema: {
        summary: "The search's spaces as map points.",
        description:
          'Query: the filters of GET /api/spaces plus `bbox=west,south,east,north` and `zoom` (0-22) ' +
          '(`mapPointsQuerySchema`). `{ total, points: [{ lat, lng, count, id? }] }`: active spaces with coordinates in ' +
          'the box, clustered on a grid of 60-pixel cells at that zoom; `id` when a point is one space; the counts add up ' +
          'to `total`. The box is first widened outward to whole cluster cells (so points just outside it may be in the ' +
          'answer, and boxes that differ by less than a cell share one answer); an answer is kept for 30 s per widened ' +
          'box, zoom and filters (listing, editing or removing a space clears it). The `availableOn`, `availableFrom`, ' +
          '`availableTo` filters as in `GET /api/spaces`. ETag and CDN caching: docs/api.md, "Public caching".',
        querystring: mapPointsQuerySchema,
        response: { 200: mapPointsSchema },
      },
      config: { publicCache: true },
    },
    async (request, reply) => {
      // Sent as kept: the body serialized once per view, and its tag. A string skips the schema's
      // serializer; parsed, it is the route's `MapPoints`.
      const answer = await cachedMapPoints(request.query, maps);
      return reply
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.body as never);
    },
  );

  app.get(
    '/api/spaces/:id',
    {
      schema: {
        summary: 'One space with its owner and details.',
        description:
          '`Space`, or 404; 410 "This listing is no longer available" when an operator took it down or its owner is ' +
          'suspended. With `schedule` (null: open every day, all day) and `blockedDates` `[{ start, end, note? }]` (the ' +
          'notes only to the owner) and the public `standingBookings` offer (null: none). ETag and CDN caching: docs/api.md, "Public caching".',
        params: idParams,
        response: { 200: spaceDetailSchema },
      },
      config: { auth: 'optional', publicCache: true },
    },
    async (request) => getSpace(db, request.params.id, request.user?.id),
  );

  app.post(
    '/api/spaces',
    {
      schema: {
        summary: 'Lists a new space (its owner is the session user).',
        description:
          'Body: `createSpaceSchema` (session user is the owner; `state` is a USPS state or territory code, `US_STATES` ' +
          'in `src/shared/time-zones.ts`, any case, stored upper case; else 400 "Enter a US state code (e.g. TX)."); ' +
          '`schedule` (`scheduleSchema`: `weeklyHours` by weekday, `sessions` (at most 6, needed by a `session` listing), ' +
          '`bufferMinutes` 0-240 on 15-minute steps, `minNoticeHours`, `maxAdvanceDays`) and `blockedDates` (at most 100 ' +
          'ranges, `end` inclusive); on PUT, either left out is kept. `features`: room feature identifiers ' +
          '(`ROOM_FEATURES` in `src/shared/schemas/room-features.ts`), each at most once, never free text; an unknown or ' +
          'repeated one is 400 and saves nothing; left out, none. `standingBookings` (`standingBookingOfferSchema`: ' +
          '`billing` weekly and/or monthly, `noticeDays` 7-90, `minimumTermMonths` 0-12) or null: none; 400 on a ' +
          '`monthly` listing. 201 `Space`; 413 when its inline images would pass ' +
          'the owner\'s image storage (docs/api.md, "Limits"), and then nothing is stored. Coordinates: the owner\'s pin ' +
          'when `latitude`/`longitude` are sent, else the geocoder (`GEOCODER`, docs/api.md); null when nothing places ' +
          'the address; a bad schedule is 400 with the field (`body.schedule.weeklyHours.mon.1.start`) and saves nothing; ' +
          'a schedule change never cancels a booking.',
        body: listingBodySchema,
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
        description:
          'Body: `createSpaceSchema`; `schedule` (`scheduleSchema`: `weeklyHours` by weekday, `sessions` (at most 6, ' +
          'needed by a `session` listing), `bufferMinutes` 0-240 on 15-minute steps, `minNoticeHours`, `maxAdvanceDays`) ' +
          'and `blockedDates` (at most 100 ranges, `end` inclusive); on PUT, either left out is kept. `features`: room ' +
          'feature identifiers (`ROOM_FEATURES`), each at most once; an unknown or repeated one is 400 and changes nothing; ' +
          'left out, kept. `standingBookings`: the offer, null withdraws it, left out kept; 400 on a `monthly` listing ' +
          '(also when the kept offer would stay on it). `Space`; owner only ' +
          '(403), 404 when missing or archived. Coordinates: the sent pin, else kept while the address is unchanged, else ' +
          'geocoded again; a bad schedule is 400 with the field (`body.schedule.weeklyHours.mon.1.start`) and saves ' +
          'nothing; a schedule change never cancels a booking.',
        params: idParams,
        body: listingBodySchema,
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
        description:
          "`{ outcome: 'deleted' }` for a space that never had a booking, `{ outcome: 'archived' }` (`active = false`, " +
          'gone from search and lists; its page and bookings stay) for one with booking history; 409 while it has pending ' +
          'or confirmed bookings that have not ended; owner only (403).',
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
        description:
          'Query: `address`, `city`, `state` (a state code, as for POST /api/spaces), `zipCode`. `{ location: { latitude, ' +
          "longitude, source: 'nominatim' | 'zip' } | null }` (the wizard's pin preview); signed in; 30 a minute.",
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResultSchema },
      },
      config: { auth: 'required', rateLimit: { max: 30, perSeconds: 60 } },
    },
    async (request) => ({ location: await geocoder.geocode(request.query) }),
  );
};
