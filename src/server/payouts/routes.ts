/**
 * Owed payouts' route (docs/decisions/033-owed-payouts.md): what the platform owes the session
 * user for payments charged while their payout account was not ready. Own only (403 others).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromCents } from '../../shared/money';
import { idParamSchema } from '../../shared/schemas/fields';
import { owedPayoutsSchema } from '../../shared/schemas/payouts';
import { requireSelf } from '../auth/session';
import type { Database } from '../db/client';
import { owedTotal } from './service';

export const payoutRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/:id/payouts/owed',
    {
      schema: {
        summary: 'What the platform owes the owner until their payout setup is finished (own only).',
        description:
          '`{ owedAmount, payments }` (`owedPayoutsSchema`, src/shared/schemas/payouts.ts): what the platform owes the ' +
          'owner for payments charged on the platform while their payout account could not take charges ' +
          '(docs/decisions/033-owed-payouts.md): the payout statement of each such payment that holds money (paid or ' +
          'partly refunded), not yet transferred; `"0.00"` and 0 when nothing is owed. Own only (403 another user, 401 ' +
          'without a session); `Cache-Control: no-store`. The profile shows "Finish payout setup to receive $X" while it ' +
          'is above 0. Once the account can take charges (demo onboarding, Stripe `account.updated`, the status refresh, ' +
          'or the per-minute sweep) the `transfer-owed-payouts` job sends each payment once (`payout-<payment id>`).',
        params: z.object({ id: idParamSchema }),
        response: { 200: owedPayoutsSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      const owed = await owedTotal(db, user.id);
      reply.header('cache-control', 'no-store');
      return { owedAmount: fromCents(owed.cents), payments: owed.payments };
    },
  );
};
