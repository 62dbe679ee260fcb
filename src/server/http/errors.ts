/**
 * HTTP errors (docs/decisions/016-errors-as-json.md): every error answer is JSON
 * `{ message, issues?, requestId }` with the right status; bad input never gives a 500. `requestId`
 * is the request's id (src/server/observability/request-ids.ts), as on its log lines.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/schemas/errors';

/** An error with an HTTP status whose message is safe to show to the client. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiError['issues'],
    /** Response headers that go with the answer (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
    /** The occurrences of a refused recurring booking (a 409's `conflicts`). */
    readonly conflicts?: ApiError['conflicts'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiError['issues']) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, conflicts?: ApiError['conflicts']) =>
  new HttpError(409, message, undefined, undefined, conflicts);
/** 410: the thing existed and is gone for good (a listing taken down by an operator). */
export const gone = (message: string) => new HttpError(410, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
/** 429 with a Retry-After header (seconds, rounded up). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Installs the JSON error and not-found handlers on `app`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ApiError = {
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.conflicts ? { conflicts: error.conflicts } : {}),
        requestId: request.id,
      };
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [
          error.validationContext,
          ...String(issue.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.status(400).send({
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
        issues,
        requestId: request.id,
      } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', requestId: request.id } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON (400), body too large (413), wrong content type (415), rate limit (429).
      return reply.status(status).send({ message: error.message, requestId: request.id } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', requestId: request.id } satisfies ApiError);
  });
}
