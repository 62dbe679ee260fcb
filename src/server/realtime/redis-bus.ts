/** Live events over Redis pub/sub (docs/decisions/004-live-events-through-the-database-or-redis.md), with ioredis. */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { BusUnavailableError, parseRealtimePayload, type RealtimeBus, type RealtimeEvent } from './bus';

/** How long start() waits for a first subscription before going on without one (see {@link RedisBus.start}). */
const FIRST_SUBSCRIBE_WAIT_MS = 5_000;

export class RedisBus implements RealtimeBus {
  readonly transport = 'redis';
  private subscriber: Redis | null = null;

  /**
   * @param redis a client used to publish (shared with the rate limiter); a duplicate subscribes
   * @param channel the pub/sub channel, prefixed with REDIS_KEY_PREFIX
   */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Subscribes on a duplicate of the client, and again every time it (re)connects ('ready'), so a
   * Redis that is down at boot or restarts later gets the subscription once it is back. Resolves once
   * subscribed, or, when Redis does not answer (refused, or nothing within 5 seconds), without a
   * subscription: the app then serves everything, and live events of other instances arrive once Redis is back.
   */
  async start(handler: (event: RealtimeEvent) => void): Promise<void> {
    // Our own 'ready' listener subscribes; ioredis's resubscription would only repeat it.
    const subscriber = this.redis.duplicate({ autoResubscribe: false });
    this.subscriber = subscriber;
    logOutages(subscriber, this.log, 'Redis (live events subscriber)', 'live events from other instances do not arrive');
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      const event = parseRealtimePayload(payload, this.log);
      if (event) handler(event);
    });
    let settle: () => void = () => {};
    const firstOutcome = new Promise<void>((resolve) => (settle = resolve));
    const subscribe = () => {
      subscriber.subscribe(this.channel).then(
        () => settle(),
        (error: unknown) =>
          this.log.warn({ err: error }, 'Redis (live events subscriber) could not subscribe; it tries again when it reconnects'),
      );
    };
    subscriber.on('ready', subscribe);
    subscriber.once('error', () => settle());
    const timer = setTimeout(settle, FIRST_SUBSCRIBE_WAIT_MS);
    await firstOutcome;
    clearTimeout(timer);
  }

  /**
   * Publishes `event` on the channel.
   * @throws BusUnavailableError at once while Redis is not connected (nothing is queued)
   */
  async publish(event: RealtimeEvent): Promise<void> {
    if (this.redis.status !== 'ready') throw new BusUnavailableError();
    await this.redis.publish(this.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (!subscriber) return;
    // QUIT would wait in the offline queue while Redis is down.
    if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }
}

/**
 * Logs a Redis connection's outages once each, not once per error or request: an error when it is
 * lost (ioredis then reconnects by itself and emits an error per failed attempt), info when it is back.
 * Also the 'error' listener every ioredis client needs (never an unhandled 'error' event).
 */
export function logOutages(redis: Redis, log: FastifyBaseLogger, name: string, meanwhile: string): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    if (redis.status === 'ready') {
      // Not (yet) an outage: the connection still stands.
      log.warn({ err: error }, `${name} error`);
      return;
    }
    down = true;
    log.error({ err: error }, `${name} is unreachable: ${meanwhile} until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`${name} is reachable again`);
  });
}

/**
 * A Redis client for REDIS_URL: outages are logged once each ({@link logOutages}), commands fail
 * after 3 retries instead of waiting forever.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, connectTimeout: 5000 });
  logOutages(redis, log, 'Redis', 'rate limits are counted in this process and live events reach no other instance');
  return redis;
}
