/** Chooses the live-event transport for a configuration (docs/decisions/004-live-events-through-the-database-or-redis.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseNotifications } from '../db/client';
import type { RealtimeBus } from './bus';
import { MemoryBus } from './memory-bus';
import { PostgresBus } from './postgres-bus';
import { RedisBus } from './redis-bus';

export interface CreateRealtimeBusOptions {
  /** An ioredis client, connected or not yet (publishing; a duplicate subscribes once Redis is reachable). */
  redis: Redis | null;
  /** Prefix of Redis channel names (`REDIS_KEY_PREFIX`). */
  redisKeyPrefix: string;
  notifications: DatabaseNotifications | undefined;
  log: FastifyBaseLogger;
}

/** The bus for this configuration: Redis, else Postgres LISTEN/NOTIFY, else memory. */
export function createRealtimeBus({ redis, redisKeyPrefix, notifications, log }: CreateRealtimeBusOptions): RealtimeBus {
  if (redis) return new RedisBus(redis, `${redisKeyPrefix}events`, log);
  if (notifications) return new PostgresBus(notifications, log);
  log.warn('live events stay within this process (no database notifications given)');
  return new MemoryBus();
}
