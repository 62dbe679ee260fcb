/**
 * Configuration from the environment, parsed by zod at boot
 * (docs/decisions/018-configuration-from-the-environment.md). A bad value stops the process with
 * one clear line per problem. Every variable is documented in `.env.example`.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], 'use true or false')
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int().min(1, 'must be a whole number of at least 1');

/** proxy-addr's named ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address, an address/prefix CIDR, or one of {@link PROXY_RANGE_NAMES}. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`). Off by default;
 * a hop count, or a comma-separated list of addresses/CIDRs; never `true`, which would let any
 * client choose its own address (and so escape the per-address login and sign-up limits).
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be off, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); true is not allowed',
    });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` option for {@link Config.trustProxy}. Fastify no longer accepts a hop count
 * (it fails closed), so a count N becomes a function that trusts the N nearest hops, as Express does.
 * A hop count is only safe when the server cannot be reached except through those proxies.
 */
export function fastifyTrustProxy(trustProxy: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}

/** The From of emails when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'ClinicShare <no-reply@clinicshare.example>';

/**
 * Whether `value` is one mailbox (RFC 5322 `name-addr` or `addr-spec`, simplified): an address
 * `local@domain`, alone or in angle brackets after a display name; no line breaks, commas or
 * second address.
 */
function isMailbox(value: string): boolean {
  const address = /^[^\s@<>",;:()\\[\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
  if (/[\r\n]/.test(value)) return false;
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  if (!named) return address.test(value);
  const [, name = '', inner = ''] = named;
  return address.test(inner) && !/[<>]/.test(name) && (name.startsWith('"') ? /^"[^"]*"$/.test(name) : !/[",;:@]/.test(name));
}

