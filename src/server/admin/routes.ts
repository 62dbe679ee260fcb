/**
 * The operators' console API, `/api/admin/*` (docs/decisions/029-operators-and-the-audit-log.md;
 * docs/api.md "The operators' console"). Every route declares `config: { auth: 'admin' }`, the one guard
 * (src/server/auth/guards.ts): anyone but an operator gets the 404 of an unknown route, before
 * any body is read. A route added here without it stops the app from starting.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSearchQuerySchema,
  adminSpaceSchema,
  adminUserSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  moderationReasonSchema,
} from '../../shared/schemas/admin';
import { adminUserDetailSchema } from '../../shared/schemas/admin-users';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import type { SpaceChanges } from '../spaces/changes';
import { readAuditLog } from './audit';
import { registerAdminBookingRoutes } from './booking-routes';
import { adminUserDetail } from './users';
import { reinstateUser, restoreSpace, searchSpaces, searchUsers, suspendUser, takeDownSpace } from './service';

/** Where the console's API lives: every route under it is an operator's. */
export const ADMIN_API_PREFIX = '/api/admin/';

const idParams = z.object({ id: idParamSchema });

export interface AdminRoutesOptions {
  db: Database;
  /** Told when listings are hidden or listed again: the search's counts, the map's points and the sitemap are rebuilt. */
  spaceChanges: SpaceChanges;
  /** The payment provider, for the bookings' payments and refunds; null when payments are off. */
  payments: PaymentProvider | null;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, spaceChanges, payments }) => {
  // The one guard on every route of the console: refuse to start with a route that lacks it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX) || route.config?.auth !== 'admin')
      throw new Error(`${route.method} ${route.url}: a console route is under ${ADMIN_API_PREFIX} and declares config.auth 'admin'.`);
  });

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Console: users whose name or email contains `q`, with their listings and bookings counts.',
        querystring: adminSearchQuerySchema,
        response: { 200: z.array(adminUserSchema) },
      },
      config: { auth: 'admin' },
    },
    async (request) => searchUsers(db, request.query.q),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        summary:
          'Console: a user with their listings, bookings (as renter and owner), payments and reports, each the newest 50 and a total.',
        description:
          '`{ user, listings, bookingsAsRenter, bookingsAsOwner, payments, reportsMade, reportsAbout }` ' +
          '(`src/shared/schemas/admin-users.ts`); 404 for an unknown user. `user` as `GET /api/admin/users` lists it; ' +
          'each list is `{ items, total }`, the newest 50 and how many there are: their listings (every status), the ' +
          'bookings they made and those of their listings (rows as `GET /api/admin/bookings`), the payments they made ' +
          "(`side: 'paid'`) or received (`'received'`), a single booking's or a whole series' (`kind`, counted once; " +
          "`bookingId` the booking, or the series' first occurrence, for the lookup), with `amount`, `refunded` and " +
          '`paymentStatus`, newest paid first; the reports they filed, and those of them, their listings, reviews or ' +
          'messages, as the queue shows them.',
        params: idParams,
        response: { 200: adminUserDetailSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => adminUserDetail(db, request.params.id),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        summary: 'Console: suspends an account (sessions and sockets end, listings hidden, login refused, emailed why).',
        params: idParams,
        body: moderationReasonSchema,
        response: { 200: adminUserSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      const user = await suspendUser(db, requireUser(request), request.params.id, request.body.reason);
      // Its live sockets close on every instance once this has answered (src/server/messages/routes.ts).
      request.sessionsEndedFor = user.id;
      spaceChanges.notify();
      return user;
    },
  );

  app.post(
    '/api/admin/users/:id/reinstate',
    {
      schema: {
        summary: 'Console: lifts a suspension; its listings are listed again.',
        params: idParams,
        response: { 200: adminUserSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      const user = await reinstateUser(db, requireUser(request), request.params.id);
      spaceChanges.notify();
      return user;
    },
  );

  app.get(
    '/api/admin/spaces',
    {
      schema: {
        summary: 'Console: listings whose title, city, address or owner email contains `q`, whatever their status.',
        querystring: adminSearchQuerySchema,
        response: { 200: z.array(adminSpaceSchema) },
      },
      config: { auth: 'admin' },
    },
    async (request) => searchSpaces(db, request.query.q),
  );

  app.post(
    '/api/admin/spaces/:id/take-down',
    {
      schema: {
        summary: 'Console: takes a listing down (out of search, its page 410); the owner is told why.',
        params: idParams,
        body: moderationReasonSchema,
        response: { 200: adminSpaceSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      const space = await takeDownSpace(db, requireUser(request), request.params.id, request.body.reason);
      spaceChanges.notify();
      return space;
    },
  );

  app.post(
    '/api/admin/spaces/:id/restore',
    {
      schema: { summary: 'Console: lists a taken-down listing again.', params: idParams, response: { 200: adminSpaceSchema } },
      config: { auth: 'admin' },
    },
    async (request) => {
      const space = await restoreSpace(db, requireUser(request), request.params.id);
      spaceChanges.notify();
      return space;
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        summary: 'Console: the audit log, newest first, a page at a time; filtered by action, kind of target or target.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => readAuditLog(db, request.query),
  );

  registerAdminBookingRoutes(app, db, payments);
};
