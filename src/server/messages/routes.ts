/**
 * Messaging over HTTP and the live socket `/ws` (docs/product.md#api-calls;
 * docs/decisions/004-live-events-through-the-database-or-redis.md). Identity from the
 * session only: `senderId` and path user ids must be the session user, conversations are read by
 * their participants only.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { MAX_SOCKET_FRAME_BYTES, MESSAGES_PER_MINUTE } from '../../shared/constants';
import { idParamSchema, textSchema } from '../../shared/schemas/fields';
import {
  conversationSummarySchema,
  markReadResultSchema,
  messageListQuerySchema,
  messageSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../shared/schemas/messages';
import { requireSelf, sessionToken, type SessionSettings } from '../auth/session';
import type { Config } from '../config';
import type { Database, DatabaseNotifications } from '../db/client';
import { forbidden } from '../http/errors';
import type { LimiterFactory } from '../http/rate-limits';
import { isSameOriginRequest } from '../http/request-guards';
import { createRealtimeBus } from '../realtime/create-bus';
import { liveSessionKey, SocketHub } from '../realtime/socket-hub';
import { MessagingLive, POLICY_VIOLATION } from './live';
import { countUnread, listConversationMessages, listConversations, listUserMessages } from './service';
import { handleSocketFrame } from './socket-events';

const userParams = z.object({ id: idParamSchema });
const conversationParams = z.object({ conversationId: textSchema.min(1).max(200) });

const messageHttpRoutes: FastifyPluginAsyncZod<{ db: Database; live: MessagingLive }> = async (app, { db, live }) => {
  app.post(
    '/api/messages',
    {
      schema: {
        summary: 'Sends a message to another user (about a space or a booking).',
        description:
          'Body: `sendMessageSchema` (`conversationId?`, `senderId?` = session user, `receiverId`, `spaceId?`, `content`, ' +
          "`messageType: 'text'`). 201 `Message` with `sender` and `space`; 400 unknown receiver/space/conversation, " +
          'message to oneself, space neither party owns; 403 another sender or not a participant; 429 over 60 a minute.',
        body: sendMessageSchema,
        response: { 201: messageSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.body.senderId);
      return reply.status(201).send(await live.send(user.id, request.body));
    },
  );

  app.get(
    '/api/users/:id/messages',
    {
      schema: {
        summary: "The user's messages, sent and received (own only).",
        description: 'Query: `limit` (default 50, at most 500), `offset`. `Message[]` sent or received, newest first; own only (403).',
        params: userParams,
        querystring: messageListQuerySchema,
        response: { 200: z.array(messageSchema) },
      },
      config: { auth: 'required' },
    },
    async (request) => listUserMessages(db, requireSelf(request, request.params.id).id, request.query),
  );

  app.get(
    '/api/users/:id/conversations',
    {
      schema: {
        summary: "The user's conversations with their last message and unread count (own only).",
        description:
          '`ConversationSummary[]` (`conversationId`, `otherUser`, `spaceId`, `spaceTitle`, `lastMessage`, ' +
          '`unreadCount`), newest first; own only (403).',
        params: userParams,
        response: { 200: z.array(conversationSummarySchema) },
      },
      config: { auth: 'required' },
    },
    async (request) => listConversations(db, requireSelf(request, request.params.id).id),
  );

  app.get(
    '/api/users/:id/unread-count',
    {
      schema: {
        summary: 'How many messages the user has not read (own only).',
        description: '`{ count }`; own only (403).',
        params: userParams,
        response: { 200: unreadCountSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => ({ count: await countUnread(db, requireSelf(request, request.params.id).id) }),
  );

  app.get(
    '/api/conversations/:conversationId/messages',
    {
      schema: {
        summary: 'The messages of one conversation of the signed-in user.',
        description:
          'Query: `limit` (default and at most 500). `Message[]`, oldest first (the newest `limit`); participants only ' +
          '(403, also for an unknown id).',
        params: conversationParams,
        querystring: messageListQuerySchema.pick({ limit: true }),
        response: { 200: z.array(messageSchema) },
      },
      config: { auth: 'required' },
    },
    async (request) => listConversationMessages(db, requireSelf(request, undefined).id, request.params.conversationId, request.query.limit),
  );

  app.put(
    '/api/conversations/:conversationId/read',
    {
      schema: {
        summary: 'Marks a conversation of the signed-in user read.',
        description: '`{ conversationId, count, readAt }`: marks read what the session user received there; participants only (403).',
        params: conversationParams,
        response: { 200: markReadResultSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const { conversationId } = request.params;
      const { count, readAt } = await live.markRead(requireSelf(request, undefined).id, conversationId);
      return { conversationId, count, readAt: readAt.toISOString() };
    },
  );
};

const messageSocketRoutes: FastifyPluginAsyncZod<{
  live: MessagingLive;
  hub: SocketHub;
  allowedOrigins: readonly string[];
  sessions: SessionSettings;
}> = async (app, { live, hub, allowedOrigins, sessions }) => {
  // A frame over 16 KB closes the socket (ws answers 1009, message too big).
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_SOCKET_FRAME_BYTES } });

  app.get(
    '/ws',
    {
      websocket: true,
      schema: {
        summary: 'WebSocket of live events (messages, notification count) for the signed-in user.',
        querystring: z.object({ userId: idParamSchema.optional() }),
      },
      config: { auth: 'optional' },
      // Cross-site WebSocket hijacking: browsers send Origin on the handshake; refuse other sites before upgrading.
      onRequest: async (request) => {
        if (!isSameOriginRequest(request, allowedOrigins)) throw forbidden('Cross-site connections are not allowed.');
      },
    },
    (socket, request) => {
      const user = request.user;
      const token = sessionToken(request, sessions);
      const sessionExpiresAt = request.sessionExpiresAt;
      if (!user || !token || !sessionExpiresAt) {
        socket.close(POLICY_VIOLATION, 'Please log in');
        return;
      }
      if (request.query.userId !== undefined && request.query.userId !== user.id) {
        socket.close(POLICY_VIOLATION, 'You can only connect as yourself');
        return;
      }
      const connection = { socket, userId: user.id, sessionKey: liveSessionKey(token), sessionExpiresAt };
      hub.add(connection);
      socket.on('error', (error) => request.log.warn({ err: error }, 'socket error'));
      socket.on('message', (data, isBinary) => {
        handleSocketFrame(live, connection, data, isBinary).catch((error: unknown) =>
          request.log.error({ err: error }, 'socket frame failed'),
        );
      });
    },
  );
};

export interface MessagingOptions {
  db: Database;
  config: Config;
  /** LISTEN/NOTIFY of the open database; without it (and without Redis) live events stay in this process. */
  notifications: DatabaseNotifications | undefined;
  /** The Redis client of REDIS_URL, if any: live events then go through Redis pub/sub. */
  redis: Redis | null;
  /** Builds the send limiter (counters shared through Redis when it is set). */
  limiters: LimiterFactory;
  allowedOrigins: readonly string[];
  /** The session cookie's name (the `/ws` handshake reads it). */
  sessions: SessionSettings;
  /** The sockets of this instance, when app.ts shares them with an earlier feature (the bell); else messaging makes its own. */
  hub?: SocketHub;
}