/** OpenStreetMap's standard tile layer (https://operations.osmfoundation.org/policies/tiles/). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * Every variable the app reads, each with its description: `docs/configuration.md` is generated
 * from this schema (`npm run docs:config`, held to it by `tests/unit/configuration-doc.test.ts`).
 */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'])
      .default('development')
      .describe(
        '`production` sets Secure cookies and HSTS (serve it behind TLS) and refuses unsafe settings (docs/operations.md, "Deploy to production").',
      ),
    HOST: z
      .string()
      .default('0.0.0.0')
      .describe('Interface to listen on: every one by default (containers, a LAN); `127.0.0.1` serves this machine only.'),
    PORT: z.coerce.number().int().min(0).max(65535, 'must be a port number (0-65535)').default(5000).describe('HTTP port.'),
    PUBLIC_URL: z
      .url('must be a URL like https://clinicshare.example')
      .optional()
      .describe(
        'Public origin of canonical URLs, og:url, robots.txt, the sitemap, email links and Stripe return URLs; default `http://localhost:$PORT`. Never taken from the Host header. Required, and `https://`, in production.',
      ),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the embedded database)')
      .optional()
      .describe('PostgreSQL connection URL; unset: the embedded PGlite database under `DATA_DIR/pglite`.'),
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .describe(
        'PGlite files, uploaded images (`uploads/`) and private files such as certificates of insurance (`private-files/`, never served as they are).',
      ),
    PAYMENTS: z
      .enum(['demo', 'stripe', 'none'], 'must be demo, stripe or none')
      .optional()
      .describe(
        '`demo` (a test-mode card form of our own; no money moves), `stripe` or `none` (the payment screens say payments are not available). Default: `stripe` when both Stripe keys are set, else `demo`. Must be set in production, where `demo` needs `ALLOW_DEMO_IN_PRODUCTION`.',
      ),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional().describe('Stripe secret key, for real payments.'),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .startsWith('pk_', 'must start with pk_')
      .optional()
      .describe('Stripe publishable key, for real payments.'),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'must start with whsec_')
      .optional()
      .describe(
        'Signing secret of the webhook endpoint `/api/stripe/webhook` (a Connect endpoint, for `account.updated`; the events are listed in `.env.example`). Unset: the endpoint answers 503.',
      ),
    STRIPE_API_BASE: z.url().optional().describe('Only for tests against a local Stripe fake, e.g. `http://127.0.0.1:12111`.'),
    SEED_DEMO_DATA: booleanFlag
      .optional()
      .describe(
        'Seed the demo accounts and spaces into an empty database at start. Default true, except in production (where true needs `ALLOW_DEMO_IN_PRODUCTION`).',
      ),
    ALLOW_DEMO_IN_PRODUCTION: booleanFlag
      .default(false)
      .describe(
        'A public demo: allows `PAYMENTS=demo` (or unset) and `SEED_DEMO_DATA=true` in production. `PUBLIC_URL` must still be `https://`.',
      ),
    MAP_TILE_URL: z
      .string()
      .refine(
        (value) => value === 'none' || /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(value),
        'must be an http(s) URL with {z}, {x} and {y}, or none',
      )
      .default(DEFAULT_MAP_TILE_URL)
      .describe(
        "Raster tile URL template; OpenStreetMap's standard tiles by default (mind their usage policy). `none` loads no tiles: maps draw on bundled US state outlines. The Content-Security-Policy allows the tile host.",
      ),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .optional()
      .describe("Attribution shown on the maps (HTML allowed: links only); OpenStreetMap's by default, as its tile usage policy asks."),
    GEOCODER: z
      .enum(['nominatim', 'zip', 'off'], 'must be nominatim, zip or off')
      .optional()
      .describe(
        "How listing addresses are placed: `nominatim` (OpenStreetMap's Nominatim, then the ZIP centroid; default in production), `zip` (the ZIP centroid only; default otherwise) or `off`.",
      ),
    NOMINATIM_URL: z
      .url('must be a URL like https://nominatim.openstreetmap.org')
      .default('https://nominatim.openstreetmap.org')
      .describe('The Nominatim server (at most 1 request a second, as its usage policy asks).'),
    GEOCODER_CONTACT: z.string().optional().describe("Contact (email or URL) in the User-Agent Nominatim's usage policy asks for."),
    S3_BUCKET: z
      .string()
      .optional()
      .describe(
        'Store images in this S3-compatible bucket (docs/decisions/006-maps-and-images.md) instead of `DATA_DIR/uploads`; private files go under its `private/` prefix, which `/uploads/` never serves.',
      ),
    S3_REGION: z.string().default('us-east-1').describe("The bucket's region."),
    S3_ENDPOINT: z
      .url()
      .optional()
      .describe('The S3 endpoint, e.g. `https://<account>.r2.cloudflarestorage.com` or `http://127.0.0.1:9000` (MinIO); unset: AWS.'),
    S3_ACCESS_KEY_ID: z
      .string()
      .optional()
      .describe("The bucket's access key (with `S3_SECRET_ACCESS_KEY`, or neither: the SDK's own credentials)."),
    S3_SECRET_ACCESS_KEY: z.string().optional().describe("The bucket's secret key."),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false).describe('Address the bucket by path (`endpoint/bucket/key`), as MinIO needs.'),
    UPLOAD_QUOTA_MB: z.coerce
      .number()
      .positive('must be a number of megabytes above 0')
      .default(500)
      .describe('Image storage per owner in megabytes (1 MB = 1,048,576 bytes; a fraction is allowed); past it an upload is 413.'),
    NPI_REGISTRY_URL: z
      .url('must be a URL like https://npiregistry.cms.hhs.gov/api/')
      .default('https://npiregistry.cms.hhs.gov/api/')
      .describe(
        'The NPPES NPI Registry API that license numbers which are NPIs are checked against (docs/decisions/021-professional-verification.md); offline, verification stays pending.',
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level.'),
    TRUST_PROXY: trustProxySchema
      .default(false)
      .describe(
        'Proxies whose X-Forwarded-For is believed for the client address (the login and sign-up limits): `off` (default), a hop count (only when the server is reachable through those proxies alone), or a comma-separated list of addresses/CIDRs (`loopback`, `linklocal` and `uniquelocal` name those ranges). `true` is refused: any client could choose its own address.',
      ),
    LOGIN_FAILURES_PER_ACCOUNT: positiveInt
      .default(10)
      .describe('Failed logins per account (email) from one client address per 15 minutes.'),
    LOGIN_FAILURES_ACCOUNT_CEILING: positiveInt
      .default(50)
      .describe(
        'Failed logins per account from all addresses per 15 minutes, past which only an address that has not failed on it yet is heard.',
      ),
    LOGIN_FAILURES_PER_ADDRESS: positiveInt.default(100).describe('Failed logins per client address per 15 minutes.'),
    REGISTRATIONS_PER_ADDRESS: positiveInt.default(10).describe('Sign-ups per client address per hour.'),
    PASSWORD_RESETS_PER_ACCOUNT: positiveInt
      .default(5)
      .describe('Password reset emails asked for one email, and reset attempts on one account, per hour.'),
    PASSWORD_RESETS_PER_ADDRESS: positiveInt
      .default(20)
      .describe('Password reset emails asked for, and reset attempts, per client address per hour.'),
    SESSION_IDLE_DAYS: positiveInt
      .max(30, 'must be at most 30 (the session lifetime)')
      .default(14)
      .describe('Days a session may go unused before it ends (it ends 30 days after login at the latest; ASVS 3.3.2).'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .describe(
        'Redis for live events and rate-limit counters shared by several instances (docs/decisions/004-live-events-through-the-database-or-redis.md). Unset: PostgreSQL LISTEN/NOTIFY and in-process counters. While Redis is down each instance counts in memory and `/api/health` says so.',
      ),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,60}$/, 'use letters, digits and : . _ - (at most 60)')
      .default('clinicshare:')
      .describe('Prefix of our Redis keys and channels, so several apps (or test runs) can share one Redis.'),
    LIVE_HEARTBEAT_SECONDS: z.coerce
      .number()
      .min(0.05)
      .max(3600)
      .default(30)
      .describe('Seconds between WebSocket heartbeats; a socket that misses one is dropped.'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL like smtp://user:pass@host:587')
      .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL like smtp://user:pass@host:587')
      .optional()
      .describe(
        'Outgoing mail server (docs/decisions/022-notifications-and-email.md): `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. Unset: no mail leaves the machine; every email is kept and shown at `/dev/mail`.',
      ),
    MAIL_FROM: z
      .string()
      .trim()
      .refine(isMailbox, 'must be an address like no-reply@clinicshare.example or ClinicShare <no-reply@clinicshare.example>')
      .default(DEFAULT_MAIL_FROM)
      .describe('The From of every email: an address, with an optional display name.'),
    SMTP_TIMEOUT_SECONDS: z.coerce
      .number()
      .min(1, 'must be at least 1 second')
      .max(300, 'must be at most 300 seconds')
      .default(20)
      .describe('Seconds the SMTP server has to connect, greet and answer each command before a send fails (and is retried with backoff).'),
    SMTP_MAX_CONNECTIONS: positiveInt
      .max(100, 'must be at most 100')
      .default(8)
      .describe('SMTP connections kept open and used at once (a pool); sends beyond them wait for a free one.'),
    LINK_TOKEN_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)')
      .optional()
      .describe(
        "Key that seals the emailed links' tokens while they wait in the database (src/server/notifications/link-tokens.ts); unset: a key file in `DATA_DIR`, made on first start. Several instances must share it.",
      ),
    DEV_MAIL_PUBLIC: booleanFlag
      .default(false)
      .describe('`/dev/mail` (outside production) answers every client address, not only the loopback one: it shows live reset links.'),
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1, 'must be a port number (1-65535)')
      .max(65535, 'must be a port number (1-65535)')
      .optional()
      .describe(
        'Serve the Prometheus metrics at `/metrics` on this port of `HOST` (keep it off the public network), and not on `PORT`. With `METRICS_TOKEN` the token is asked there too. Unset, and `METRICS_TOKEN` unset: no metrics are collected and `/metrics` answers 404 (docs/operations.md, "Metrics, probes and request ids").',
      ),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 24)')
      .regex(/^[\x21-\x7e]+$/, 'use printable characters without spaces')
      .optional()
      .describe(
        'Without `METRICS_PORT`: serve the Prometheus metrics at `/metrics` on `PORT` to requests that send `Authorization: Bearer <token>` (401 otherwise).',
      ),
    JOB_WORKERS: booleanFlag
      .default(true)
      .describe(
        'Run the job workers (emails, reminders, expiries, payouts...) in this process. `false`: an instance that only answers HTTP, beside instances that run them (jobs are in the database, so any instance with workers takes them).',
      ),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number()
      .min(0, 'must be 0 to 60 seconds')
      .max(60, 'must be 0 to 60 seconds')
      .default(0)
      .describe(
        'After SIGTERM, how long the server goes on serving (with `/readyz` answering 503) before it stops listening and drains: as long as your load balancer takes to stop sending it requests (its health check interval times its failure count). 0 (default): it stops listening at once (docs/operations.md, "Several instances behind a proxy").',
      ),
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url('must be a URL like http://127.0.0.1:4318')
      .optional()
      .describe(
        'Trace requests, their queries and the jobs they enqueue (OpenTelemetry) and send the spans over OTLP/HTTP (protobuf) to this collector (`/v1/traces` is added). Unset: no tracing, at no cost. The other standard `OTEL_EXPORTER_OTLP_*` variables (headers, timeout) apply (docs/operations.md, "Traces").',
      ),
    OTEL_SERVICE_NAME: z
      .string()
      .min(1)
      .default('clinicshare')
      .describe('The service name the traces carry (with `OTEL_EXPORTER_OTLP_ENDPOINT`).'),
    CALENDAR_IMPORT_SYNC_MINUTES: positiveInt
      .max(1440, 'must be 1 to 1440 minutes')
      .default(15)
      .describe('Minutes between two reads of each calendar imported into a listing (docs/decisions/038-calendar-import.md).'),
    CALENDAR_IMPORT_ALLOW_LOOPBACK: booleanFlag
      .default(false)
      .describe(
        'Tests only, refused in production: imported calendars may be read over `http://` and from 127.0.0.0/8 and ::1 (never from link-local, metadata or other private addresses).',
      ),
    LOCKS: z
      .enum(['demo', 'http'], 'must be demo or http')
      .optional()
      .describe(
        'Where door codes of `door_code` listings come from (src/server/access/): `demo` (codes made here, opening no real lock) or `http` (an access-code API: `LOCK_API_URL`, `LOCK_API_KEY`). Default: `http` when both are set, else `demo`.',
      ),
    LOCK_API_URL: z
      .url('must be a URL like https://locks.example/v1')
      .optional()
      .describe(
        'The access-code API (`POST /access_codes/create`, `POST /access_codes/delete`); each listing is a device whose id is the listing id.',
      ),
    LOCK_API_KEY: z.string().min(1).optional().describe("The access-code API's key, sent as `Authorization: Bearer`."),
  })
  .superRefine((env, ctx) => {
    if (env.LOCKS === 'http' && (!env.LOCK_API_URL || !env.LOCK_API_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['LOCKS'], message: 'http needs LOCK_API_URL and LOCK_API_KEY' });
    }
    if (env.PAYMENTS === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY' });
    }
    if (env.S3_BUCKET && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (or leave it unset to serve /metrics on PORT with METRICS_TOKEN)',
      });
    }
    if (env.NODE_ENV === 'production' && env.CALENDAR_IMPORT_ALLOW_LOOPBACK) {
      ctx.addIssue({
        code: 'custom',
        path: ['CALENDAR_IMPORT_ALLOW_LOOPBACK'],
        message: 'is for tests only: leave it unset in production',
      });
    }
    if (env.NODE_ENV === 'production') productionRefusals(env, ctx);
  });

