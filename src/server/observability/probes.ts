/**
 * Health probes for an orchestrator or load balancer (docs/operations.md, "Metrics, probes and
 * request ids"):
 *
 * - `GET /livez`: the process answers (200); restart it when it does not;
 * - `GET /readyz`: it can serve: the database answers within 2 s with every migration applied,
 *   Redis is connected when `REDIS_URL` is set, and it is not shutting down. 200, or 503 naming
 *   what failed; send it traffic only on 200.
 *
 * `GET /api/health` stays as it was (the specification's).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, sqlState, type Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Marks the instance as shutting down: `/readyz` answers 503 from now on. Called on SIGTERM
     * (main.ts) before the app closes, and by the app's own close.
     */
    beginShutdown(): void;
  }
}

/** How long the database has to answer the readiness check. */
const DATABASE_CHECK_MS = 2_000;

/** What can make an instance not ready, as `/readyz` names it. */
const READINESS_FAILURES = ['shutting down', 'database', 'migrations', 'redis'] as const;
type ReadinessFailure = (typeof READINESS_FAILURES)[number];

const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z.object({
  status: z.literal('not ready'),
  /** A sentence for a person reading the probe's answer. */
  message: z.string(),
  failed: z.array(z.enum(READINESS_FAILURES)),
});

/** When the newest migration of `src/server/db/migrations` was made: Drizzle records it as applied under this time. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database answers, and has the newest migration applied (Drizzle's record,
 * `drizzle.__drizzle_migrations`), within {@link DATABASE_CHECK_MS}.
 */
async function checkDatabase(db: Database, newestMigration: number): Promise<ReadinessFailure | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), DATABASE_CHECK_MS);
  });
  try {
    const result = await Promise.race([db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`), timeout]);
    const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<{ applied: unknown }>;
    return Number(rows[0]?.applied ?? 0) >= newestMigration ? null : 'migrations';
  } catch (error) {
    // No migrations table: the database answers, but was never migrated.
    return sqlState(error) === '42P01' ? 'migrations' : 'database';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Adds `/livez` and `/readyz` to `app`, and `app.beginShutdown()`.
 * @param options.redis the Redis client when `REDIS_URL` is set
 */
export function registerProbes(app: FastifyInstance, options: { db: Database; redis: Redis | null }): void {
  const newestMigration = newestMigrationMillis();
  let shuttingDown = false;
  app.decorate('beginShutdown', () => {
    shuttingDown = true;
  });
  app.addHook('preClose', async () => app.beginShutdown());

  app.get(
    '/livez',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and answers.',
        description:
          '200 `{ status: "ok" }` whenever the server answers; nothing else is checked (restart the process when it does not answer).',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Readiness: whether this instance can serve requests now.',
        description:
          '200 `{ status: "ready" }` when the database answers within 2 s with every migration applied, Redis is connected ' +
          '(with `REDIS_URL`) and the instance is not shutting down (it answers 503 from SIGTERM on); otherwise 503 ' +
          '`{ status: "not ready", message, failed }`, `failed` naming each of `shutting down`, `database`, `migrations`, `redis` that failed.',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      const failed: ReadinessFailure[] = [];
      if (shuttingDown) failed.push('shutting down');
      const database = await checkDatabase(options.db, newestMigration);
      if (database) failed.push(database);
      if (options.redis && options.redis.status !== 'ready') failed.push('redis');
      if (failed.length === 0) return { status: 'ready' as const };
      // The probe's own lines are below the log level (logLevel: 'warn'); not being ready is worth one.
      request.log.warn({ failed }, 'not ready');
      return reply.status(503).send({ status: 'not ready' as const, message: `Not ready: ${failed.join(', ')}.`, failed });
    },
  );
}
