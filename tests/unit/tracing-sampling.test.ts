/**
 * The sampling rules of src/server/observability/tracing.ts: the share the standard variables ask
 * for, and the decision for an incoming request (its `traceparent`, else chance).
 */
import { describe, expect, it } from 'vitest';
import { requestSampled, samplerShare } from '../../src/server/observability/tracing';

describe('samplerShare', () => {
  it('reads OTEL_TRACES_SAMPLER and its argument as the SDK does', () => {
    expect(samplerShare({})).toBe(1);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(0.1);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(0.25);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'traceidratio' })).toBe(1);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' })).toBe(1);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'always_off' })).toBe(0);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' })).toBe(0);
    expect(samplerShare({ OTEL_TRACES_SAMPLER: 'always_on', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(1);
  });
});

describe('requestSampled', () => {
  const id = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7';
  it("follows a traceparent's sampled flag whatever the share", () => {
    expect(requestSampled({ traceparent: `${id}-01` }, 0)).toBe(true);
    expect(requestSampled({ traceparent: `${id}-03` }, 0)).toBe(true);
    expect(requestSampled({ traceparent: `${id}-00` }, 1)).toBe(false);
  });

  it('draws at the share without one, or with one that does not parse', () => {
    expect(requestSampled({}, 0.1, () => 0.05)).toBe(true);
    expect(requestSampled({}, 0.1, () => 0.1)).toBe(false);
    expect(requestSampled({ traceparent: 'nonsense' }, 1, () => 0.99)).toBe(true);
    expect(requestSampled({ traceparent: 'nonsense' }, 0, () => 0)).toBe(false);
  });
});
