/** Live events over Redis pub/sub (DESIGN "Scale"), with ioredis. */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { parseRealtimePayload, type RealtimeBus, type RealtimeEvent } from './bus';

/** How long start() waits for Redis before giving up with a clear error. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

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

  /** @throws Error when Redis cannot be reached within 10 seconds */
  async start(handler: (event: RealtimeEvent) => void): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    logOutages(subscriber, this.log, 'Redis (live events subscriber)', 'live events from other instances do not arrive');
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      const event = parseRealtimePayload(payload, this.log);
      if (event) handler(event);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        subscriber.subscribe(this.channel),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Could not subscribe to Redis (REDIS_URL) within 10 seconds.')), SUBSCRIBE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      subscriber.disconnect();
      this.subscriber = null;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async publish(event: RealtimeEvent): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
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
