/**
 * Where the metrics are served, never publicly by default: with `METRICS_PORT`, on that port alone
 * (a bare HTTP server beside the app, started and stopped with it); else with `METRICS_TOKEN`, at
 * `GET /metrics` on the app's port to `Authorization: Bearer <token>`; with neither, `/metrics`
 * answers 404 as an unknown path does.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError, notFound } from '../http/errors';
import type { AppMetrics } from './metrics';

/** The path of the metrics, on either port. */
export const METRICS_PATH = '/metrics';

/** Whether `headers` carry `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(headers: IncomingHttpHeaders, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(headers.authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

const tokenRequired = () =>
  new HttpError(401, 'The metrics need their token: Authorization: Bearer <METRICS_TOKEN>.', undefined, {
    'www-authenticate': 'Bearer realm="metrics"',
  });

/**
 * Adds `GET /metrics` to `app` (always, so that the route table and the API reference list it),
 * and with `METRICS_PORT` the server on that port, listening once `app` is ready and closed with it.
 * @param metrics the app's metrics; null when neither variable is set (nothing is collected)
 */
export function registerMetricsEndpoints(app: FastifyInstance, metrics: AppMetrics | null, config: Pick<Config, 'host' | 'metrics'>): void {
  const { port, token } = config.metrics;
  const onMainPort = metrics !== null && port === undefined && token !== undefined;
  app.get(
    METRICS_PATH,
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics, for an operator’s scraper; off unless configured.',
        description:
          'The Prometheus text format: requests by route pattern, method and status class and their durations, the database ' +
          'pool and query durations (PostgreSQL), each job queue’s waiting jobs and runs, emails sent and failed and the mail backlog, live sockets, ' +
          'and Node’s own (event loop lag, heap, GC). Only with `METRICS_TOKEN` set and `METRICS_PORT` unset, and only to ' +
          '`Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with `METRICS_PORT` the metrics are on that port alone, ' +
          'and with neither variable this path answers 404 (docs/operations.md, "Metrics, probes and request ids").',
      },
    },
    async (request, reply) => {
      if (!onMainPort) throw notFound();
      if (!bearerMatches(request.headers, token!)) throw tokenRequired();
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.text());
    },
  );
  if (metrics && port !== undefined) serveOnOwnPort(app, metrics, { host: config.host, port, token });
}

/** The metrics port's server: `GET /metrics` (with the token when one is set), 404 for anything else. */
function serveOnOwnPort(
  app: FastifyInstance,
  metrics: AppMetrics,
  options: { host: string; port: number; token: string | undefined },
): void {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
      response.end(body);
    };
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return answer(404, 'Not found.\n');
    if (options.token && !bearerMatches(request.headers, options.token))
      return answer(401, 'The metrics need their token.\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    metrics.text().then(
      (text) => answer(200, request.method === 'HEAD' ? '' : text, { 'content-type': metrics.contentType }),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: could not collect');
        answer(500, 'Could not collect the metrics.\n');
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ port: (server.address() as AddressInfo).port }, 'metrics served on their own port');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
