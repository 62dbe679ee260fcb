/**
 * The Stripe client's network settings: an explicit timeout and retry count
 * (the SDK's default timeout is 80 s), and graceful shutdown waiting long
 * enough for one call with its retries.
 */
import { describe, expect, it } from 'vitest';
import {
  createStripeClient,
  STRIPE_CALL_LIMIT_MS,
  STRIPE_MAX_NETWORK_RETRIES,
  STRIPE_TIMEOUT_MS,
} from '../../src/server/payments/stripe-provider';

/** The SDK keeps its settings in `_api`, read through `getApiField` (not in its public types). */
const apiField = (client: unknown, field: string) => (client as { getApiField(key: string): unknown }).getApiField(field);

describe('createStripeClient', () => {
  it.each([
    ['against Stripe', undefined],
    ['against a local fake', 'http://127.0.0.1:12111'],
  ])('%s: gives up on an attempt after 20 s and retries twice', (_label, apiBase) => {
    const client = createStripeClient('sk_test_x', apiBase);
    expect(apiField(client, 'timeout')).toBe(20_000);
    expect(client.getMaxNetworkRetries()).toBe(2);
    expect([STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES]).toEqual([20_000, 2]);
  });

  it('one call with its retries is bounded: three attempts and the waits between them, about a minute', () => {
    expect(STRIPE_CALL_LIMIT_MS).toBeGreaterThanOrEqual(3 * 20_000);
    expect(STRIPE_CALL_LIMIT_MS).toBeLessThan(65_000);
  });
});
