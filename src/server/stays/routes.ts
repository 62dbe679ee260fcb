/** The day of a stay's routes (docs/product.md#the-day-of-the-stay). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSchema } from '../../shared/schemas/bookings';
import { idParamSchema } from '../../shared/schemas/fields';
import {
  noShowDisputeSchema,
  STAY_STEP_PATHS,
  stayStepSchema,
  turnoverAttestationSchema,
  turnoverLogSchema,
} from '../../shared/schemas/stays';
import { CHECK_IN_OPENS_MINUTES, CHECK_OUT_CLOSES_HOURS, NO_SHOW_AFTER_MINUTES, NO_SHOW_CLOSES_HOURS } from '../../shared/stays';
import { TURNOVER_CHECKLIST_MAX_ITEMS, TURNOVER_ITEM_MAX_CHARS } from '../../shared/constants';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { disputeNoShow, markNoShow } from './no-shows';
import { takeStayStep } from './service';
import { attestTurnover, getTurnoverLog } from './turnovers';

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

  /** The booking's id from the path: anything but a UUID is an unknown booking. */
  const bookingId = (id: string) => {
    if (!z.uuid().safeParse(id).success) throw notFound('Booking not found.');
    return id;
  };

  app.post(
    '/api/bookings/:id/no-show',
    {
      schema: {
        summary: "The space's owner marks the renter of a booking a no-show.",
        description:
          'The booking (`Booking`) with `noShow: { markedAt, disputedAt, disputeReason }`; marking again changes nothing. ' +
          'Only where the listing required check-in when the booking was made (`requiresCheckIn`), on a confirmed booking ' +
          `not checked into, from ${NO_SHOW_AFTER_MINUTES} minutes after its start to ${NO_SHOW_CLOSES_HOURS} hours after ` +
          'its end; else 409 (the message says why). No-shows are not refunded; the renter is told (`booking_no_show`) and ' +
          'can no longer check in. The owner of the space only (403 the renter and anyone else), 404 unknown, 401 without a session.',
        params: idParams,
        response: { 200: bookingSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request) => markNoShow(db, bookingId(request.params.id), requireUser(request).id),
  );

  app.post(
    '/api/bookings/:id/no-show/dispute',
    {
      schema: {
        summary: 'The renter disputes being marked a no-show.',
        description:
          'Body: `noShowDisputeSchema` (`reason`, 1-2000 characters). The booking (`Booking`) with `noShow.disputedAt` and ' +
          '`noShow.disputeReason`; the first dispute stays. The operators see it on the booking in the console. 409 when the ' +
          'booking is not marked a no-show; the renter only (403 the owner and anyone else), 404 unknown, 401 without a session.',
        params: idParams,
        body: noShowDisputeSchema,
        response: { 200: bookingSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request) => disputeNoShow(db, bookingId(request.params.id), requireUser(request).id, request.body.reason),
  );

  app.get(
    '/api/bookings/:id/turnover',
    {
      schema: {
        summary: "A booking's turnover checklist and its attestations.",
        description:
          "`TurnoverLog`: the listing's `checklist` as it is now and the `entries` (`{ id, role, userId, items, note, " +
          "createdAt }`), oldest first. The renter or the space's owner (403 anyone else), 404 unknown, 401 without a session.",
        params: idParams,
        response: { 200: turnoverLogSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request) => getTurnoverLog(db, bookingId(request.params.id), requireUser(request).id),
  );

  app.post(
    '/api/bookings/:id/turnover',
    {
      schema: {
        summary: "The renter or the owner attests the room's state on the turnover checklist.",
        description:
          `Body: \`turnoverAttestationSchema\` (\`items\`: 1-${TURNOVER_CHECKLIST_MAX_ITEMS} of \`{ label, done }\`, labels ` +
          `1-${TURNOVER_ITEM_MAX_CHARS} characters, each once; \`note\` up to 1000). Each attestation is kept; the answer is ` +
          'the `TurnoverLog`. The renter after checking in, the owner from the opening of check-in, both until ' +
          `${CHECK_OUT_CLOSES_HOURS} hours after the end, on a confirmed booking; else 409. 400 bad items (nothing kept), ` +
          '403 anyone else, 404 unknown, 401 without a session.',
        params: idParams,
        body: turnoverAttestationSchema,
        response: { 200: turnoverLogSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request) => attestTurnover(db, bookingId(request.params.id), requireUser(request).id, request.body),
  );
};
