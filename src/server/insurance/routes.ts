/**
 * Certificate of insurance routes (docs/api.md; docs/decisions/030-insurance-certificates-and-licence-states.md).
 *
 * `POST /api/users/{id}/insurance-certificate`: the session user's own, as `multipart/form-data`
 * with a `file` part (a PDF or image by its content, at most 10 MB and within the user's upload
 * quota: 415 / 413) and the text fields
 * `insurer`, `policyNumber` and `expiresOn` (`YYYY-MM-DD`, not in the past: 400). Every check is
 * made before anything is saved. `GET .../insurance-certificate` and `.../file`: the current one,
 * for its holder and the owners of spaces the holder holds, has requested or has booked (403 for
 * anyone else); when there is none, the details are null and the file 404.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_TOO_LARGE, MAX_CERTIFICATE_BYTES } from '../../shared/insurance';
import { idParamSchema } from '../../shared/schemas/fields';
import { insuranceCertificateFieldsSchema, insuranceCertificateSchema } from '../../shared/schemas/insurance';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { badRequest, HttpError } from '../http/errors';
import { textAnswer } from '../http/openapi';
import type { PrivateFile, PrivateFileStorage } from '../storage/private-files';
import type { UploadQuota } from '../storage/quota';
import { readCertificateFile, readCurrentCertificate, saveCertificate, toCertificate } from './service';

const idParams = z.object({ id: idParamSchema });

/** Sends a private file to open in the browser: personal, so neither cached nor stored on the way (RFC 9111 §5.2.2.5). */
function sendPrivateFile(reply: FastifyReply, file: PrivateFile & { fileName: string }) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `inline; filename="${file.fileName}"`)
    .send(file.body);
}
/** The text fields a certificate upload may carry. */
const FIELD_NAMES = new Set(['insurer', 'policyNumber', 'expiresOn']);

export interface InsuranceRoutesOptions {
  db: Database;
  files: PrivateFileStorage;
  /** The upload storage each user may use: their certificate files count in it. */
  quota: UploadQuota;
}

export const insuranceRoutes: FastifyPluginAsyncZod<InsuranceRoutesOptions> = async (app, { db, files, quota }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  app.post(
    '/api/users/:id/insurance-certificate',
    {
      schema: {
        summary: "Uploads the session user's certificate of insurance (multipart: file, insurer, policyNumber, expiresOn).",
        description:
          'Request: `multipart/form-data` with a `file` (PDF or image by content, at most 10 MB: 415 / 413) and ' +
          "`insurer`, `policyNumber`, `expiresOn` (`YYYY-MM-DD`, not past: 400). The session user's own (403 otherwise); " +
          '201 with the certificate. 413 past the owner\'s storage (docs/api.md, "Limits"). A hold on a space with ' +
          "`requiresInsurance` is 409 without a certificate valid through its last day; owners' lists of requests and " +
          "bookings carry `renterInsurance` and the renter's `verified` and `licenseStates` " +
          '(docs/decisions/030-insurance-certificates-and-licence-states.md).',
        params: idParams,
        response: { 201: insuranceCertificateSchema },
      },
      config: { auth: 'required', rateLimit: { max: 30, perSeconds: 600 } },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the certificate as multipart/form-data.');
      const fields: Record<string, string> = {};
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            // Read to the end (stopping past the size limit), whatever its field name, so the stream moves on.
            const content = await part.toBuffer();
            if (part.fieldname === 'file') bytes = content;
          } else if (FIELD_NAMES.has(part.fieldname)) fields[part.fieldname] = String(part.value);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CERTIFICATE_TOO_LARGE);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest('Send one file and the certificate fields only.');
        throw error;
      }
      // A field left out is an empty one: its message names it ("Insurer is required").
      const parsed = insuranceCertificateFieldsSchema.safeParse({ insurer: '', policyNumber: '', expiresOn: '', ...fields });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: `body.${issue.path.join('.')}`, message: issue.message }));
        throw badRequest(issues[0]!.message, issues);
      }
      if (!bytes || bytes.length === 0)
        throw badRequest('Choose the certificate file to upload.', [{ path: 'body.file', message: 'Choose a file' }]);
      return reply.status(201).send(await saveCertificate(db, files, quota, user.id, parsed.data, bytes));
    },
  );

  app.get(
    '/api/users/:id/insurance-certificate',
    {
      schema: {
        summary: "A renter's current certificate of insurance (null when none), for them and the owners of spaces they book.",
        description:
          'The holder and owners of spaces the holder holds, has requested or has booked; others 403; with none, the ' +
          'details are `null`.',
        params: idParams,
        response: { 200: insuranceCertificateSchema.nullable() },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const row = await readCurrentCertificate(db, request.params.id, requireUser(request).id);
      return reply.header('Cache-Control', 'private, no-store').send(row ? toCertificate(row) : null);
    },
  );

  app.get(
    '/api/users/:id/insurance-certificate/file',
    {
      schema: {
        summary: "The file of a renter's current certificate of insurance (PDF or image), for them and the owners of spaces they book.",
        description:
          'The holder and owners of spaces the holder holds, has requested or has booked; others 403; 404 when there is ' +
          'no certificate.',
        params: idParams,
        response: { 200: textAnswer('application/pdf', 'The certificate, a PDF or an image with its own media type (not cached).') },
      },
      config: { auth: 'required', rateLimit: { max: 60, perSeconds: 60 } },
    },
    async (request, reply) => {
      return sendPrivateFile(reply, await readCertificateFile(db, files, request.params.id, requireUser(request).id));
    },
  );
};
