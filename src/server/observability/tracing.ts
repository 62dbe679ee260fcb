/**
 * Traces (OpenTelemetry), on only with `OTEL_EXPORTER_OTLP_ENDPOINT` (docs/operations.md, "Traces"):
 * the Node SDK with the http, pg and ioredis instrumentations and Fastify's own (@fastify/otel),
 * exporting over OTLP/HTTP. A request's spans are its server span (Fastify's, named `request`, with
 * its route pattern), the PostgreSQL queries and Redis commands it makes and its outgoing HTTP
 * calls; a job carries the trace of whatever enqueued it (src/server/jobs/queue.ts), so its run and
 * its queries join the request's trace. Log lines carry the active trace and span ids.
 *
 * Requests are sampled as they arrive: one that is not traced (a parent that says so, or the share
 * of `OTEL_TRACES_SAMPLER`/`_ARG` left out) runs with tracing suppressed, so no span or attribute is
 * made for it, its route or its queries; what remains of tracing's cost for it is the async context
 * that Node carries across its promises and a few hooks.
 *
 * Off, nothing of the SDK is loaded: this module imports only types, and `startTracing` returns at
 * once. On, it must run before pg, ioredis or Fastify are imported (src/server/main.ts starts it,
 * then imports the server), since the instrumentations patch those modules as they load.
 */
import { register } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogController } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Context, SpanKind } from '@opentelemetry/api';
import type { Sampler, SamplingResult, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyOtelInstrumentation } from '@fastify/otel';
import { redactUrl } from './redact';

/** Paths polled by probes and scrapers: never traced (they would drown the traces of real work). */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics', '/api/health']);

/** The tracing of this process once started. */
interface ActiveTracing {
  fastify: FastifyOtelInstrumentation;
  /** The share of requests without a `traceparent` that are traced. */
  share: number;
  api: typeof import('@opentelemetry/api');
  suppressTracing: (context: Context) => Context;
  logController: LogController;
  /** Writes a request's "incoming request" line (deferred by `logController` until its span has started). */
  logIncoming: (request: FastifyRequest, reply: FastifyReply) => void;
  shutdown(): Promise<void>;
}

let active: ActiveTracing | null = null;

/** What `startTracing` is given. */
export interface TracingOptions {
  /** The OTLP/HTTP collector (`OTEL_EXPORTER_OTLP_ENDPOINT`); no tracing without it or `exporter`. */
  endpoint?: string;
  serviceName: string;
  /** Spans go here instead, each as it ends (tests pass an in-memory exporter). */
  exporter?: SpanExporter;
  /** The share of traces started here that are kept, 0 to 1 (default: {@link samplerShare} of the environment). */
  share?: number;
}

/**
 * The share of traces started here that are kept, 0 to 1, by the standard variables of the
 * OpenTelemetry SDK (its environment specification): `always_off` and `parentbased_always_off`
 * keep none; `traceidratio` and `parentbased_traceidratio` keep `OTEL_TRACES_SAMPLER_ARG` (1 when
 * absent or not a number in [0, 1]); anything else keeps all.
 */
export function samplerShare(env: NodeJS.ProcessEnv = process.env): number {
  const sampler = env.OTEL_TRACES_SAMPLER ?? '';
  if (sampler === 'always_off' || sampler === 'parentbased_always_off') return 0;
  if (sampler !== 'traceidratio' && sampler !== 'parentbased_traceidratio') return 1;
  const share = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  return Number.isFinite(share) && share >= 0 && share <= 1 ? share : 1;
}

/** A W3C `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header): its sampled flag. */
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-([\da-f]{2})$/;

/**
 * Whether an incoming request is traced: as its `traceparent` says when it has one (the caller
 * decided), else by chance at `share`.
 */
export function requestSampled(headers: IncomingMessage['headers'], share: number, random = Math.random): boolean {
  const parent = TRACEPARENT.exec(
    String(headers.traceparent ?? '')
      .trim()
      .toLowerCase(),
  );
  if (parent) return (Number.parseInt(parent[1]!, 16) & 1) === 1;
  return random() < share;
}

/** Whether tracing was started in this process. */
export function tracingActive(): boolean {
  return active !== null;
}

