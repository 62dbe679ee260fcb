/**
 * Request ids: every request has one (Fastify's `request.id`, `reqId` on each of its log lines),
 * echoed in the `X-Request-Id` answer header and put in every JSON error body
 * (src/server/http/errors.ts), so that a person's report of an error finds its log lines.
 *
 * An incoming `X-Request-Id` (from a proxy or load balancer that made one) is kept when it looks
 * like an id: 1 to 128 letters, digits and `. _ : / + = -`. Anything else (spaces, control
 * characters, a second header, a long value) is replaced by a new UUID, so a client cannot write
 * into the log line or the answer's header.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id is read from and echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

const REQUEST_ID = /^[\w.:/+=-]{1,128}$/;

/** A request's id (Fastify's `genReqId`): its valid incoming `X-Request-Id`, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes each request's id in its answer's `X-Request-Id` header. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
