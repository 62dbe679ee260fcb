/**
 * Earnings routes (docs/api.md, docs/decisions/034-owner-earnings.md): the owner's earnings over a
 * range as JSON, and the same range's stays and payouts as a CSV file. Own only (`requireSelf`):
 * any other id is 403, the same answer whether or not it is a user's, so the routes tell no one
 * which ids are accounts; signed out 401.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningsQuerySchema, earningsSchema } from '../../shared/schemas/earnings';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireSelf } from '../auth/session';
import type { Database } from '../db/client';
import { textAnswer } from '../http/openapi';
import type { RouteRateLimit } from '../http/rate-limits';
import { earningsCsv } from './csv';
import { ownerEarnings } from './service';

/** Per user: 60 a minute, far above a person's use (each answer reads every payment of the owner). */
export const EARNINGS_RATE_LIMIT: RouteRateLimit = { max: 60, perSeconds: 60 };

const idParams = z.object({ id: idParamSchema });

export const earningsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const config = { auth: 'required' as const, rateLimit: EARNINGS_RATE_LIMIT };

  app.get(
    '/api/users/:id/earnings',
    {
      schema: {
        summary: "The owner's earnings by month, payouts, what is owed, stays ahead and occupancy over a range (own only).",
        description:
          "Query: `from`, `to` (inclusive `YYYY-MM-DD`, read in each space's zone; default the last 12 months through the " +
          "next 3; `from` after `to` or more than 3 × 366 days: 400 on the field). Answers the owner's `totals` and " +
          '`monthly` figures (`stays`, `gross`, `platformFees`, `refunds`, `earnings`: dollars), `paidOut` in the range, ' +
          "`owed` and `upcoming` now, and `occupancy` per space. The session user's own: any other id 403, whether or not " +
          "it is a user's (docs/decisions/034-owner-earnings.md).",
        params: idParams,
        querystring: earningsQuerySchema,
        response: { 200: earningsSchema },
      },
      config,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return (await ownerEarnings(db, user.id, request.query)).earnings;
    },
  );

  app.get(
    '/api/users/:id/earnings.csv',
    {
      schema: {
        summary: "The owner's stays and payouts over a range as a CSV file (RFC 4180; own only).",
        description:
          'The stays and payouts of the range (`from`, `to` as for `GET /api/users/:id/earnings`) as an RFC 4180 ' +
          "attachment (`text/csv`), fields starting with `=`, `+`, `-`, `@`, tab or CR prefixed with `'`. The session " +
          "user's own: any other id 403, whether or not it is a user's.",
        params: idParams,
        querystring: earningsQuerySchema,
        response: { 200: textAnswer('text/csv', 'The CSV file, as an attachment named after the range (not cached).') },
      },
      config,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
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