/**
 * What production refuses to start with (docs/operations.md, "Deploy to production"): demo payments, which
 * take no money, and the demo accounts, whose password is published, unless
 * ALLOW_DEMO_IN_PRODUCTION=true says this is a public demo; and a PUBLIC_URL that is not https
 * (the session cookie is Secure and the pages link to it), demo or not.
 */
function productionRefusals(
  env: { PAYMENTS?: unknown; SEED_DEMO_DATA?: unknown; ALLOW_DEMO_IN_PRODUCTION?: unknown; PUBLIC_URL?: unknown },
  ctx: z.RefinementCtx,
): void {
  const demoAllowed = env.ALLOW_DEMO_IN_PRODUCTION === true;
  if (env.PAYMENTS === undefined && !demoAllowed) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message:
        'must be set in production: stripe (with its keys) or none; demo payments take no money and need ALLOW_DEMO_IN_PRODUCTION=true',
    });
  } else if (env.PAYMENTS === 'demo' && !demoAllowed) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message: 'demo payments take no money: use stripe or none in production, or set ALLOW_DEMO_IN_PRODUCTION=true for a public demo',
    });
  }
  if (env.SEED_DEMO_DATA === true && !demoAllowed) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO_DATA'],
      message:
        'the demo accounts share a published password: leave it unset (false) in production, or set ALLOW_DEMO_IN_PRODUCTION=true for a public demo',
    });
  }
  if (env.PUBLIC_URL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: "must be set in production to the site's https:// address (e.g. https://clinicshare.example)",
    });
  } else if (typeof env.PUBLIC_URL === 'string' && URL.canParse(env.PUBLIC_URL) && new URL(env.PUBLIC_URL).protocol !== 'https:') {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'must be an https:// URL in production (the session cookie is Secure and pages link to it)',
    });
  }
}

