import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** A production environment that starts: real payments, an https address. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  PUBLIC_URL: 'https://clinicshare.example',
};

/** The ConfigError message loadConfig throws for `env`. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return expect.fail('loadConfig should throw');
}

describe('configuration', () => {
  it('has working defaults: port 5000, embedded database, demo payments, seeding on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, databaseUrl: undefined, payments: 'demo', seedDemoData: true });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('runs the job workers unless JOB_WORKERS=false (an instance that only answers HTTP)', () => {
    expect(loadConfig({}).jobWorkers).toBe(true);
    expect(loadConfig({ JOB_WORKERS: 'false' }).jobWorkers).toBe(false);
    expect(loadConfig({ JOB_WORKERS: 'true' }).jobWorkers).toBe(true);
    expect(() => loadConfig({ JOB_WORKERS: 'sometimes' })).toThrow(/JOB_WORKERS/);
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

  it('takes the public URL from PUBLIC_URL, or http://localhost:PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://clinicshare.example/' }).publicUrl).toBe('https://clinicshare.example');
  });

  it('has the abuse limits of issue 5 by default and takes others from the environment', () => {
    expect(loadConfig({})).toMatchObject({
      loginFailuresPerAccount: 10,
      loginFailuresAccountCeiling: 50,
      loginFailuresPerAddress: 100,
      registrationsPerAddress: 10,
    });
    expect(
      loadConfig({
        LOGIN_FAILURES_PER_ACCOUNT: '5',
        LOGIN_FAILURES_ACCOUNT_CEILING: '20',
        LOGIN_FAILURES_PER_ADDRESS: '50',
        REGISTRATIONS_PER_ADDRESS: '3',
      }),
    ).toMatchObject({
      loginFailuresPerAccount: 5,
      loginFailuresAccountCeiling: 20,
      loginFailuresPerAddress: 50,
      registrationsPerAddress: 3,
    });
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
    expect(() => loadConfig({ LOGIN_FAILURES_ACCOUNT_CEILING: '0' })).toThrow(/LOGIN_FAILURES_ACCOUNT_CEILING/);
  });

  it('trusts no proxy by default, never all of them, and takes a hop count or an address list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
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

  it('has no metrics by default; takes a metrics port apart from PORT, and a token of 16 characters or more', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({ port: 9464, token: 'a'.repeat(16) });
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN: use printable characters/);
  });
});

describe('safe production defaults', () => {
  it('starts in production with stripe (or no payments) and an https PUBLIC_URL, without demo data', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      env: 'production',
      payments: 'stripe',
      seedDemoData: false,
      publicUrl: 'https://clinicshare.example',
    });
    expect(loadConfig({ ...PRODUCTION, PAYMENTS: 'none' })).toMatchObject({ payments: 'none', seedDemoData: false });
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    // Outside production the defaults stay: demo payments, demo data seeded.
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ payments: 'demo', seedDemoData: true });
  });

  it('refuses unset PAYMENTS, even with the Stripe keys (one line naming it)', () => {
    const message = refusal({ ...PRODUCTION, PAYMENTS: undefined });
    expect(message).toMatch(/^ {2}PAYMENTS: must be set in production: stripe .*ALLOW_DEMO_IN_PRODUCTION=true$/m);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('refuses PAYMENTS=demo', () => {
    expect(refusal({ ...PRODUCTION, PAYMENTS: 'demo' })).toMatch(
      /^ {2}PAYMENTS: demo payments take no money: .*ALLOW_DEMO_IN_PRODUCTION=true for a public demo$/m,
    );
  });

  it('refuses SEED_DEMO_DATA=true', () => {
    expect(refusal({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })).toMatch(
      /^ {2}SEED_DEMO_DATA: the demo accounts share a published password: .*ALLOW_DEMO_IN_PRODUCTION=true/m,
    );
  });

  it('refuses a PUBLIC_URL that is unset or not https://', () => {
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: undefined })).toMatch(
      /^ {2}PUBLIC_URL: must be set in production to the site's https:\/\/ address/m,
    );
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://clinicshare.example' })).toMatch(
      /^ {2}PUBLIC_URL: must be an https:\/\/ URL in production/m,
    );
    // A malformed URL is named once, by the URL check.
    const malformed = refusal({ ...PRODUCTION, PUBLIC_URL: 'clinicshare.example' });
    expect(malformed.match(/PUBLIC_URL/g)).toHaveLength(1);
  });

  it('names every refused variable at once, one line each, with the other bad values', () => {
    const message = refusal({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', PORT: '99999' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(':')[0])
        .sort(),
    ).toEqual(['PAYMENTS', 'PORT', 'PUBLIC_URL', 'SEED_DEMO_DATA']);
  });

  it('allows demo payments and demo data with ALLOW_DEMO_IN_PRODUCTION=true, still over https', () => {
    const demo = { NODE_ENV: 'production', ALLOW_DEMO_IN_PRODUCTION: 'true', PUBLIC_URL: 'https://demo.clinicshare.example' };
    expect(loadConfig({ ...demo, PAYMENTS: 'demo', SEED_DEMO_DATA: 'true' })).toMatchObject({ payments: 'demo', seedDemoData: true });
    expect(loadConfig(demo)).toMatchObject({ payments: 'demo', seedDemoData: false });
    expect(refusal({ ...demo, PUBLIC_URL: 'http://demo.clinicshare.example', PAYMENTS: 'demo' })).toMatch(
      /^ {2}PUBLIC_URL: must be an https:\/\/ URL/m,
    );
    expect(() => loadConfig({ ...demo, ALLOW_DEMO_IN_PRODUCTION: 'perhaps' })).toThrow(/ALLOW_DEMO_IN_PRODUCTION: use true or false/);
  });
});
