/**
 * Reports, the console's queue and inbox, and its Overview (docs/decisions/032-reports-and-the-overview.md;
 * docs/api.md "The operators' console"). `POST /api/reports` is any signed-in user's (public API);
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
        description:
          'Body: `createReportSchema` (`targetType`: space, review, message or user; `targetId`; `reason`: fraud, ' +
          'inappropriate, unsafe, spam or other; `comment` up to 2,000 characters, optional). 201 `{ id, createdAt }`; ' +
          '401 without a session; 404 when the target does not exist or the reporter cannot see it (an unlisted space, an ' +
          'unpublished review, a message of a conversation they are not in); 400 with an issue per bad field ' +
          '(`body.reason`...) or for reporting oneself, nothing stored; 429 + Retry-After past 10 reports in 24 hours ' +
          '(docs/decisions/032-reports-and-the-overview.md).',
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
        description:
          'Query: `status` (`open`, `resolved` or `all`), `page`. `{ reports, page, hasMore }`, 50 a page; open reports ' +
          'oldest first. Each report has its reporter and `target`: the reported content as it is now (`label`: the ' +
          'listing\'s title, "Review of <title>", "Message" or the user\'s name; `text`: the listing\'s description, the ' +
          "review's or the message's text, the user's email; `spaceId` and `userId` concerned), or null when it is gone " +
          '(docs/decisions/032-reports-and-the-overview.md).',
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
        description:
          'Body `{ action, note }`: `action` one of `no_action`, `content_removed`, `listing_taken_down`, ' +
          '`user_suspended`, `user_warned`; records it, who and when, and an audit record `report.resolve` in the same ' +
          'transaction; 409 when already resolved, 404 unknown. `listing_taken_down` takes the listing concerned ' +
          '(`target.spaceId`) down and `user_suspended` suspends the person behind the content (`target.userId`) in that ' +
          "transaction, exactly as the console's own take-down and suspension (their audit records, notices, sessions " +
          'ended), with `note` as the reason (required then: 400 naming `note`); already done, nothing more is done. ' +
          "Nothing to act on (400), or the action's own refusal (an archived listing 409, oneself 400), resolves nothing.",
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
        description: "`{ messages, page, hasMore }`, the contact form's messages newest first, 50 a page.",
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
        description:
          'Query: `from`, `to` (`YYYY-MM-DD`). `{ from, to, totals, daily, monthly }`; each figure set is `{ bookings, ' +
          'grossBookingValue, platformFees, refunds, newUsers, newListings }` (amounts dollar strings). UTC days, ' +
          '`from`..`to` inclusive, by default the last 30 days; `monthly` covers at least the 12 months ending with ' +
          "`to`'s. A booking is a paid single booking or a whole recurring series (counted once), on the day it was paid; " +
          '400 for a reversed range, a bad date or more than 1,098 days (docs/decisions/032-reports-and-the-overview.md).',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => readOverview(db, request.query),
  );
};
