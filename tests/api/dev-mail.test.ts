/**
 * /dev/mail (docs/decisions/022-notifications-and-email.md): without SMTP_URL every
 * email is kept in the outbox and shown there, newest first, each message with its HTML, text,
 * headers and attachments; it does not exist in production, and answers only this machine unless
 * DEV_MAIL_PUBLIC=true.
 */
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailLayout, EmailText } from '../../src/server/mail/layout';
import { createMailer } from '../../src/server/mail/mailer';
import { notify } from '../../src/server/notifications/notify';
import { insertUser } from '../factories/db';
import { createTestApp, type TestApp } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface DevMessage {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  status: string;
  headers: Record<string, string>;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; url: string }[];
}

describe('/dev/mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://clinicshare.test' }, { jobs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  async function messages(): Promise<DevMessage[]> {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mail/messages.json' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { messages: DevMessage[] }).messages;
  }

  it('keeps each notification email and lists it, newest first, with its content and headers', async () => {
    const user = await insertUser(t.db, { firstName: 'Grace', lastName: 'Renter', email: 'grace@example.com' });
    for (const title of ['Your request was accepted', 'Your booking is confirmed']) {
      await t.db.transaction((tx) =>
        notify(tx, { userId: user.id, kind: 'booking_confirmed', title, body: 'See you soon.', link: '/profile' }),
      );
      // Distinct creation times, so "newest first" is observable.
      await sleep(20);
    }
    const deadline = Date.now() + 20_000;
    let list = await messages();
    while (list.filter((message) => message.status === 'kept').length < 2 && Date.now() < deadline) {
      await sleep(100);
      list = await messages();
    }
    expect(list.map((message) => [message.subject, message.status])).toEqual([
      ['Your booking is confirmed', 'kept'],
      ['Your request was accepted', 'kept'],
    ]);
    const [latest] = list;
    expect(latest?.to).toBe('Grace Renter <grace@example.com>');
    expect(latest?.messageId).toMatch(/^<notification-[0-9a-f-]{36}@clinicshare\.test>$/);
    expect(latest?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(latest?.html).toContain('href="https://clinicshare.test/profile"');
    expect(latest?.text).toContain('See you soon.');

    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body.indexOf('Your booking is confirmed')).toBeLessThan(page.body.indexOf('Your request was accepted'));
    expect(page.body).toContain('grace@example.com');
  });

  it('shows one message: headers, text, its HTML in a sandboxed frame, attachments to download; user text escaped', async () => {
    const mailer = createMailer(t.config);
    const element = createElement(EmailLayout, { preview: 'Booked', children: createElement(EmailText, null, 'Room 2, Monday 9:00') });
    const outcome = await mailer.send(t.db, {
      messageId: '<dev-mail-test@clinicshare.test>',
      to: { address: 'lee@example.com', name: 'Dr. <b>Lee</b>' },
      subject: 'Booked <script>alert(1)</script>',
      element,
      attachments: [
        { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    expect(outcome).toBe('kept');
    const message = (await messages()).find((candidate) => candidate.messageId === '<dev-mail-test@clinicshare.test>');
    expect(message).toBeDefined();

    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${message!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('Booked &#60;script&#62;');
    expect(page.body).toContain('Room 2, Monday 9:00');
    expect(page.body).toContain(
      `<iframe title="The email as HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/dev/mail/${message!.id}/html">`,
    );
    expect(page.headers['content-security-policy']).toContain("frame-src 'self'");

    const html = await t.app.inject({ method: 'GET', url: `/dev/mail/${message!.id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Room 2, Monday 9:00');
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(html.headers['x-frame-options']).toBeUndefined();

    const attachment = await t.app.inject({ method: 'GET', url: message!.attachments[0]!.url });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-type']).toContain('text/calendar');
    expect(attachment.headers['content-disposition']).toContain('attachment; filename="booking.ics"');
    expect(attachment.body).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');

    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/not-an-id' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/dev/mail/${message!.id}/attachments/5` })).statusCode).toBe(404);
  });
});

describe('/dev/mail from another machine', () => {
  const OUTBOX_URLS = ['/dev/mail', '/dev/mail/messages.json', '/dev/mail/00000000-0000-4000-8000-000000000000/html'];
  let t: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    // A local proxy whose forwarded address is believed: the client behind it is not this machine.
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    open = await createTestApp({ DEV_MAIL_PUBLIC: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  it('answers only the loopback address: another address, or one forwarded by a local proxy, gets 404', async () => {
    for (const url of OUTBOX_URLS) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::ffff:192.168.1.20' })).statusCode, url).toBe(404);
      const forwarded = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forwarded.statusCode, url).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail/messages.json', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('answers every address with DEV_MAIL_PUBLIC=true', async () => {
    expect(open.config.mail.devMailPublic).toBe(true);
    const response = await open.app.inject({ method: 'GET', url: '/dev/mail/messages.json', remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(200);
    expect((await open.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });
});

describe('/dev/mail in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist', async () => {
    for (const url of ['/dev/mail', '/dev/mail/messages.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
