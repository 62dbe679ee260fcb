/**
 * The live-event bus between app instances (docs/decisions/004-live-events-through-the-database-or-redis.md).
 * Services publish after their transaction commits; every instance (this
 * one included) receives every event and pushes it to the sockets it holds.
 * Events carry ids, not content: Postgres NOTIFY payloads are limited to
 * 8000 bytes, so receivers read what they need from the database.
 *
 * Transports: Redis pub/sub when `REDIS_URL` is set, else Postgres
 * LISTEN/NOTIFY on the open database, else (no database handle given, as in
 * some scripts) memory within this process.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** An event between instances. `userIds`: whose sockets it concerns. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message_created'), messageId: z.uuid(), conversationId: z.string(), userIds: z.array(z.uuid()) }),
  z.object({
    type: z.literal('messages_read'),
    conversationId: z.string(),
    readerId: z.uuid(),
    readAt: z.string(),
    userIds: z.array(z.uuid()),
  }),
  /** A session ended (logout): sockets opened with it are closed. `sessionKey` from {@link liveSessionKey}. */
  z.object({ type: z.literal('session_ended'), sessionKey: z.string() }),
  /** Every session of a user ended (log out everywhere), or every one but `exceptSessionKey` (a password change). */
  z.object({ type: z.literal('user_sessions_ended'), userId: z.uuid(), exceptSessionKey: z.string().optional() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Publish/subscribe between app instances. */
export interface RealtimeBus {
  readonly transport: 'redis' | 'postgres' | 'memory';
  /**
   * Starts delivering every instance's events to `handler`; resolves once subscribed (Redis: or once
   * it is found unreachable, subscribing when it is back). Call once.
   */
  start(handler: (event: RealtimeEvent) => void): Promise<void>;
  /**
   * Sends `event` to every instance. Call after the transaction that made it true has committed.
   * @throws BusUnavailableError while the transport is not connected (the caller may deliver in this process)
   */
  publish(event: RealtimeEvent): Promise<void>;
  /** Stops receiving (idempotent). Does not close a Redis client it was given. */
  close(): Promise<void>;
}

/**
 * Thrown by a bus's publish while its transport is not connected (Redis down): the event is not queued (it would
 * arrive late, after the caller delivered it in this process). The outage itself is logged once by the client.
 */
export class BusUnavailableError extends Error {
  constructor() {
    super('The live-event transport is not connected: events reach no other instance');
    this.name = 'BusUnavailableError';
  }
}

/**
 * Parses a payload received from a transport.
 * @returns the event, or null (logged) when the payload is not one of ours
 */
export function parseRealtimePayload(payload: string, log: FastifyBaseLogger): RealtimeEvent | null {
  try {
    const result = realtimeEventSchema.safeParse(JSON.parse(payload));
    if (result.success) return result.data;
  } catch {
    // fall through
  }
  log.warn({ payload: payload.slice(0, 200) }, 'ignored a live event that does not parse');
  return null;
}
