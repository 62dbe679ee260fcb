/**
 * Reports, the console's queue and inbox, and its Overview (docs/decisions/032-reports-and-the-overview.md;
 * docs/api.md "Reports" and "The console"). `POST /api/reports` is any signed-in user's (public API);
 * every `/api/admin/*` route here declares `config: { auth: 'admin' }`, the console's one guard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { overviewQuerySchema, overviewSchema } from '../../shared/schemas/overview';
import {
  adminReportSchema,
  createReportSchema,
  inboxPageSchema,
  inboxQuerySchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
  reportReceiptSchema,
  resolveReportSchema,
} from '../../shared/schemas/reports';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import type { SpaceChanges } from '../spaces/changes';
import { readOverview } from './overview';
import { createReport, readInbox, readReportQueue, resolveReport } from './reports';

const idParams = z.object({ id: idParamSchema });

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database; spaceChanges: SpaceChanges }> = async (app, { db, spaceChanges }) => {
  app.post(
    '/api/reports',
    {
      schema: {
        summary: 'Reports a listing, a review, a message or a user to the ClinicShare team (at most 10 a day).',
        body: createReportSchema,
        response: { 201: reportReceiptSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => reply.status(201).send(await createReport(db, requireUser(request), request.body)),
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        summary: 'Console: the reports queue (open ones by default) with the reported content.',
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueuePageSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => readReportQueue(db, request.query),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        summary:
          'Console: resolves a report, recording what was done (and an audit record); a takedown or suspension is carried out with it.',
        params: idParams,
        body: resolveReportSchema,
        response: { 200: adminReportSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      const done = await resolveReport(db, requireUser(request), request.params.id, request.body.action, request.body.note);
      // As the console's own suspension and takedown do (./routes.ts): sockets close, search forgets the listings.
      if (done.suspendedUserId) request.sessionsEndedFor = done.suspendedUserId;
      if (done.listingsChanged) spaceChanges.notify();
      return done.report;
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        summary: "Console: the contact form's messages, newest first, a page at a time.",
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => readInbox(db, request.query.page),
  );

  app.get(
    '/api/admin/overview',
    {
      schema: {
        summary: 'Console: bookings, gross booking value, fees, refunds, new users and listings, as totals and per day and month.',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => readOverview(db, request.query),
  );
};
