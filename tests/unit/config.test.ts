import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration', () => {
  it('has working defaults: port 5000, embedded database, demo payments, seeding on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, databaseUrl: undefined, payments: 'demo', seedDemoData: true });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('switches to Stripe when both keys are set', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).payments).toBe('stripe');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', PAYMENTS: 'none' }).payments).toBe('none');
  });

  it('names every bad variable in one clear message', () => {
    try {
      loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x', PAYMENTS: 'paypal', SEED_DEMO_DATA: 'maybe' });
      expect.fail('loadConfig should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('PAYMENTS: must be demo, stripe or none');
      expect(message).toContain('SEED_DEMO_DATA');
    }
  });

  it('refuses stripe payments without keys', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('live messaging configuration', () => {
  it('takes REDIS_URL, a key prefix and the heartbeat in seconds', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'clinicshare:', liveHeartbeatMs: 30_000 });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'cs:', LIVE_HEARTBEAT_SECONDS: '0.5' })).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'cs:',
      liveHeartbeatMs: 500,
    });
  });

  it('refuses a REDIS_URL that is not redis://', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});
