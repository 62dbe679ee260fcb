/**
 * How the server writes its log (pino, through Fastify): one JSON object a line for log collectors,
 * or, when its output is a terminal (a developer's `npm start` or `npm run dev`), lines a person
 * reads ("12:04:31 INFO: request completed", with the method, URL, status and time), through
 * pino-pretty. The same records either way; only the format differs. Either way no secret is
 * written: URLs are logged with their tokens redacted, headers and bodies not at all.
 */
import { trace } from '@opentelemetry/api';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { REDACTED, redactUrl } from '../observability/redact';
import { tracingActive } from '../observability/tracing';

/**
 * What a request line says of the request: Fastify's own fields, its URL redacted. Headers are
 * never logged (no `Authorization`, no `Cookie`), nor bodies (passwords, card numbers).
 */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Options every log has: the request serializer, and a net for secrets under a known name should
 * a log call ever pass a body or headers (pino's `redact`).
 */
const SAFE_LOGGING = {
  serializers: { req: requestFields },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.currentPassword',
      '*.token',
      '*.clientSecret',
      '*.cardNumber',
      '*.cvc',
    ],
    censor: REDACTED,
  },
};

/**
 * A log entry's message as a line: a request's id (which pairs its two lines), then on its first
 * line the method and URL, and on its last the status and time ("req-7 request completed 200 in 12 ms").
 */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const parts = [typeof log.reqId === 'string' ? log.reqId : null, String(log[messageKey] ?? '')];
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(`${res.statusCode} in ${Math.round(Number(log.responseTime))} ms`);
  return parts.filter((part) => part !== null).join(' ');
}

/** Where the lines go (standard output by default); tests pass a stream of their own. */
type Destination = NodeJS.WritableStream;

/** The active span's trace and span ids (`traceId`, `spanId`), or nothing outside a span. */
function traceIds(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/**
 * Fastify's `logger` option at `level`: pretty when `terminal` (default: whether standard output
 * is a TTY), JSON otherwise.
 */
export async function loggerOptions(
  level: string,
  { terminal = process.stdout.isTTY === true, destination }: { terminal?: boolean; destination?: Destination } = {},
): Promise<FastifyServerOptions['logger']> {
  // With tracing on, each line carries the trace and span it was written in.
  const common = { level, ...SAFE_LOGGING, ...(tracingActive() ? { mixin: traceIds } : {}) };
  if (!terminal) return { ...common, ...(destination ? { stream: destination } : {}) };
  const { default: pretty } = await import('pino-pretty');
  return {
    ...common,
    stream: pretty({
      colorize: destination === undefined,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      messageFormat: requestLine,
      hideObject: true,
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  };
}
