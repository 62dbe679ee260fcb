/** Imported calendars' routes (their rules: the OpenAPI descriptions below; docs/decisions/038-calendar-import.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarImportInputSchemaFor,
  calendarImportListSchema,
  calendarImportSchema,
  MAX_CALENDAR_IMPORTS_PER_SPACE,
} from '../../shared/schemas/calendar-imports';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { addCalendarImport, listCalendarImports, removeCalendarImport, syncOwnedCalendarImport, type FeedReading } from './service';

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });
const importParams = z.object({ id: idParamSchema, importId: idParamSchema });

export interface CalendarImportRoutesOptions {
  db: Database;
  /** How feeds are read (`CALENDAR_IMPORT_ALLOW_LOOPBACK`: tests only). */
  reading: FeedReading;
}

const RECORD =
  '`{ id, name, url, lastSyncedAt, eventsImported, eventsSkipped, lastError }` (`lastSyncedAt` ISO UTC or null before ' +
  'the first read; `lastError` the last failure in words, null after a success)';

export const calendarImportRoutes: FastifyPluginAsyncZod<CalendarImportRoutesOptions> = async (app, { db, reading }) => {
  const personal = { auth: 'required' as const };

  app.get(
    '/api/spaces/:id/calendar-imports',
    {
      schema: {
        summary: 'The calendars imported into a space of the session user.',
        description:
          `[${RECORD}], oldest first; owner only: someone else's space is 403, an unknown or archived one 404; ` +
          '`Cache-Control: private, no-store`.',
        params: idParams,
        response: { 200: calendarImportListSchema },
      },
      config: personal,
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return listCalendarImports(db, request.params.id, user.id);
    },
  );

  app.post(
    '/api/spaces/:id/calendar-imports',
    {
      schema: {
        summary: 'Imports an external calendar into a space of the session user.',
        description:
          'Body: `calendarImportInputSchema`: `{ url, name }` (`https://` or `webcal://`, read over https, without a user ' +
          `name or password; name 1-80 characters). 201 ${RECORD}; the sync job reads it within a minute. Owner only ` +
          `(403 otherwise), 400 bad input (nothing saved), 409 the space has ${MAX_CALENDAR_IMPORTS_PER_SPACE} calendars already.`,
        params: idParams,
        body: calendarImportInputSchemaFor(reading.allowLoopback),
        response: { 201: calendarImportSchema },
      },
      config: personal,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await addCalendarImport(db, request.params.id, user.id, request.body));
    },
  );

  app.post(
    '/api/spaces/:id/calendar-imports/:importId/sync',
    {
      schema: {
        summary: 'Reads an imported calendar now ("Sync now").',
        description:
          `Answers when the read is done: 200 ${RECORD}. A feed that fails (a private or loopback address, not ` +
          'iCalendar, over 5 MB, over 10 s, 4xx/5xx) is still 200 with `lastError` and keeps its previous busy times; an ' +
          'unchanged feed (304) keeps them and updates `lastSyncedAt`. Owner only (403 otherwise); rate-limited per user ' +
          '(429).',
        params: importParams,
        response: { 200: calendarImportSchema },
      },
      config: { ...personal, rateLimit: { max: 30, perSeconds: 60 } },
    },
    async (request) => {
      const user = requireUser(request);
      return syncOwnedCalendarImport(db, request.params.id, user.id, request.params.importId, reading, request.log);
    },
  );

  app.delete(
    '/api/spaces/:id/calendar-imports/:importId',
    {
      schema: {
        summary: 'Removes an imported calendar and its busy times.',
        description: '204: the calendar and every busy time read from it are removed. Owner only (403 otherwise).',
        params: importParams,
      },
      config: personal,
    },
    async (request, reply) => {
      const user = requireUser(request);
      await removeCalendarImport(db, request.params.id, user.id, request.params.importId);
      return reply.status(204).send();
    },
  );
};
