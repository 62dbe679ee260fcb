/**
 * Seeing the app run (src/server/observability): the Prometheus metrics, never public by default
 * (404 without METRICS_PORT or METRICS_TOKEN, 401 without the token, on their own port with
 * METRICS_PORT) and labelled by route pattern, never by URL; the liveness and readiness probes
 * (503 once shutdown begins, with the database gone or a migration missing); and request ids,
 * echoed in X-Request-Id and in every error body.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { enqueue, prepareDatabase } from '../../src/server/jobs/queue';
import { messageEmailJob, reconcileBookingsJob } from '../../src/server/jobs/catalog';
import { insertSpace, insertUser } from '../factories/db';
import { freePort } from '../helpers/app-process';
import { listenOnFreePort, openLiveSocket } from '../helpers/live-socket';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of the series `series` (name and labels, as written) in exposition `text`, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** An app as configured by default (no metrics), for the tests of the metrics off, request ids and probes. */
let plain: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
});
afterAll(async () => {
  await plain.close();
});

describe('metrics off (neither METRICS_PORT nor METRICS_TOKEN)', () => {
  it('answers 404 at /metrics, as an unknown path does, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', requestId: response.headers['x-request-id'] });
    }
  });
});

describe('metrics behind METRICS_TOKEN on the main port', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a request without the token, or with another, with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ message: expect.stringContaining('token'), requestId: expect.any(String) });
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts and times requests by route pattern and status class, never by URL', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/spaces/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route/abc123' })).statusCode).toBe(404);

    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/spaces/:id",status_class="2xx"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/spaces/:id",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/spaces/:id"}')).toBe(3);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/spaces/:id"}');
    expect(text).not.toContain(space.id);
    expect(text).not.toContain('no-such-route');
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
  });

  it('reports each job queue’s waiting jobs, read from the queue at each scrape', async () => {
    const before = await scrape();
    expect(sample(before, 'job_queue_ready{queue="send-account-email"}')).toBe(0);
    const ready = sample(before, 'job_queue_ready{queue="reconcile-bookings"}') ?? NaN;
    const scheduled = sample(before, 'job_queue_scheduled{queue="reconcile-bookings"}') ?? NaN;
    expect(ready).toBeGreaterThanOrEqual(0);

    await enqueue(t.db, reconcileBookingsJob, {}, { startAfter: new Date(Date.now() - 60_000) });
    await enqueue(t.db, reconcileBookingsJob, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const after = await scrape();
    expect(sample(after, 'job_queue_ready{queue="reconcile-bookings"}')).toBe(ready + 1);
    expect(sample(after, 'job_queue_scheduled{queue="reconcile-bookings"}')).toBe(scheduled + 1);
    expect(sample(after, 'job_queue_oldest_ready_age_seconds{queue="reconcile-bookings"}')).toBeGreaterThanOrEqual(59);
    expect(sample(after, 'job_queue_oldest_ready_age_seconds{queue="send-account-email"}')).toBe(0);
  });

  it('reports the mail backlog: emails due and not yet sent, across the email queues', async () => {
    const backlog = sample(await scrape(), 'mail_backlog') ?? NaN;
    expect(backlog).toBeGreaterThanOrEqual(0);
    const user = await insertUser(t.db);
    // No workers run in this app: the reset email waits in its queue.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } })).statusCode).toBe(202);
    await enqueue(t.db, messageEmailJob, { conversationId: 'c', recipientId: user.id }, { startAfter: new Date(Date.now() + 900_000) });
    await enqueue(t.db, reconcileBookingsJob, {}, { startAfter: new Date(Date.now() - 1_000) });
    const after = await scrape();
    expect(sample(after, 'mail_backlog')).toBe(backlog + 1);
    expect(after).toMatch(/^# TYPE mail_backlog gauge$/m);
  });

  it('has the database pool on PostgreSQL, live sockets, and Node’s own metrics', async () => {
    const text = await scrape();
    expect(sample(text, 'live_socket_connections')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    if (t.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
      expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
    } else {
      // PGlite is one in-process connection: no pool to report.
      expect(text).not.toContain('db_pool_connections');
    }
  });
});

describe('metrics with the job workers running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, LIVE_HEARTBEAT_SECONDS: '60' }, { jobs: true });
  });
  afterAll(async () => {
    await t.close();
  });
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('counts emails handed to the mailer and job runs by outcome, and open live sockets', async () => {
    const user = await insertUser(t.db);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(forgot.statusCode).toBe(202);
    const deadline = Date.now() + 20_000;
    let text = await scrape();
    while (sample(text, 'mail_sends_total{outcome="kept"}') === undefined && Date.now() < deadline) {
      await sleep(100);
      text = await scrape();
    }
    // Without SMTP_URL every email is kept in the outbox (/dev/mail).
    expect(sample(text, 'mail_sends_total{outcome="kept"}')).toBe(1);
    expect(sample(text, 'job_runs_total{queue="send-account-email",outcome="completed"}')).toBe(1);

    const signed = await signedInUser(t);
    const host = await listenOnFreePort(t.app);
    const socket = await openLiveSocket(host, { cookie: signed.cookie, origin: t.config.publicUrl });
    try {
      expect(sample(await scrape(), 'live_socket_connections')).toBe(1);
    } finally {
      socket.ws.terminate();
      await socket.closed;
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves them on that port alone, without a token, and 404 at /metrics on the main port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/config",status_class="2xx"}')).toBe(1);
    expect(text).toMatch(/^job_queue_ready\{queue="send-notification-email"\} \d+$/m);

    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('stops serving when the app closes', async () => {
    const other = await freePort();
    const app = await createTestApp({ METRICS_PORT: String(other), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' });
    // With both set, the port asks for the token too.
    expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${other}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await app.close();
    await expect(fetch(`http://127.0.0.1:${other}/metrics`)).rejects.toThrow();
  });
});

describe('request ids', () => {
  it('makes one for each request and echoes it in X-Request-Id', async () => {
    const first = await plain.app.inject({ method: 'GET', url: '/api/config' });
    const second = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('keeps a valid incoming X-Request-Id and replaces one that is not', async () => {
    for (const id of ['edge-7f3a.42', 'Root=1-67891233-abcdef012345678912345678', 'a'.repeat(128)]) {
      const response = await plain.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toBe(id);
    }
    for (const id of ['', 'has spaces in it', 'a'.repeat(129), '<script>', 'line\u0085break', 'ünïcode']) {
      const response = await plain.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'], id).toMatch(UUID);
    }
  });

  it('puts it in every error body, the message unchanged', async () => {
    const notFound = await plain.app.inject({
      method: 'GET',
      url: '/api/spaces/00000000-0000-4000-8000-000000000000',
      headers: { 'x-request-id': 'support-case-1234' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: expect.any(String), requestId: 'support-case-1234' });

    const invalid = await plain.app.inject({ method: 'GET', url: '/api/spaces?limit=not-a-number' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: expect.stringMatching(/^Invalid /), requestId: invalid.headers['x-request-id'] });

    const signedOut = await plain.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please log in to continue.', requestId: signedOut.headers['x-request-id'] });

    const badJson = await plain.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ requestId: badJson.headers['x-request-id'] });
  });
});

describe('health probes', () => {
  it('/livez and /readyz answer 200; /api/health is unchanged', async () => {
    const live = await plain.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await plain.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('/readyz names a missing migration, then the database once it is closed', async () => {
    // An app of its own on a database of its own, without LISTEN (which would need the database to close).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-probes-'));
    const template = inject('pgliteTemplate');
    const handle = await openDatabase(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    await prepareDatabase(handle);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENTS: 'demo' }), db: handle.db });
    let databaseOpen = true;
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const behind = await app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'not ready', message: 'Not ready: migrations.', failed: ['migrations'] });

      await handle.close();
      databaseOpen = false;
      const closed = await app.inject({ method: 'GET', url: '/readyz' });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ status: 'not ready', message: 'Not ready: database.', failed: ['database'] });
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (databaseOpen) await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // The last test of the default app: it stays shutting down.
  it('/readyz answers 503 once shutdown begins, while /livez still answers 200', async () => {
    plain.app.beginShutdown();
    const ready = await plain.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', message: 'Not ready: shutting down.', failed: ['shutting down'] });
    expect((await plain.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });
});
