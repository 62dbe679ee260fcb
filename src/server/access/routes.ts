/** A booking's way in (docs/product.md#the-day-of-the-stay). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_VALID_AFTER_MINUTES, CODE_VALID_BEFORE_MINUTES } from '../../shared/access';
import { bookingAccessSchema } from '../../shared/schemas/access';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { getBookingAccess } from './service';

const idParams = z.object({ id: idParamSchema });

export const accessRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/bookings/:id/access',
    {
      schema: {
        summary: "How the renter of a booking gets in: the listing's instructions or the booking's door code.",
        description:
          '`BookingAccess` `{ method, revealAt, instructions?, code?, validFrom?, validUntil? }`. The renter of a ' +
          "confirmed booking gets `instructions` and `code` from `revealAt` (the listing's reveal hours before the " +
          `start) until ${CODE_VALID_AFTER_MINUTES} minutes after the end; the owner always. A door code opens the ` +
          `lock from ${CODE_VALID_BEFORE_MINUTES} minutes before the start (\`validFrom\`) to ` +
          `${CODE_VALID_AFTER_MINUTES} minutes after the end (\`validUntil\`); \`code\` is absent until the lock has ` +
          'made it. Every answer carrying a code or instructions is logged. Renter and owner only (403 anyone else), ' +
          '404 unknown, 401 without a session; never cached.',
        params: idParams,
        response: { 200: bookingAccessSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request, reply) => {
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Booking not found.');
      const access = await getBookingAccess(db, request.params.id, requireUser(request).id);
      return reply.header('cache-control', 'no-store').send(access);
    },
  );
};
