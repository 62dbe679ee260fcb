/**
 * buildApp(): the Fastify application, used by `main.ts` and by the tests.
 * It owns no process state (no listen, no signals): callers start and close it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type Stripe from 'stripe';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema, type PublicConfig } from '../shared/schemas/config';
import { adminRoutes } from './admin/routes';
import { reportsRoutes } from './admin/reports-routes';
import { registerSessionGuard } from './auth/guards';
import { authRoutes } from './auth/routes';
import { sessionSettings } from './auth/session';
import { AuthThrottle } from './auth/throttle';
import { registerBookingJobs } from './bookings/jobs';
import { registerPayoutJobs } from './payouts/jobs';
import { payoutRoutes } from './payouts/routes';
import { bookingPaymentSteps } from './bookings/payment-events';
import { bookingRoutes } from './bookings/routes';
import { stayRoutes } from './stays/routes';
import { rescheduleRoutes } from './reschedules/routes';
import { accessRoutes } from './access/routes';
import { registerAccessJobs } from './access/jobs';
import { standingBookingRoutes } from './standing-bookings/routes';
import { registerStandingBookingJobs } from './standing-bookings/jobs';
import { createLockProvider } from './access/create-lock-provider';
import { calendarRoutes } from './calendar/routes';
import { registerCalendarImportJobs } from './calendar-imports/jobs';
import { calendarConflictRoutes } from './calendar-imports/conflict-routes';
import { calendarImportRoutes } from './calendar-imports/routes';
import { contactRoutes } from './contact/routes';
import { fastifyTrustProxy, type Config } from './config';
import type { Database, DatabaseHandle, DatabaseNotifications, DatabaseStats } from './db/client';
import { notFound, registerErrorHandling } from './http/errors';
import { loggerOptions } from './http/log-format';
import { openApiRoutes, registerOpenApi } from './http/openapi';
import { JobWorkers } from './jobs/queue';
import { devMailRoutes } from './mail/dev-mail-routes';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes';
import { memoryLimiters, redisLimiters, registerRouteRateLimits } from './http/rate-limits';
import { registerPublicCaching } from './http/public-cache';
import { registerCrossSiteGuard } from './http/request-guards';
import { registerMessageJobs } from './messages/jobs';
import { registerMessaging } from './messages/routes';
import { startNotificationsLive } from './notifications/live';
import { configureLinkTokenKey } from './notifications/link-tokens';
import { notificationRoutes } from './notifications/routes';
import { pageRoutes } from './pages/routes';
import { paperworkRoutes } from './paperwork/routes';
import { earningsRoutes } from './earnings/routes';
import { registerReviewJobs } from './reviews/jobs';
import { registerStayJobs } from './stays/jobs';
import { registerSpaceDaysJobs } from './schedules/space-days-sweep';
import { reviewRoutes } from './reviews/routes';
import { DemoPaymentProvider } from './payments/demo-provider';
import type { PaymentProvider } from './payments/provider';
import { connectRoutes } from './payments/connect-routes';
import { donationRoutes } from './payments/donations';
import { demoPaymentRoutes } from './payments/demo-routes';
import { savedCardRoutes } from './payments/saved-card-routes';
import { createStripeClient, StripePaymentProvider } from './payments/stripe-provider';
import { stripeWebhookRoutes } from './payments/webhook';
import { createRedisClient } from './realtime/redis-bus';
import { SocketHub } from './realtime/socket-hub';
import { SpaceChanges } from './spaces/changes';
import { scheduleRoutes } from './schedules/routes';
import { spaceRoutes } from './spaces/routes';
import { userRoutes } from './users/routes';
import { favoriteRoutes } from './favorites/routes';
import { createGeocoder } from './geocoding/geocoder';
import { UploadQuota } from './storage/quota';
import { uploadRoutes } from './storage/routes';
import { createFileStorage, LocalFileStorage } from './storage/storage';
import { createPrivateFileStorage } from './storage/private-files';
import { registerInsuranceJobs } from './insurance/expiry-notices';
import { insuranceRoutes } from './insurance/routes';
import { AppMetrics } from './observability/metrics';
import { registerMetricsEndpoints } from './observability/metrics-routes';
import { registerProbes } from './observability/probes';
import { registerRequestIdHeader, requestIdOf } from './observability/request-ids';
import { registerTracing, tracingLogController } from './observability/tracing';

/** Where `vite build` puts the client. */
export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Serve the built client and page metadata (off in API tests). */
  serveClient?: boolean;
  /** Where the built client is (default {@link CLIENT_DIST}); tests pass a small fake one. */
  clientDir?: string;
  /**
   * Log requests (pino: readable lines on a terminal, JSON otherwise, src/server/http/log-format.ts); off in tests
   * unless LOG_LEVEL says otherwise. `{ destination }` writes the JSON lines there (tests read the log).
   */
  logger?: boolean | { destination: NodeJS.WritableStream };
  /**
   * LISTEN/NOTIFY of the open database (its `DatabaseHandle`): live messages reach
   * every instance on that database (docs/decisions/004-live-events-through-the-database-or-redis.md). Without it, and without
   * REDIS_URL, live messages stay within this process.
   */
  notifications?: DatabaseNotifications;
  /**
   * Runs this instance's job workers on the database (docs/decisions/023-durable-jobs.md): booking
   * expiry and reconciliation, reminders, emails. Absent, jobs are still enqueued but run nowhere
   * here (most API tests run the job functions themselves).
   * @param handle the open database's handle (its `executeSql`)
   * @param pollingIntervalSeconds how often an idle worker looks for jobs (default 2 s)
   */
  jobs?: { handle: Pick<DatabaseHandle, 'executeSql'>; pollingIntervalSeconds?: number };
  /** The PostgreSQL pool's figures and query durations (`DatabaseHandle.stats`), for the metrics when they are on. */
  databaseStats?: DatabaseStats;
  /** URLs per sitemap file (default 50,000, the protocol's most); tests pass a few to see the sitemap index. */
  sitemapPageSize?: number;
  /**
   * Told of every route as it is added (Fastify's `onRoute` hook, installed
   * before any route): the route table of docs/api.md is collected this way
   * (scripts/route-table.ts).
   */
  onRoute?: (route: RouteOptions) => void;
}

