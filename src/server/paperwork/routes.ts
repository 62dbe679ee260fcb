/**
 * Paperwork routes (docs/api.md, docs/decisions/027-receipts-and-agreements.md): a booking's
 * receipt, the owner's payout statement and the space-use agreement, as PDFs; and the agreement's
 * preview for a booking about to be made (the booking dialog's clickwrap).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { textAnswer } from '../http/openapi';
import type { RouteRateLimit } from '../http/rate-limits';
import { agreementPreviewQuerySchema } from '../../shared/schemas/paperwork';
import { agreementPdf, agreementPreviewPdf, payoutStatementPdf, receiptPdf, type PaperFile } from './service';

/** PDFs per user: 60 a minute, far above a person's use, below what would keep the CPU busy writing them. */
export const PAPERWORK_RATE_LIMIT: RouteRateLimit = { max: 60, perSeconds: 60 };

const idParams = z.object({ id: idParamSchema });
/** The answer of each route, for the OpenAPI document. */
const PDF_ANSWER = { 200: textAnswer('application/pdf', 'The PDF, to open in the browser (not cached).') };

/** Sends a PDF to open in the browser: personal, so neither cached nor stored on the way (RFC 9111 §5.2.2.5). */
function sendPdf(reply: FastifyReply, file: PaperFile) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `inline; filename="${file.fileName}"`)
    .send(file.pdf);
}

export const paperworkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const config = { auth: 'required' as const, rateLimit: PAPERWORK_RATE_LIMIT };

  app.get(
    '/api/bookings/:id/receipt.pdf',
    {
      schema: {
        summary: "A booking's receipt, for its renter or owner.",
        description:
          "The receipt of the booking's payment as a PDF (`application/pdf`, `Content-Disposition: inline`, " +
          '`Cache-Control: private, no-store`), written by pdfkit from the stored amounts: ClinicShare, the receipt ' +
          'number `CS-<year>-<000001>` (given once per payment, sequential per UTC year), the date paid, the renter ' +
          '(business name and tax ID when on their profile), the space and owner, the dates or every occurrence of a ' +
          'series (one receipt per series, whichever occurrence names it), units × unit price, the platform fee included, ' +
          'the total, refunds as negative lines; renter or owner (403 anyone else), 404 unknown, 409 before a payment is ' +
          'taken.',
        params: idParams,
        response: PDF_ANSWER,
      },
      config,
    },
    async (request, reply) => sendPdf(reply, await receiptPdf(db, request.params.id, requireUser(request).id)),
  );

  app.get(
    '/api/bookings/:id/payout-statement.pdf',
    {
      schema: {
        summary: "The owner's payout statement of a booking.",
        description:
          "The owner's payout statement as a PDF (as the receipt: `application/pdf`, inline, `Cache-Control: private, " +
          "no-store`): the total, the platform fee withheld, refunds, the fee's share returned with a refund, the amount " +
          'paid out; owner only (403 the renter and anyone else), 404 unknown, 409 before a payment is taken.',
        params: idParams,
        response: PDF_ANSWER,
      },
      config,
    },
    async (request, reply) => sendPdf(reply, await payoutStatementPdf(db, request.params.id, requireUser(request).id)),
  );

  app.get(
    '/api/bookings/:id/agreement.pdf',
    {
      schema: {
        summary: 'The space-use agreement of a booking, for its renter or owner.',
        description:
          'The space-use agreement as a PDF (as the receipt: `application/pdf`, inline, `Cache-Control: private, ' +
          'no-store`), a labelled template: parties by full name, space and address, dates (a series: the schedule set in ' +
          'advance, premises and equipment, a fixed time-based price, 42 CFR 411.357(y)), price and fee, house rules, the ' +
          "cancellation tier in words, own licence and insurance, PHI, the owner's own terms; then the renter's " +
          'acceptance (time UTC, version) and the SHA-256 of the text, with a note when the text has changed since; ' +
          'renter or owner (403), 404 unknown, 409 before the booking is confirmed.',
        params: idParams,
        response: PDF_ANSWER,
      },
      config,
    },
    async (request, reply) => sendPdf(reply, await agreementPdf(db, request.params.id, requireUser(request).id)),
  );

  app.get(
    '/api/spaces/:id/agreement-preview.pdf',
    {
      schema: {
        summary: 'The space-use agreement of a booking the signed-in renter is about to make (the booking dialog links it).',
        description:
          'Query: `agreementPreviewQuerySchema`: `startDate`, `endDate` (as `bookingDetails`), for a series `weekdays` ' +
          "(comma-separated, `tue,thu`) and `until` or `count`. The agreement the booking dialog's clickwrap links (as " +
          'the receipt: `application/pdf`, inline, `Cache-Control: private, no-store`, titled a preview): the booking the ' +
          'signed-in renter is about to make, quoted as checkout would (price, platform fee, occurrences), nothing held; ' +
          'the booking reference is given when booking. 400 bad dates or recurrence, an unlisted or own space; 404 ' +
          'unknown space; 401 without a session.',
        params: idParams,
        querystring: agreementPreviewQuerySchema,
        response: PDF_ANSWER,
      },
      config,
    },
    async (request, reply) => sendPdf(reply, await agreementPreviewPdf(db, request.params.id, requireUser(request).id, request.query)),
  );
};