/** The application's configuration, after defaults. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Origin (and optional path) of canonical URLs, robots.txt and the sitemap, without a trailing slash. */
  publicUrl: string;
  /** Fastify's `trustProxy`: `false`, a hop count or proxy addresses/CIDRs; never `true`. */
  trustProxy: false | number | string[];
  /** `undefined`: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  payments: 'demo' | 'stripe' | 'none';
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  /** Seed the demo data into an empty database; default true, false in production. */
  seedDemoData: boolean;
  /** Tile URL template, or undefined when tiles are off. */
  mapTileUrl: string | undefined;
  /** Base URL of the NPPES NPI Registry API. */
  npiRegistryUrl: string;
  mapTileAttribution: string;
  /** Geocoding chain (docs/decisions/013-geocoding-on-the-server.md); default nominatim in production, zip otherwise (tests never reach the network). */
  geocoder: { mode: 'nominatim' | 'zip' | 'off'; nominatimUrl: string; contact: string | undefined };
  /** Set when images go to an S3-compatible bucket. */
  s3:
    | { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean }
    | undefined;
  /** Bytes of stored images (display and thumbnail) an owner may have in all (`UPLOAD_QUOTA_MB`). */
  uploadQuotaBytes: number;
  logLevel: string;
  /** Failed logins allowed per account (lower-cased email) from one client address per 15 minutes. */
  loginFailuresPerAccount: number;
  /** Failed logins per account from all addresses per 15 minutes before only fresh addresses are heard. */
  loginFailuresAccountCeiling: number;
  /** Failed logins allowed per client address per 15 minutes. */
  loginFailuresPerAddress: number;
  /** Sign-ups allowed per client address per hour. */
  registrationsPerAddress: number;
  /** Password reset emails per email, and reset attempts per account, per hour. */
  passwordResetsPerAccount: number;
  /** Password reset emails, and reset attempts, per client address per hour. */
  passwordResetsPerAddress: number;
  /** Days a session may go unused before it ends (it ends 30 days after login at the latest). */
  sessionIdleDays: number;
  /** `undefined`: live events through Postgres LISTEN/NOTIFY, rate-limit counters in memory. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  liveHeartbeatMs: number;
  /**
   * `LINK_TOKEN_SECRET`: seals password reset and verification tokens until their email is sent;
   * undefined: a key kept in `DATA_DIR/link-token.key`.
   */
  linkTokenSecret: string | undefined;
  /** Outgoing mail (docs/decisions/022-notifications-and-email.md). */
  mail: {
    /** `undefined`: offline, mail is kept in the outbox (`mail_messages`) and shown at /dev/mail. */
    smtpUrl: string | undefined;
    /** The From header: an address with an optional display name. */
    from: string;
    /** Milliseconds for the SMTP connection, greeting and each command. */
    timeoutMs: number;
    /** SMTP connections of the pool (`SMTP_MAX_CONNECTIONS`, default 8). */
    maxConnections: number;
    /**
     * /dev/mail (never in production) answers requests from any address; false (the default): only
     * from the loopback address, as it shows live password reset links.
     */
    devMailPublic: boolean;
  };
  /**
   * The Prometheus metrics (src/server/observability/metrics.ts): collected only when one of the
   * two is set. `port`: served on that port alone; else `token`: served on the main port to
   * `Authorization: Bearer <token>`.
   */
  metrics: { port: number | undefined; token: string | undefined };
  /** After SIGTERM, how long the server goes on serving before it stops listening (`SHUTDOWN_GRACE_SECONDS`), ms. */
  shutdownGraceMs: number;
  /** Whether this process runs the job workers (`JOB_WORKERS`, default true). */
  jobWorkers: boolean;
  /** OpenTelemetry tracing: on when `endpoint` is set (src/server/observability/tracing.ts). */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** Imported calendars (src/server/calendar-imports/): minutes between reads; loopback and http allowed (tests only). */
  calendarImports: { syncMinutes: number; allowLoopback: boolean };
  /** Door codes (src/server/access/): made here (`demo`), or by an access-code API (`http`). */
  locks: { provider: 'demo' } | { provider: 'http'; apiUrl: string; apiKey: string };
}