/** The payment provider of `config.payments`, with its Stripe client when it is Stripe (for the webhook's signatures). */
function paymentProvider(config: Config, db: Database): { payments: PaymentProvider | null; stripe: Stripe | null } {
  if (config.payments === 'demo') return { payments: new DemoPaymentProvider(db), stripe: null };
  if (config.payments === 'stripe' && config.stripe.secretKey) {
    const stripe = createStripeClient(config.stripe.secretKey, config.stripe.apiBase);
    return { payments: new StripePaymentProvider(stripe), stripe };
  }
  return { payments: null, stripe: null };
}

/** The Content-Security-Policy sources beyond our own origin: map tiles and Stripe (docs/decisions/017-security-headers.md). */
function cspDirectives(config: Config) {
  const tileOrigin = config.mapTileUrl ? new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, 'a')).origin : null;
  const stripe = config.payments === 'stripe';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : []), ...(stripe ? ['https://*.stripe.com'] : [])],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.env === 'production' ? [] : null,
  };
}

/** Builds the application: plugins, session loading, API routes, pages. */
export async function buildApp({
  config,
  db,
  serveClient = false,
  clientDir = CLIENT_DIST,
  logger = false,
  notifications,
  jobs,
  databaseStats,
  sitemapPageSize,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? await loggerOptions(config.logLevel, logger === true ? {} : { terminal: false, destination: logger.destination })
      : false,
    // With tracing on, a request's log lines are written in its span (observability/tracing.ts).
    ...(tracingLogController() ? { logController: tracingLogController() } : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Each request's id is its valid incoming X-Request-Id or a new UUID (observability/request-ids.ts):
    // genReqId reads the header itself, as Fastify's requestIdHeader would take any value.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A conversation id (docs/product.md#data) is three UUIDs joined: 110 characters in a path.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // With tracing on, each route's span, before any route is added (observability/tracing.ts).
  await registerTracing(app);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  // Metrics only when they can be read (METRICS_PORT or METRICS_TOKEN): otherwise nothing is collected.
  const metrics =
    config.metrics.port !== undefined || config.metrics.token !== undefined ? new AppMetrics({ db, databaseStats, log: app.log }) : null;
  if (metrics) {
    metrics.observeRequests(app);
    app.addHook('onClose', async () => metrics.close());
  }

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
  // The session cookie (`__Host-` and Secure in production) and the idle period, for every reader of the cookie.
  const sessions = sessionSettings(config);
  // The OpenAPI document collects each route as it is added: before any route (src/server/http/openapi.ts).
  await registerOpenApi(app, { sessionCookieName: sessions.cookieName });
  // ETags, 304s and CDN caching of the routes that say `config: { publicCache }`; before compression,
  // so the tag is computed on the body as serialized (docs/decisions/024-cacheable-public-answers.md).
  registerPublicCaching(app, { sessionCookieName: sessions.cookieName });
  // Brotli or gzip for API answers and pages over 1 KB, at a quality cheap enough per
  // request; the client's hashed assets are compressed once at build time (pages/routes.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  // With REDIS_URL, rate-limit counters and live events are shared by every instance (docs/decisions/004-live-events-through-the-database-or-redis.md).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
  // QUIT would wait in the offline queue while Redis is down.
  if (redis)
    app.addHook(
      'onClose',
      async () => void (redis.status === 'ready' ? await redis.quit().catch(() => redis.disconnect()) : redis.disconnect()),
    );
  const limiters = redis ? redisLimiters(redis, `${config.redisKeyPrefix}rate-limit:`) : memoryLimiters;
  registerRouteRateLimits(app, limiters);

  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  // Cross-site state changes are refused and routes that need a session answer 401, before any body is read.
  const allowedOrigins = [config.publicUrl];
  registerCrossSiteGuard(app, allowedOrigins);
  registerSessionGuard(app, { db, sessions });

  // Emailed links' tokens are sealed in the database until sent (notifications/link-tokens.ts).
  configureLinkTokenKey(config);
  const { payments, stripe } = paymentProvider(config, db);
  const workers = jobs
    ? new JobWorkers(jobs.handle, app.log, { pollingIntervalSeconds: jobs.pollingIntervalSeconds, onRunEnd: metrics?.jobRunEnded })
    : null;
  if (workers) {
    registerBookingJobs(workers, { db, payments, log: app.log });
    // Email rendering and sending (React, react-email, nodemailer: about 18 MB of heap) are loaded
    // only by an app that runs the workers; without them the API's heap stays smaller, and its
    // garbage-collection pauses shorter (they show in the slowest requests).
    const { createMailer } = await import('./mail/mailer');
    const { registerNotificationJobs } = await import('./notifications/email-delivery');
    const mailer = metrics ? metrics.countMail(createMailer(config)) : createMailer(config);
    registerNotificationJobs(workers, { db, mailer, config });
    app.addHook('onClose', async () => mailer.close());
    registerMessageJobs(workers, { db });
    registerReviewJobs(workers, { db, log: app.log });
    registerStayJobs(workers, { db });
    registerAccessJobs(workers, { db, locks: createLockProvider(config) });
    registerStandingBookingJobs(workers, { db, payments, log: app.log });
    registerInsuranceJobs(workers, { db });
    registerSpaceDaysJobs(workers, { db, log: app.log });
    registerPayoutJobs(workers, { db, payments, log: app.log });
    registerCalendarImportJobs(workers, {
      db,
      log: app.log,
      reading: config.calendarImports,
    });
    app.addHook('onReady', () => workers.start());
    app.addHook('onClose', () => workers.stop());
  }
  const storage = createFileStorage(config);
  if (storage instanceof LocalFileStorage) mkdirSync(storage.dir, { recursive: true });
  const geocoder = createGeocoder(db, config, (message) => app.log.warn(message));
  const quota = new UploadQuota(db, config.uploadQuotaBytes);
  const spaceChanges = new SpaceChanges();
  // Blocked dates changed through the owner's calendar: the search's counts by availability follow.
  const scheduleChanges = new SpaceChanges();

  // With REDIS_URL, whether Redis is connected; while it is not, rate limits are counted in this process (still 200).
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server answers, and with REDIS_URL whether Redis is connected.',
        description:
          "`{ status: 'ok' }`; with `REDIS_URL` set, `{ status: 'ok', redis: 'up' | 'down' }`, still 200 while Redis is " +
          "down, at boot too (rate limits are then counted in each instance's memory, live events stay within it).",
        response: { 200: z.object({ status: z.literal('ok'), redis: z.enum(['up', 'down']).optional() }) },
      },
    },
    async () => ({ status: 'ok' as const, ...(redis ? { redis: redis.status === 'ready' ? ('up' as const) : ('down' as const) } : {}) }),
  );
  app.get(
    '/api/config',
    {
      schema: {
        summary: 'The configuration the browser may see: payment mode, Stripe key, map tiles.',
        description: '`PublicConfig` (payments mode `demo`/`stripe`/`none`, Stripe publishable key, map tile URL).',
        response: { 200: publicConfigSchema },
      },
    },
    async (): Promise<PublicConfig> => ({
      payments: config.payments,
      stripePublishableKey: config.payments === 'stripe' ? (config.stripe.publishableKey ?? null) : null,
      mapTileUrl: config.mapTileUrl ?? null,
      mapTileAttribution: config.mapTileAttribution,
    }),
  );

  // Liveness and readiness for an orchestrator, and the metrics (docs/operations.md, "Metrics, probes and request ids").
  registerProbes(app, { db, redis });
  registerMetricsEndpoints(app, metrics, config);

  await app.register(openApiRoutes);

  // One set of failed-login counts for logins and current-password checks.
  const throttle = new AuthThrottle(config, limiters);
  // Before the auth routes: a logout closes that session's sockets on every instance.
  // The sockets on /ws (opened by messaging) also carry the bell's live count.
  const hub = new SocketHub(config.liveHeartbeatMs);
  metrics?.watchSockets(hub);
  await app.register(notificationRoutes, { db });
  if (notifications) {
    const stopNotificationsLive = await startNotificationsLive({ db, notifications, hub, log: app.log });
    app.addHook('onClose', stopNotificationsLive);
  }
  await registerMessaging(app, { db, config, notifications, redis, limiters, allowedOrigins, sessions, hub });
  await app.register(authRoutes, { db, sessions, throttle });
  await app.register(unsubscribeRoutes, { db });
  // The outbox in the browser, never in production, and to this machine only unless DEV_MAIL_PUBLIC
  // (docs/decisions/022-notifications-and-email.md).
  if (config.env !== 'production') await app.register(devMailRoutes, { db, publicAccess: config.mail.devMailPublic });
  await app.register(spaceRoutes, { db, storage, geocoder, quota, changes: spaceChanges, scheduleChanges });
  await app.register(scheduleRoutes, { db, onBlockedDatesChanged: () => scheduleChanges.notify() });
  await app.register(uploadRoutes, { storage, quota });
  await app.register(userRoutes, { db, storage, npiRegistryUrl: config.npiRegistryUrl, throttle, quota });
  // Certificates of insurance: private files, served only through their access check (insurance/routes.ts).
  await app.register(insuranceRoutes, { db, files: createPrivateFileStorage(config), quota });
  await app.register(favoriteRoutes, { db });
  await app.register(payoutRoutes, { db });
  // The operators' console (docs/decisions/029-operators-and-the-audit-log.md): 404 to anyone else.
  await app.register(adminRoutes, { db, spaceChanges, payments });
  // Users' reports, the console's queue, inbox and Overview (docs/decisions/032-reports-and-the-overview.md).
  await app.register(reportsRoutes, { db, spaceChanges });
  await app.register(bookingRoutes, { db, payments });
  await app.register(stayRoutes, { db });
  await app.register(rescheduleRoutes, { db, payments });
  await app.register(accessRoutes, { db });
  await app.register(standingBookingRoutes, { db, payments });
  await app.register(paperworkRoutes, { db });
  // The owner's Earnings tab and its CSV (docs/decisions/034-owner-earnings.md).
  await app.register(earningsRoutes, { db });
  await app.register(reviewRoutes, { db });
  await app.register(calendarRoutes, { db, publicUrl: config.publicUrl });
  // Owners' external calendars read into their listings (docs/decisions/038-calendar-import.md).
  await app.register(calendarImportRoutes, { db, reading: config.calendarImports });
  await app.register(calendarConflictRoutes, { db, payments });
  await app.register(connectRoutes, { db, payments, publicUrl: config.publicUrl });
  await app.register(donationRoutes, { payments });
  await app.register(savedCardRoutes, { db, payments });
  await app.register(contactRoutes, { db });
  if (payments instanceof DemoPaymentProvider) await app.register(demoPaymentRoutes, { demo: payments, db, publicUrl: config.publicUrl });
  if (payments && stripe)
    await app.register(stripeWebhookRoutes, {
      db,
      payments,
      bookings: bookingPaymentSteps,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
    });

  if (serveClient) {
    await app.register(pageRoutes, { db, config, clientDir, spaceChanges, sitemapPageSize });
  } else {
    app.setNotFoundHandler(async () => {
      throw notFound('Not found.');
    });
  }
  return app;
}
