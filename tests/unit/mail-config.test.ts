/** SMTP_URL, MAIL_FROM, SMTP_TIMEOUT_SECONDS, SMTP_MAX_CONNECTIONS and DEV_MAIL_PUBLIC (docs/decisions/022-notifications-and-email.md): parsed at boot, bad values refused. */
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from '../../src/server/config';

describe('mail configuration', () => {
  it('is offline by default, from the default address, with a 20-second timeout', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: DEFAULT_MAIL_FROM,
      timeoutMs: 20_000,
      maxConnections: 8,
      devMailPublic: false,
    });
    expect(DEFAULT_MAIL_FROM).toBe('ClinicShare <no-reply@clinicshare.example>');
  });

  it('takes smtp:// and smtps:// URLs, an address with or without a display name, and a timeout in seconds', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'no-reply@example.com',
      SMTP_TIMEOUT_SECONDS: '5',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'no-reply@example.com',
      timeoutMs: 5000,
      maxConnections: 8,
      devMailPublic: false,
    });
    expect(loadConfig({ DEV_MAIL_PUBLIC: 'true' }).mail.devMailPublic).toBe(true);
    expect(loadConfig({ SMTP_MAX_CONNECTIONS: '3' }).mail.maxConnections).toBe(3);
    expect(loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' }).mail.smtpUrl).toBe('smtp://smtp.example.com:587');
    expect(loadConfig({ MAIL_FROM: '"Clinic, Share" <hello@example.com>' }).mail.from).toBe('"Clinic, Share" <hello@example.com>');
  });

  it.each([
    ['SMTP_URL', 'http://smtp.example.com'],
    ['SMTP_URL', 'smtp.example.com:587'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'a@example.com, b@example.com'],
    ['MAIL_FROM', 'Name <a@example.com>\r\nBcc: b@example.com'],
    ['MAIL_FROM', 'Clinic, Share <a@example.com>'],
    ['SMTP_TIMEOUT_SECONDS', '0'],
    ['DEV_MAIL_PUBLIC', 'everyone'],
    ['SMTP_MAX_CONNECTIONS', '0'],
  ])('refuses %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
