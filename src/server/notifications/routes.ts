/**
 * The bell and the email switches over HTTP (docs/decisions/022-notifications-and-email.md): each
 * route acts for the signed-in user only (`config: { auth: 'required' }`); another user's
 * notification is answered 404, as one that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailPreferencesSchema, notificationListSchema, unreadNotificationsSchema } from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { unauthorized } from '../http/errors';
import { notificationsChanged } from './live';
import {
  countUnreadNotifications,
  getEmailPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  setEmailPreferences,
} from './service';

/** The session user's id (the guard answered 401 already for a signed-out request). */
function signedInId(request: FastifyRequest): string {
  if (!request.user) throw unauthorized();
  return request.user.id;
}

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        summary: "The signed-in user's notifications, newest first, with the unread count.",
        response: { 200: notificationListSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => listNotifications(db, signedInId(request)),
  );

  // Registered before `/:id/read` for readability; the router prefers the static segment anyway.
  app.put(
    '/api/notifications/read-all',
    {
      schema: { summary: 'Marks every notification of the signed-in user read.', response: { 200: unreadNotificationsSchema } },
      config: { auth: 'required' },
    },
    async (request) => {
      const userId = signedInId(request);
      const marked = await markAllNotificationsRead(db, userId);
      if (marked > 0) await notificationsChanged(db, userId);
      return { unreadCount: await countUnreadNotifications(db, userId) };
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: { summary: 'Marks one notification read.', params: z.object({ id: z.uuid() }), response: { 200: unreadNotificationsSchema } },
      config: { auth: 'required' },
    },
    async (request) => {
      const userId = signedInId(request);
      const unreadCount = await markNotificationRead(db, userId, request.params.id);
      // Other tabs of the user refresh their bell.
      await notificationsChanged(db, userId);
      return { unreadCount };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: { summary: "The signed-in user's email preferences.", response: { 200: emailPreferencesSchema } },
      config: { auth: 'required' },
    },
    async (request) => getEmailPreferences(db, signedInId(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        summary: "Sets the signed-in user's email preferences.",
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => setEmailPreferences(db, signedInId(request), request.body),
  );
};