/**
 * Starts tracing this process (once; later calls change nothing). Call it before importing the
 * server's modules.
 * @returns whether tracing is on (false when neither `endpoint` nor `exporter` is given)
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (active) return true;
  if (!options.endpoint && !options.exporter) return false;
  // pg and ioredis are imported as ES modules by our code: their import passes through this hook,
  // which hands them to the instrumentations (CommonJS requires, such as Fastify's of node:http,
  // are patched without it). Only these two modules are wrapped.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'ioredis'] } });
  const [
    { NodeSDK },
    { BatchSpanProcessor, SimpleSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, SamplingDecision },
    api,
    { isTracingSuppressed, suppressTracing },
    { OTLPTraceExporter },
    http,
    pg,
    ioredis,
    fastifyOtel,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  const { context, SpanKind: Kind } = api;
  const share = options.share ?? samplerShare();
  // A request's span was sampled as it arrived (registerTracing); other roots (a cron job's run) by the share.
  const byShare = new TraceIdRatioBasedSampler(share);
  const root: Sampler = {
    shouldSample: (ctx: Context, traceId: string, _name: string, kind: SpanKind): SamplingResult =>
      kind === Kind.SERVER ? { decision: SamplingDecision.RECORD_AND_SAMPLED } : byShare.shouldSample(ctx, traceId),
    toString: () => `ServerSpansOr{${byShare.toString()}}`,
  };
  const fastify = new fastifyOtel.FastifyOtelInstrumentation({
    // Per route as routes are added, and per request: a request left out as it arrived runs with tracing
    // suppressed (registerTracing). Its span is then the request's server span, its parent the caller's
    // `traceparent`.
    ignorePaths: ({ url }) => UNTRACED_PATHS.has(url) || isTracingSuppressed(context.active()),
    // One span per request for the route: its hooks' and handler's spans are many and say little
    // (each span costs CPU on every request).
    instrumentHooks: false,
    instrumentHandler: false,
    // The URL attributes as the log has them: emailed links' tokens and the calendar feed's are taken out.
    requestHook: (span, request) => {
      const url = redactUrl(request.url);
      const [pathPart, query] = url.split('?');
      span.setAttribute('url.path', pathPart!);
      if (query !== undefined) span.setAttribute('url.query', query);
    },
  });
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    sampler: new ParentBasedSampler({ root }),
    // Traces only: the metrics are Prometheus's (metrics.ts), and the log is pino's. Without these
    // the SDK would also export OTLP metrics (the instrumentations' histograms) and set up logs.
    metricReaders: [],
    logRecordProcessors: [],
    spanProcessors: [
      options.exporter
        ? new SimpleSpanProcessor(options.exporter)
        : new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(options.endpoint!) })),
    ],
    instrumentations: [
      // Outgoing calls only (Stripe, geocoding, the NPI registry), within a traced request or job. A request's
      // server span is Fastify's (below): the http instrumentation's own would wrap every request's and
      // response's listeners, traced or not, which was most of what tracing cost a request left out.
      new http.HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      // Only queries and commands made for a request or a job: the job workers' polling would flood the traces.
      // Nor a span for each connection taken from the pool: the query spans show the time.
      new pg.PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      fastify,
    ],
  });
  sdk.start();
  const { LogController: FastifyLogController } = await import('fastify');
  /**
   * Fastify's request lines in the request's span: "incoming request" is written once the span has
   * started (by registerTracing's hook), not as Fastify routes the request, before any hook.
   */
  class SpanLogController extends FastifyLogController {
    override incomingRequest(): void {}
    incomingRequestInSpan(request: FastifyRequest, reply: FastifyReply): void {
      super.incomingRequest(request, reply);
    }
  }
  const logController = new SpanLogController();
  active = {
    fastify,
    share,
    api,
    suppressTracing,
    logController,
    logIncoming: (request, reply) => logController.incomingRequestInSpan(request, reply),
    shutdown: () => sdk.shutdown(),
  };
  return true;
}

/** Fastify's `logController` option: with tracing on, one that writes a request's lines in its span. */
export function tracingLogController(): LogController | undefined {
  return active?.logController;
}

/** The OTLP/HTTP traces URL of a collector's base endpoint, as the specification builds it. */
function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Adds Fastify's instrumentation to `app` when tracing is on: before any route, so that every
 * route is traced under its pattern. Each request is sampled as it arrives ({@link requestSampled}):
 * one left out runs with tracing suppressed, so that no span is made for it, its route or its
 * queries. The app must be built with {@link tracingLogController}.
 */
export async function registerTracing(app: FastifyInstance): Promise<void> {
  if (!active) return;
  const { api, suppressTracing, share, logIncoming } = active;
  app.addHook('onRequest', (request, _reply, done) => {
    if (UNTRACED_PATHS.has(request.url.split('?')[0]!) || !requestSampled(request.headers, share))
      api.context.with(suppressTracing(api.context.active()), done);
    else done();
  });
  await app.register(active.fastify.plugin());
  app.addHook('onRequest', (request, reply, done) => {
    logIncoming(request, reply);
    done();
  });
}

/** Flushes the spans still buffered and stops tracing (at shutdown). */
export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}
