/** Live events over Postgres LISTEN/NOTIFY (docs/decisions/004-live-events-through-the-database-or-redis.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseNotifications } from '../db/client';
import { parseRealtimePayload, type RealtimeBus, type RealtimeEvent } from './bus';

/** The channel every instance LISTENs on. */
export const POSTGRES_EVENTS_CHANNEL = 'clinicshare_events';

/** NOTIFY payloads must stay under 8000 bytes (PostgreSQL documentation, NOTIFY). */
const MAX_PAYLOAD_BYTES = 7900;

export class PostgresBus implements RealtimeBus {
  readonly transport = 'postgres';
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly notifications: DatabaseNotifications,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(handler: (event: RealtimeEvent) => void): Promise<void> {
    this.stop = await this.notifications.listen(POSTGRES_EVENTS_CHANNEL, (payload) => {
      const event = parseRealtimePayload(payload, this.log);
      if (event) handler(event);
    });
  }

  /** @throws Error when the event does not fit in a NOTIFY payload (a programming error: events carry ids). */
  async publish(event: RealtimeEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`live event too large for NOTIFY: ${event.type}`);
    await this.notifications.notify(POSTGRES_EVENTS_CHANNEL, payload);
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => undefined);
  }
}