/** Routes after whose success sockets of ended sessions are closed on every instance (and any that sets `request.sessionsEndedFor`). */
const SESSION_ENDING_ROUTES = new Set([
  'POST /api/logout',
  'POST /api/logout-everywhere',
  'PUT /api/users/:id/password',
  'POST /api/auth/reset-password',
]);

/**
 * Sets up messaging on the root `app`: the live-event bus, the socket
 * registry, the HTTP routes, `/ws`, and a hook that closes sockets on every
 * instance when sessions end: the session's own on logout, all of the user's
 * on log out everywhere, and on a password reset or a suspension (any route that
 * sets `request.sessionsEndedFor`), all but the asking session's on a password change.
 * Register it before the auth routes so that hook applies to their routes.
 */
export async function registerMessaging(app: FastifyInstance, options: MessagingOptions): Promise<void> {
  const { db, config, notifications, redis, limiters, allowedOrigins, sessions } = options;
  const bus = createRealtimeBus({ redis, redisKeyPrefix: config.redisKeyPrefix, notifications, log: app.log });
  const hub = options.hub ?? new SocketHub(config.liveHeartbeatMs);
  const sendLimiter = limiters({ keyPrefix: 'message_send', points: MESSAGES_PER_MINUTE, duration: 60 });
  const live = new MessagingLive(db, bus, hub, app.log, sendLimiter);
  await live.start();
  app.addHook('onClose', async () => {
    hub.close();
    await bus.close();
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    if (request.sessionsEndedFor) {
      // A password reset, or an operator's suspension: the asker is not signed in as the user, and none of the user's sessions stays.
      await live.userSessionsEnded(request.sessionsEndedFor);
      return;
    }
    if (!SESSION_ENDING_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    const token = sessionToken(request, sessions);
    const route = request.routeOptions.url;
    if (route === '/api/logout') {
      if (token) await live.sessionEnded(token);
    } else if (request.user) {
      // A password change keeps the asking session (and its sockets); log out everywhere keeps none.
      await live.userSessionsEnded(request.user.id, route === '/api/users/:id/password' ? token : undefined);
    }
  });

  await app.register(messageHttpRoutes, { db, live });
  await app.register(messageSocketRoutes, { live, hub, allowedOrigins, sessions });
}
