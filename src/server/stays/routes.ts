/** The day of a stay's routes (docs/product.md#the-day-of-the-stay). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSchema } from '../../shared/schemas/bookings';
import { idParamSchema } from '../../shared/schemas/fields';
import { STAY_STEP_PATHS, stayStepSchema } from '../../shared/schemas/stays';
import { CHECK_IN_OPENS_MINUTES, CHECK_OUT_CLOSES_HOURS } from '../../shared/stays';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { takeStayStep } from './service';

const idParams = z.object({ id: idParamSchema });

/** What each step's route says of its rules. */
const DESCRIPTIONS: Record<z.infer<typeof stayStepSchema>, { summary: string; description: string }> = {
  check_in: {
    summary: 'The renter checks in to a confirmed booking.',
    description:
      `The booking (\`Booking\`) with \`checkedInAt\`, the time of the first check-in (checking in again changes nothing). ` +
      `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start and closes at the end. 409 outside that window ` +
      'or for a booking that is not confirmed (the message says which); the renter only (403 the owner and anyone ' +
      'else), 404 unknown, 401 without a session.',
  },
  check_out: {
    summary: 'The renter checks out of a confirmed booking they checked in to.',
    description:
      `The booking (\`Booking\`) with \`checkedOutAt\`, the time of the first check-out (checking out again changes ` +
      `nothing). 409 before a check-in, for a booking that is not confirmed, or more than ${CHECK_OUT_CLOSES_HOURS} ` +
      'hours after the end; the renter only (403 the owner and anyone else), 404 unknown, 401 without a session.',
  },
};

export const stayRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  for (const step of stayStepSchema.options)
    app.post(
      `/api/bookings/:id/${STAY_STEP_PATHS[step]}`,
      {
        schema: { ...DESCRIPTIONS[step], params: idParams, response: { 200: bookingSchema } },
        config: { auth: 'required' as const },
      },
      async (request) => {
        if (!z.uuid().safeParse(request.params.id).success) throw notFound('Booking not found.');
        return takeStayStep(db, request.params.id, requireUser(request).id, step);
      },
    );
};
