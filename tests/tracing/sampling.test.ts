/**
 * Sampling as requests arrive (src/server/observability/tracing.ts): with a share of 0, a request
 * that no caller asked to trace yields no span at all, neither its HTTP span, its route's nor its
 * queries'; one whose W3C `traceparent` says sampled is traced in its caller's trace, and one whose
 * `traceparent` says not sampled is not.
 *
 * Tracing must start before pg and the app's modules load: this file imports them only after
 * starting it (the tracing project runs each file in a process of its own).
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTracing, stopTracing } from '../../src/server/observability/tracing';
import type { TestApp } from '../helpers/test-app';

const exporter = new InMemorySpanExporter();
let t: TestApp;
let host: string;

beforeAll(async () => {
  expect(await startTracing({ serviceName: 'clinicshare-test', exporter, share: 0 })).toBe(true);
  const { createTestApp } = await import('../helpers/test-app');
  const { listenOnFreePort } = await import('../helpers/live-socket');
  t = await createTestApp({});
  host = await listenOnFreePort(t.app);
});
afterAll(async () => {
  await t?.close();
  await stopTracing();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

it('traces only the requests a caller asked for when the share is 0', async () => {
  const search = (traceparent?: string) =>
    fetch(`http://${host}/api/spaces?location=Boston`, { headers: traceparent ? { traceparent } : {} }).then((r) => r.text());

  await search();
  await search(`00-${TRACE_ID}-00f067aa0ba902b7-00`);
  await search(`00-${TRACE_ID}-00f067aa0ba902b7-01`);
  const deadline = Date.now() + 10_000;
  const servers = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  while (servers().length === 0 && Date.now() < deadline) await sleep(50);
  await sleep(200); // anything of the other two requests would have ended by now

  const spans = exporter.getFinishedSpans();
  expect(servers()).toHaveLength(1);
  expect(spans.map((span) => span.spanContext().traceId).filter((id) => id !== TRACE_ID)).toEqual([]);
  expect(servers()[0]!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  expect(spans.some((span) => span.name === 'request' && span.attributes['http.route'] === '/api/spaces')).toBe(true);
  if (t.kind === 'postgres') expect(spans.some((span) => span.name.startsWith('pg.query'))).toBe(true);
});
