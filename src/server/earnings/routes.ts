/**
 * Earnings routes (docs/api.md, docs/decisions/034-owner-earnings.md): the owner's earnings over a
 * range as JSON, and the same range's stays and payouts as a CSV file. Own only: another user's
 * id is 403, an id that is no user 404, signed out 401.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { earningsQuerySchema, earningsSchema } from '../../shared/schemas/earnings';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { textAnswer } from '../http/openapi';
import type { RouteRateLimit } from '../http/rate-limits';
import type { FastifyRequest } from 'fastify';
import { earningsCsv } from './csv';
import { ownerEarnings } from './service';

/** Per user: 60 a minute, far above a person's use (each answer reads every payment of the owner). */
export const EARNINGS_RATE_LIMIT: RouteRateLimit = { max: 60, perSeconds: 60 };

const idParams = z.object({ id: idParamSchema });

/**
 * The session user when `id` is theirs.
 * @throws HttpError 401 signed out, 404 an id that is no user, 403 another user's
 */
async function requireOwnEarnings(db: Database, request: FastifyRequest, id: string) {
  const user = requireUser(request);
  if (id === user.id) return user;
  const exists = z.uuid().safeParse(id).success
    ? (await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0
    : false;
  if (!exists) throw notFound('User not found.');
  throw forbidden('You can only see your own earnings.');
}

export const earningsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const config = { auth: 'required' as const, rateLimit: EARNINGS_RATE_LIMIT };

  app.get(
    '/api/users/:id/earnings',
    {
      schema: {
        summary: "The owner's earnings by month, payouts, what is owed, stays ahead and occupancy over a range (own only).",
        params: idParams,
        querystring: earningsQuerySchema,
        response: { 200: earningsSchema },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireOwnEarnings(db, request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return (await ownerEarnings(db, user.id, request.query)).earnings;
    },
  );

  app.get(
    '/api/users/:id/earnings.csv',
    {
      schema: {
        summary: "The owner's stays and payouts over a range as a CSV file (RFC 4180; own only).",
        params: idParams,
        querystring: earningsQuerySchema,
        response: { 200: textAnswer('text/csv', 'The CSV file, as an attachment named after the range (not cached).') },
      },
      config,
    },
    async (request, reply) => {
      const user = await requireOwnEarnings(db, request, request.params.id);
      const report = await ownerEarnings(db, user.id, request.query);
      const { from, to } = report.earnings;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="clinicshare-earnings-${from}-to-${to}.csv"`)
        .send(earningsCsv(report));
    },
  );
};