/** Thrown by {@link loadConfig} with one line per bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment into a {@link Config}.
 * @throws ConfigError listing every bad variable ("PORT: must be a port number (0-65535)").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const payments = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'demo');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    payments,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    npiRegistryUrl: e.NPI_REGISTRY_URL,
    mapTileUrl: e.MAP_TILE_URL === 'none' ? undefined : e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION,
    geocoder: {
      mode: e.GEOCODER ?? (e.NODE_ENV === 'production' ? 'nominatim' : 'zip'),
      nominatimUrl: e.NOMINATIM_URL.replace(/\/$/, ''),
      contact: e.GEOCODER_CONTACT,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    loginFailuresAccountCeiling: e.LOGIN_FAILURES_ACCOUNT_CEILING,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    registrationsPerAddress: e.REGISTRATIONS_PER_ADDRESS,
    passwordResetsPerAccount: e.PASSWORD_RESETS_PER_ACCOUNT,
    passwordResetsPerAddress: e.PASSWORD_RESETS_PER_ADDRESS,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    liveHeartbeatMs: Math.round(e.LIVE_HEARTBEAT_SECONDS * 1000),
    linkTokenSecret: e.LINK_TOKEN_SECRET,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      timeoutMs: Math.round(e.SMTP_TIMEOUT_SECONDS * 1000),
      maxConnections: e.SMTP_MAX_CONNECTIONS,
      devMailPublic: e.DEV_MAIL_PUBLIC,
    },
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    jobWorkers: e.JOB_WORKERS,
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    calendarImports: { syncMinutes: e.CALENDAR_IMPORT_SYNC_MINUTES, allowLoopback: e.CALENDAR_IMPORT_ALLOW_LOOPBACK },
    locks:
      (e.LOCKS ?? (e.LOCK_API_URL && e.LOCK_API_KEY ? 'http' : 'demo')) === 'http'
        ? { provider: 'http', apiUrl: e.LOCK_API_URL!.replace(/\/+$/, ''), apiKey: e.LOCK_API_KEY! }
        : { provider: 'demo' },
  };
}
