/**
 * The account and security email templates (src/server/notifications/emails/account-emails.tsx),
 * rendered as the mailer renders them (react-email, HTML and plain text): each carries its link
 * built from PUBLIC_URL with the notification's token, and says what to do if it was not asked for.
 */
import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/shared/schemas/notifications';
import type { EmailTemplateContext } from '../../src/server/notifications/email-templates';
import { emailTemplateFor } from '../../src/server/notifications/emails';
import { accountEmailTemplates } from '../../src/server/notifications/emails/account-emails';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

/** The reader of the emails: a dermatologist unless a test says otherwise. */
const DERMATOLOGIST = { firstName: 'Ines', lastName: 'Moreau', email: 'ines@example.test', specialty: 'Dermatology' };

function context(kind: NotificationKind, data: Record<string, unknown>, recipient = DERMATOLOGIST): EmailTemplateContext {
  return {
    notification: {
      id: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      kind,
      title: 'title',
      body: 'body',
      link: null,
      data,
      inApp: false,
      dedupeKey: null,
      readAt: null,
      createdAt: new Date(),
    },
    recipient,
    url: (path) => `https://clinicshare.test${path}`,
    unsubscribeUrl: null,
  };
}

async function rendered(kind: NotificationKind, data: Record<string, unknown>, recipient = DERMATOLOGIST) {
  const template = accountEmailTemplates[kind];
  expect(template, `a template for ${kind}`).toBeDefined();
  const { subject, element } = template!(context(kind, data, recipient));
  return { subject, html: await render(element), text: await render(element, { plainText: true }) };
}

describe('account emails', () => {
  it('are the templates the mailer uses for their kinds', () => {
    for (const kind of ['welcome', 'verify_email', 'password_reset', 'password_changed'] as const) {
      const given = context(kind, { token: TOKEN });
      expect(emailTemplateFor(kind)(given).subject).toBe(accountEmailTemplates[kind]!(given).subject);
    }
  });

  it('welcome carries the verification button to /verify-email with the token', async () => {
    const { subject, html, text } = await rendered('welcome', { token: TOKEN });
    expect(subject).toMatch(/Welcome to ClinicShare/);
    expect(html).toContain(`href="https://clinicshare.test/verify-email?token=${TOKEN}"`);
    expect(html).toContain('Verify my email');
    expect(text).toContain(`https://clinicshare.test/verify-email?token=${TOKEN}`);
    expect(text).toContain('Hello Dr. Moreau,');
  });

  it('greets a reader whose profession takes no "Dr." by first name, with no title', async () => {
    const therapist = { firstName: 'Elena', lastName: 'Rodriguez', email: 'elena@example.test', specialty: 'Physical Therapy' };
    for (const kind of ['welcome', 'verify_email', 'password_reset'] as const) {
      const { html, text } = await rendered(kind, { token: TOKEN }, therapist);
      expect(text, kind).toContain('Hello Elena,');
      expect(text, kind).not.toContain('Dr.');
      expect(html, kind).not.toContain('Dr.');
    }
  });

  it('verify_email carries a fresh link', async () => {
    const { subject, html } = await rendered('verify_email', { token: TOKEN });
    expect(subject).toBe('Verify your email for ClinicShare');
    expect(html).toContain(`https://clinicshare.test/verify-email?token=${TOKEN}`);
  });

  it('password_reset carries the reset link, says it is good for 1 hour, and to ignore it if not asked for', async () => {
    const { subject, html, text } = await rendered('password_reset', { token: TOKEN });
    expect(subject).toBe('Reset your ClinicShare password');
    expect(html).toContain(`href="https://clinicshare.test/reset-password?token=${TOKEN}"`);
    expect(text).toMatch(/good for 1 hour/);
    expect(text).toMatch(/If you did not ask for this, you can ignore this email/);
    // No tracking pixels: no images at all.
    expect(html).not.toMatch(/<img/i);
  });

  it('password_changed says when and how, and how to reset it if it was not you', async () => {
    const { subject, text } = await rendered('password_changed', { how: 'reset', changedAt: '2026-03-04T15:06:00.000Z' });
    expect(subject).toBe('Your ClinicShare password was changed');
    expect(text).toMatch(/March 4, 2026/);
    expect(text).toMatch(/password reset link/);
    expect(text).toMatch(/If this was not you, reset your password now/);
    expect(text).toMatch(/Forgot password\?/);
    const changed = await rendered('password_changed', { how: 'change', changedAt: '2026-03-04T15:06:00.000Z' });
    expect(changed.text).toMatch(/from your profile/);
  });
});
