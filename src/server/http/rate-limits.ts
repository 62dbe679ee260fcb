/**
 * Rate limits (docs/decisions/020-abuse-limits.md), with rate-limiter-flexible: one factory
 * per application builds every limiter, keeping the counters in this
 * process's memory, or in Redis when `REDIS_URL` is set so that several app
 * instances count together (docs/decisions/004-live-events-through-the-database-or-redis.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';

/** Builds one limiter; `keyPrefix` names its counters. */
export type LimiterFactory = (options: IRateLimiterOptions & { keyPrefix: string }) => RateLimiterAbstract;

/** Counters in this process's memory. */
export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * Counters in Redis under `<prefix><keyPrefix>:<key>`, shared by every instance. While Redis is not
 * connected (down, or still connecting), each limiter counts in this process's memory instead
 * (rate-limiter-flexible's `insuranceLimiter`), at once rather than after the client's retries, so
 * logins, sign-ups and limited routes keep answering; the outage is logged once by the Redis client
 * (`createRedisClient`) and shown by `GET /api/health`.
 */
export function redisLimiters(redis: Redis, prefix: string): LimiterFactory {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: redis,
      keyPrefix: `${prefix}${options.keyPrefix}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}

/**
 * Takes one point of `key` from `limiter`.
 * @returns the points left
 * @throws HttpError 429 with `message` and a Retry-After header when none are left
 */
export async function consumePoint(limiter: RateLimiterAbstract, key: string, message: string): Promise<number> {
  try {
    return (await limiter.consume(key)).remainingPoints;
  } catch (result) {
    if (result instanceof RateLimiterRes) throw tooManyRequests(message, result.msBeforeNext / 1000);
    throw result;
  }
}

/** A route's own limit: at most `max` requests per `perSeconds` for each signed-in user (or client address). */
export interface RouteRateLimit {
  max: number;
  perSeconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests allowed per user (or address) in a window; over it, 429 with Retry-After. */
    rateLimit?: RouteRateLimit;
  }
}

/**
 * Gives every route that declares `config: { rateLimit }` its own limiter from
 * `limiters`, checked before the handler (after the session is known, so
 * signed-in users are counted by id and others by address). Call it before
 * the routes are registered.
 */
export function registerRouteRateLimits(app: FastifyInstance, limiters: LimiterFactory): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const limiter = limiters({ keyPrefix: `route:${route.method}:${route.url}`, points: limit.max, duration: limit.perSeconds });
    const check = async (request: FastifyRequest) => {
      await consumePoint(limiter, request.user?.id ?? request.ip, 'Too many requests. Please wait a moment and try again.');
    };
    const existing = route.preHandler;
    route.preHandler = [check, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
  });
}
