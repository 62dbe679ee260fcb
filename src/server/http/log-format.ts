/**
 * How the server writes its log (pino, through Fastify): one JSON object a line for log collectors,
 * or, when its output is a terminal (a developer's `npm start` or `npm run dev`), lines a person
 * reads ("12:04:31 INFO: request completed", with the method, URL, status and time), through
 * pino-pretty. The same records either way; only the format differs.
 */
import type { FastifyServerOptions } from 'fastify';

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

/** Where pretty lines go (standard output by default); tests pass a stream of their own. */
type Destination = NodeJS.WritableStream;

/**
 * Fastify's `logger` option at `level`: pretty when `terminal` (default: whether standard output
 * is a TTY), JSON otherwise.
 */
export async function loggerOptions(
  level: string,
  { terminal = process.stdout.isTTY === true, destination }: { terminal?: boolean; destination?: Destination } = {},
): Promise<FastifyServerOptions['logger']> {
  if (!terminal) return { level };
  const { default: pretty } = await import('pino-pretty');
  return {
    level,
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
