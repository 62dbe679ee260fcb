/**
 * Live messaging (docs/decisions/004-live-events-through-the-database-or-redis.md): stores
 * through the service, publishes after commit on the realtime bus, and turns the bus's events into
 * socket events for the users this instance holds sockets of.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumePoint } from '../http/rate-limits';
import type { Message } from '../../shared/schemas/messages';
import type { Database } from '../db/client';
import { BusUnavailableError, type RealtimeBus, type RealtimeEvent } from '../realtime/bus';
import { liveSessionKey, type SocketHub } from '../realtime/socket-hub';
import { getMessage, markConversationRead, sendMessage, type SendMessageData } from './service';

/** Close code of a socket whose session ended or was never valid (RFC 6455: policy violation). */
export const POLICY_VIOLATION = 1008;

export class MessagingLive {
  constructor(
    private readonly db: Database,
    private readonly bus: RealtimeBus,
    private readonly hub: SocketHub,
    private readonly log: FastifyBaseLogger,
    /** Messages per sender per minute, over HTTP and the socket together. */
    private readonly sendLimiter: RateLimiterAbstract,
  ) {}

  /** Subscribes to the bus; resolves once events will arrive. */
  async start(): Promise<void> {
    await this.bus.start((event) => {
      this.dispatch(event).catch((error: unknown) => this.log.warn({ err: error, event: event.type }, 'live event not delivered'));
    });
  }

  /**
   * Stores a message (see {@link sendMessage}) and, once committed, tells every instance.
   * @throws HttpError 429 over MESSAGES_PER_MINUTE (shared constants), else as {@link sendMessage}
   */
  async send(senderId: string, input: SendMessageData): Promise<Message> {
    await consumePoint(this.sendLimiter, senderId, 'Too many messages. Please wait a moment.');
    const message = await sendMessage(this.db, senderId, input);
    await this.publish({
      type: 'message_created',
      messageId: message.id,
      conversationId: message.conversationId,
      userIds: [message.senderId, message.receiverId],
    });
    return message;
  }

  /**
   * Marks a conversation read for `userId`; when anything was unread, both participants hear of it.
   * @throws HttpError 403 unless `userId` is a participant
   */
  async markRead(userId: string, conversationId: string): Promise<{ count: number; readAt: Date }> {
    const { count, readAt, conversation } = await markConversationRead(this.db, userId, conversationId);
    if (count > 0) {
      await this.publish({
        type: 'messages_read',
        conversationId,
        readerId: userId,
        readAt: readAt.toISOString(),
        userIds: [conversation.participantA, conversation.participantB],
      });
    }
    return { count, readAt };
  }

  /** Closes, on every instance, the sockets opened with this session token (logout). */
  async sessionEnded(sessionToken: string): Promise<void> {
    await this.publish({ type: 'session_ended', sessionKey: liveSessionKey(sessionToken) });
  }

  /**
   * Closes, on every instance, the sockets of `userId`'s sessions: all of them (log out everywhere), or
   * all but those of `keepSessionToken` (a password change, which keeps the asking session).
   */
  async userSessionsEnded(userId: string, keepSessionToken?: string): Promise<void> {
    await this.publish({
      type: 'user_sessions_ended',
      userId,
      ...(keepSessionToken === undefined ? {} : { exceptSessionKey: liveSessionKey(keepSessionToken) }),
    });
  }

  /**
   * When the bus cannot take the event (Redis down: {@link BusUnavailableError}, logged once by the
   * client; any other failure is logged here), it is delivered to this instance's sockets only, so
   * live messages between users on one instance keep working. Nothing is lost but the live push to
   * other instances: the data is stored and clients refresh on reconnect.
   */
  private async publish(event: RealtimeEvent): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch (error) {
      if (!(error instanceof BusUnavailableError)) this.log.error({ err: error, event: event.type }, 'could not publish a live event');
      await this.dispatch(event).catch((dispatchError: unknown) =>
        this.log.warn({ err: dispatchError, event: event.type }, 'live event not delivered'),
      );
    }
  }

  private async dispatch(event: RealtimeEvent): Promise<void> {
    switch (event.type) {
      case 'message_created': {
        if (!this.hub.holdsAny(event.userIds)) return;
        const message = await getMessage(this.db, event.messageId);
        if (!message) return;
        this.hub.send(event.userIds, { type: 'new_message', message });
        this.hub.send(event.userIds, { type: 'conversation_updated', conversationId: event.conversationId });
        return;
      }
      case 'messages_read':
        this.hub.send(event.userIds, {
          type: 'messages_read',
          conversationId: event.conversationId,
          readerId: event.readerId,
          readAt: event.readAt,
        });
        this.hub.send(event.userIds, { type: 'conversation_updated', conversationId: event.conversationId });
        return;
      case 'session_ended':
        this.hub.closeSession(event.sessionKey, POLICY_VIOLATION, 'Session ended');
        return;
      case 'user_sessions_ended':
        this.hub.closeUserSessions(event.userId, event.exceptSessionKey, POLICY_VIOLATION, 'Session ended');
        return;
    }
  }
}
