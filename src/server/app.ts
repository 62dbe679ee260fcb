/**
 * buildApp(): the Fastify application, used by `main.ts` and by the tests.
 * It owns no process state (no listen, no signals): callers start and close it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicConfig } from '../shared/schemas';
import { authRoutes } from './auth/routes';
import { bookingRoutes } from './bookings/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { notFound, registerErrorHandling } from './http/errors';
import { registerRequestGuards } from './http/request-guards';
import { pageRoutes } from './pages/routes';
import { DemoPaymentProvider } from './payments/demo-provider';
import type { PaymentProvider } from './payments/provider';
import { demoPaymentRoutes } from './payments/routes';
import { createStripeClient, StripePaymentProvider } from './payments/stripe-provider';
import { spaceRoutes } from './spaces/routes';
import { LocalFileStorage } from './storage/storage';

/** Where `vite build` puts the client. */
export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Serve the built client and page metadata (off in API tests). */
  serveClient?: boolean;
  /** Log requests (pino); off in tests unless LOG_LEVEL says otherwise. */
  logger?: boolean;
}

function paymentProvider(config: Config, db: Database): PaymentProvider | null {
  if (config.payments === 'demo') return new DemoPaymentProvider(db);
  if (config.payments === 'stripe' && config.stripe.secretKey) {
    return new StripePaymentProvider(createStripeClient(config.stripe.secretKey, config.stripe.apiBase));
  }
  return null;
}

/** The Content-Security-Policy sources beyond our own origin: map tiles and Stripe (DESIGN decision 13). */
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
export async function buildApp({ config, db, serveClient = false, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === 'production',
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
  // Brotli or gzip for API answers and pages over 1 KB (issue 10), at a quality cheap enough per
  // request; the client's hashed assets are compressed once at build time (pages/routes.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  app.decorateRequest('user', null);
  // Cross-site state changes are refused and routes that need a session answer 401, before any body is read.
  registerRequestGuards(app, { db, allowedOrigins: config.publicUrl ? [config.publicUrl] : [] });

  const payments = paymentProvider(config, db);
  const storage = new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  mkdirSync(storage.dir, { recursive: true });

  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/config', async (): Promise<PublicConfig> => ({
    payments: config.payments,
    stripePublishableKey: config.payments === 'stripe' ? (config.stripe.publishableKey ?? null) : null,
    mapTileUrl: config.mapTileUrl ?? null,
  }));

  const secureCookies = config.env === 'production';
  await app.register(authRoutes, { db, secureCookies, loginRateLimit: config.loginRateLimit });
  await app.register(spaceRoutes, { db, storage });
  await app.register(bookingRoutes, { db, payments });
  if (payments instanceof DemoPaymentProvider) await app.register(demoPaymentRoutes, { demo: payments });

  await app.register(fastifyStatic, { root: storage.dir, prefix: '/uploads/', decorateReply: false, index: false });

  if (serveClient) {
    await app.register(pageRoutes, { db, config, clientDir: CLIENT_DIST });
  } else {
    app.setNotFoundHandler(async () => {
      throw notFound('Not found.');
    });
  }
  return app;
}
