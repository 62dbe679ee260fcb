/**
 * The mailer (docs/decisions/022-notifications-and-email.md): renders an email with react-email,
 * keeps it in the outbox (`mail_messages`, one row per Message-ID), then sends it over SMTP with
 * nodemailer, or, without `SMTP_URL`, keeps it there for /dev/mail.
 *
 * Header safety: the subject, the recipient's display name and extra header values lose their
 * line breaks and control characters before nodemailer sees them, and nodemailer quotes and
 * encodes them (RFC 2047), so user input never starts a header of its own.
 */
import { render } from '@react-email/render';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailMessages } from '../db/schema';
import type { EmailAttachment, OutgoingEmail } from './outgoing';

/** What became of an email: sent over SMTP, or kept in the outbox (offline). */
export type MailOutcome = 'sent' | 'kept';

/** Sends emails (see {@link createMailer}). */
export interface Mailer {
  /** `smtp` with SMTP_URL, `offline` without (mail kept in the outbox). */
  readonly mode: 'smtp' | 'offline';
  /**
   * Renders `email`, keeps it in the outbox under its Message-ID (a retry reuses the row, so an
   * email is rendered and stored once), then sends it over SMTP and marks it `sent`, or without
   * SMTP marks it `kept`. An email already `sent` (or `kept`) is not sent again.
   * @param options.lastAttempt the caller will not retry: a failure marks the row `failed`
   * @returns what became of it
   * @throws Error when the SMTP server refuses, times out or is down (after recording the attempt
   *   and the error on the row); the caller retries with backoff
   */
  send(db: Database, email: OutgoingEmail, options?: { lastAttempt?: boolean }): Promise<MailOutcome>;
  /** Closes the pool's SMTP connections (safe to call twice). */
  close(): void;
}

/** A header value on one line: CR, LF and other control characters become spaces (no header injection). */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** The outbox row's attachments, as stored (`mail_messages.attachments`). */
function storedAttachments(value: unknown): EmailAttachment[] {
  return Array.isArray(value) ? (value as EmailAttachment[]) : [];
}

/** What a sent message's kept copy says once its single-use link is removed. */
export const REDACTED_BODY = 'Removed after sending: this message held a single-use link.';

/**
 * Replaces the kept copy (HTML and text) of the sent message `messageId` with {@link REDACTED_BODY}:
 * for a message whose link signs its reader in or resets a password, so the outbox never holds a
 * live one once the SMTP server has it. Its row, status and Message-ID stay (a re-run still finds it sent).
 */
export async function redactSentMessage(db: Database, messageId: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ html: `<p>${REDACTED_BODY}</p>`, text: REDACTED_BODY })
    .where(and(eq(mailMessages.messageId, messageId), eq(mailMessages.status, 'sent')));
}

/**
 * Makes the mailer of `config.mail`.
 * @param config.mail.smtpUrl `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...` (TLS); undefined: offline
 * @param config.mail.from the From header, e.g. `ClinicShare <no-reply@clinicshare.example>`
 * @param config.mail.timeoutMs milliseconds for connecting, the greeting and each command
 * @param config.mail.maxConnections SMTP connections of the pool: sends run on up to this many at
 *   once (the email queues' workers send several at a time), and the rest wait for a free one
 */
export function createMailer(config: Pick<Config, 'mail'>): Mailer {
  const { smtpUrl, from, timeoutMs, maxConnections } = config.mail;
  const transport: Transporter | null = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : null;

  return {
    mode: transport ? 'smtp' : 'offline',

    async send(db, email, options = {}) {
      const toName = email.to.name ? oneLine(email.to.name) : '';
      const subject = oneLine(email.subject);
      const headers = Object.fromEntries(Object.entries(email.headers ?? {}).map(([name, value]) => [oneLine(name), oneLine(value)]));
      const existing = await db
        .select({ status: mailMessages.status })
        .from(mailMessages)
        .where(eq(mailMessages.messageId, email.messageId))
        .limit(1);
      if (!existing[0]) {
        const html = await render(email.element);
        const text = await render(email.element, { plainText: true });
        await db
          .insert(mailMessages)
          .values({
            messageId: email.messageId,
            notificationId: email.notificationId ?? null,
            ...(email.createdAt ? { createdAt: email.createdAt } : {}),
            userId: email.userId ?? null,
            toAddress: toName ? `${toName} <${email.to.address}>` : email.to.address,
            subject,
            html,
            text,
            headers,
            attachments: email.attachments ?? [],
          })
          .onConflictDoNothing();
      }
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.messageId, email.messageId)).limit(1);
      if (!row) throw new Error(`The outbox lost ${email.messageId}`);
      if (row.status === 'sent' || row.status === 'kept') return row.status;

      if (!transport) {
        await db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, row.id));
        return 'kept';
      }
      try {
        await transport.sendMail({
          from,
          to: { name: toName, address: email.to.address },
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: row.messageId,
          headers: row.headers as Record<string, string>,
          attachments: storedAttachments(row.attachments).map((attachment) => ({
            filename: oneLine(attachment.filename),
            contentType: attachment.contentType,
            content: attachment.content,
          })),
          // No tracking of any kind: no pixels, no rewritten links (docs/decisions/022-notifications-and-email.md).
          disableUrlAccess: true,
          disableFileAccess: true,
        });
      } catch (error) {
        await db
          .update(mailMessages)
          .set({
            status: options.lastAttempt ? 'failed' : 'pending',
            attempts: sql`${mailMessages.attempts} + 1`,
            lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          })
          .where(eq(mailMessages.id, row.id));
        throw error;
      }
      await db
        .update(mailMessages)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailMessages.attempts} + 1`, lastError: null })
        .where(eq(mailMessages.id, row.id));
      return 'sent';
    },

    close() {
      transport?.close();
    },
  };
}
