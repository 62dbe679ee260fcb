/**
 * Traces (src/server/observability/tracing.ts), to an in-memory exporter: one booking request over
 * HTTP yields one trace holding its HTTP span, its route's span (named by the pattern), its
 * PostgreSQL queries (on PostgreSQL; PGlite has no driver to instrument) and the run of the job it
 * enqueued, with that run's own queries; its log lines carry the trace's id.
 *
 * Tracing must start before pg and the app's modules load: this file imports them only after
 * starting it (the tracing project runs each file in a process of its own).
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTracing, stopTracing } from '../../src/server/observability/tracing';
import type { TestApp } from '../helpers/test-app';

const exporter = new InMemorySpanExporter();
const log = new PassThrough();
const logChunks: string[] = [];
log.on('data', (chunk: Buffer) => logChunks.push(chunk.toString('utf8')));
let t: TestApp;
let host: string;
let helpers: {
  testApp: typeof import('../helpers/test-app');
  factories: typeof import('../factories/db');
  flow: typeof import('../helpers/booking-flow');
  dates: typeof import('../helpers/dates');
  live: typeof import('../helpers/live-socket');
};

beforeAll(async () => {
  expect(await startTracing({ serviceName: 'clinicshare-test', exporter })).toBe(true);
  helpers = {
    testApp: await import('../helpers/test-app'),
    factories: await import('../factories/db'),
    flow: await import('../helpers/booking-flow'),
    dates: await import('../helpers/dates'),
    live: await import('../helpers/live-socket'),
  };
  t = await helpers.testApp.createTestApp({}, { jobs: true, logTo: log });
  host = await helpers.live.listenOnFreePort(t.app);
});
afterAll(async () => {
  await t?.close();
  await stopTracing();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('traces a booking request: its route, its queries and the job it enqueued, with the trace id in its log lines', async () => {
  const { insertSpace, insertUser } = helpers.factories;
  const owner = await insertUser(t.db);
  const space = await insertSpace(t.db, owner.id);
  const renter = await helpers.testApp.signedInUser(t);
  const dates = { startDate: helpers.dates.futureDate(30), endDate: helpers.dates.futureDate(32) };
  const paid = await helpers.flow.paidIntent(t, renter.cookie, space.id, dates);
  exporter.reset();

  const response = await fetch(`http://${host}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: renter.cookie, origin: t.config.publicUrl },
    body: JSON.stringify(paid.booking),
  });
  expect(response.status, await response.clone().text()).toBe(201);

  const spans = () => exporter.getFinishedSpans();
  const server = () => spans().find((span) => span.kind === SpanKind.SERVER && span.attributes['http.route'] === '/api/bookings');
  const deadline = Date.now() + 20_000;
  const jobOf = (traceId: string) => spans().find((span) => span.name === 'job booking-step' && span.spanContext().traceId === traceId);
  while (Date.now() < deadline && !(server() && jobOf(server()!.spanContext().traceId))) await sleep(100);
  // A span reaches the exporter when it ends: a query of a job still running (one the booking's job
  // enqueued in turn) would be there without its parent. Wait until each span's parent has ended too.
  const complete = () => {
    const traced = spans().filter((span) => span.spanContext().traceId === server()?.spanContext().traceId);
    const ids = new Set(traced.map((span) => span.spanContext().spanId));
    return traced.every((span) => span === server() || ids.has(span.parentSpanContext?.spanId ?? ''));
  };
  while (Date.now() < deadline && !complete()) await sleep(100);

  const http = server();
  expect(
    http,
    spans()
      .map((span) => span.name)
      .join(', '),
  ).toBeDefined();
  const traceId = http!.spanContext().traceId;
  const inTrace = spans().filter((span) => span.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const descendsFrom = (span: ReadableSpan, ancestor: ReadableSpan): boolean => {
    for (let current: ReadableSpan | undefined = span; current;) {
      if (current.spanContext().spanId === ancestor.spanContext().spanId) return true;
      const parent = parentOf(current);
      current = inTrace.find((candidate) => candidate.spanContext().spanId === parent);
    }
    return false;
  };

  // The route's span, named by its pattern, under the HTTP span.
  const route = inTrace.find((span) => span.name === 'request' && span.attributes['http.route'] === '/api/bookings');
  expect(route, inTrace.map((span) => span.name).join(', ')).toBeDefined();
  expect(descendsFrom(route!, http!)).toBe(true);

  // The job it enqueued ran in the same trace, under the request.
  const job = jobOf(traceId);
  expect(job, inTrace.map((span) => span.name).join(', ')).toBeDefined();
  expect(job!.kind).toBe(SpanKind.CONSUMER);
  expect(descendsFrom(job!, http!)).toBe(true);
  expect(job!.attributes['messaging.destination.name']).toBe('booking-step');

  if (t.kind === 'postgres') {
    const queries = inTrace.filter((span) => span.kind === SpanKind.CLIENT && span.name.startsWith('pg.query'));
    const requestQueries = queries.filter((span) => !descendsFrom(span, job!));
    const jobQueries = queries.filter((span) => descendsFrom(span, job!));
    expect(requestQueries.length, inTrace.map((span) => span.name).join(', ')).toBeGreaterThan(0);
    const strays = requestQueries.filter((span) => !descendsFrom(span, http!));
    expect(strays.map((span) => `${span.name} under ${parentOf(span)}`)).toEqual([]);
    expect(jobQueries.length).toBeGreaterThan(0);
  }

  // A link's token stays out of the spans, as out of the log.
  exporter.reset();
  const token = 'not-a-real-token.signature-kept-out-of-traces';
  await fetch(`http://${host}/api/notifications/unsubscribe?token=${token}`);
  await fetch(`http://${host}/calendar/${token}.ics`);
  while (spans().filter((span) => span.kind === SpanKind.SERVER).length < 2 && Date.now() < deadline + 10_000) await sleep(50);
  expect(spans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(2);
  expect(JSON.stringify(spans().map((span) => span.attributes))).not.toContain('signature-kept-out');

  // The request's log lines carry its trace id, from "incoming request" to "request completed".
  const all = logChunks.join('').split('\n');
  const incoming = all.find((line) => line.includes('"url":"/api/bookings"') && line.includes('incoming request'));
  expect(incoming).toBeDefined();
  const reqId = (JSON.parse(incoming!) as { reqId: string }).reqId;
  const lines = all.filter((line) => line.includes(`"reqId":"${reqId}"`));
  expect(lines.some((line) => line.includes('request completed'))).toBe(true);
  expect(lines.every((line) => line.includes(`"traceId":"${traceId}"`))).toBe(true);
});

it('runs the handler of a request whose body arrives after a pause within the request span', async () => {
  // The body's bytes come in a later packet: the socket's events run outside the request's context.
  const body = JSON.stringify({ email: 'nobody-paused@example.com', password: 'not the password' });
  exporter.reset();
  const status = await new Promise<number>((resolve, reject) => {
    const [host_, port] = host.split(':');
    const req = httpRequest(
      {
        host: host_,
        port: Number(port),
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: t.config.publicUrl },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    setTimeout(() => req.end(body), 150);
  });
  expect(status).toBe(401);
  const deadline = Date.now() + 10_000;
  const server = () =>
    exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER && span.attributes['http.route'] === '/api/login');
  while (!server() && Date.now() < deadline) await sleep(50);
  expect(server()).toBeDefined();
  if (t.kind === 'postgres') {
    // The login's queries (its user looked up) are in the request's trace: jobs of the test before may add others.
    const traceId = server()!.spanContext().traceId;
    const queries = exporter
      .getFinishedSpans()
      .filter((span) => span.name.startsWith('pg.query') && span.spanContext().traceId === traceId);
    expect(queries.length).toBeGreaterThan(0);
  }
});

it('patches pg and ioredis as Node loads them for the server (ES modules through the loader hook)', () => {
  // Vitest loads packages its own way: the server's way is Node's, checked in a process of its own.
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/instrumented-modules.ts')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual({ pg: true, ioredis: true, http: true });
});
