/**
 * /dev/mail (docs/decisions/022-notifications-and-email.md): the outbox in the browser, for
 * development and tests only (app.ts registers it when NODE_ENV is not production). Lists the
 * kept and sent mail, newest first, and shows each message: its HTML (in a sandboxed frame with a
 * policy of its own), its text, its headers and its attachments. `/dev/mail/messages.json` is the
 * same for tests and scripts.
 *
 * It shows live password reset and verification links, and the server listens on every interface
 * by default, so it answers only requests from the loopback address unless `DEV_MAIL_PUBLIC=true`;
 * to anyone else it does not exist (404).
 */
import { BlockList } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { mailMessages } from '../db/schema';
import { notFound } from '../http/errors';
import { textAnswer } from '../http/openapi';
import type { EmailAttachment } from './outgoing';

/** How many messages the list shows. */
const LIST_LIMIT = 200;

const devMailAttachmentSchema = z.object({ filename: z.string(), contentType: z.string(), size: z.number(), url: z.string() });

/** One message of the outbox; instants ISO-8601 UTC. */
const devMailMessageSchema = z.object({
  id: z.uuid(),
  messageId: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'kept', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  html: z.string(),
  text: z.string(),
  attachments: z.array(devMailAttachmentSchema),
});

const idParams = z.object({ id: z.string() });

type Row = typeof mailMessages.$inferSelect;

function attachmentsOf(row: Row): EmailAttachment[] {
  return Array.isArray(row.attachments) ? (row.attachments as EmailAttachment[]) : [];
}

function toMessage(row: Row): z.infer<typeof devMailMessageSchema> {
  return {
    id: row.id,
    messageId: row.messageId,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    headers: (row.headers ?? {}) as Record<string, string>,
    html: row.html,
    text: row.text,
    attachments: attachmentsOf(row).map((attachment, index) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: Buffer.byteLength(attachment.content),
      url: `/dev/mail/${row.id}/attachments/${index}`,
    })),
  };
}

/** Text made safe inside HTML elements and quoted attributes. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PAGE_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#0f172a}table{border-collapse:collapse;width:100%}' +
  'th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0;vertical-align:top}pre{white-space:pre-wrap;background:#f8fafc;padding:12px}' +
  'iframe{width:100%;height:640px;border:1px solid #e2e8f0}a{color:#2563eb}';

/** Sends a whole HTML page with a policy that allows its inline style and, if asked, our framed email. */
function sendPage(reply: FastifyReply, title: string, body: string, { frames = false } = {}) {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-src ${frames ? "'self'" : "'none'"}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`,
    );
}

/** 127.0.0.0/8 and ::1; `BlockList` also matches the IPv4-mapped form (`::ffff:127.0.0.1`). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IPv4 or IPv6 address) is a loopback one; false for anything else or nothing. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  try {
    return LOOPBACK.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

/**
 * Whether a request comes from this machine: both the connection's peer and the client address
 * (`request.ip`, which follows TRUST_PROXY) are loopback, so neither a remote client nor one
 * forwarded by a local proxy passes.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

/**
 * The /dev/mail routes.
 * @param options.publicAccess answer every client (`DEV_MAIL_PUBLIC=true`); otherwise only {@link isLocalRequest} ones
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ db: Database; publicAccess: boolean }> = async (app, { db, publicAccess }) => {
  if (!publicAccess) {
    app.addHook('onRequest', async (request) => {
      if (!isLocalRequest(request)) throw notFound();
    });
  }

  async function findRow(id: string): Promise<Row> {
    if (!z.uuid().safeParse(id).success) throw notFound('No such message.');
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!row) throw notFound('No such message.');
    return row;
  }

  async function listRows(): Promise<Row[]> {
    return db.select().from(mailMessages).orderBy(desc(mailMessages.createdAt), desc(mailMessages.id)).limit(LIST_LIMIT);
  }

  app.get(
    '/dev/mail/messages.json',
    {
      schema: {
        summary: 'The outbox of sent emails, newest first (not in production).',
        response: { 200: z.object({ messages: z.array(devMailMessageSchema) }) },
      },
    },
    async () => ({ messages: (await listRows()).map(toMessage) }),
  );

  app.get(
    '/dev/mail',
    { schema: { summary: 'The outbox as a page (not in production).', response: { 200: textAnswer('text/html', 'The list of emails.') } } },
    async (_request, reply) => {
      const rows = await listRows();
      const lines = rows
        .map(
          (row) =>
            `<tr><td>${escapeHtml(row.toAddress)}</td><td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td>` +
            `<td>${row.status}${row.lastError ? ` (${row.attempts} attempts: ${escapeHtml(row.lastError)})` : ''}</td>` +
            `<td><time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></td></tr>`,
        )
        .join('');
      return sendPage(
        reply,
        'Outbox - ClinicShare',
        `<h1>Outbox</h1><p>Every email the app made, newest first (the latest ${LIST_LIMIT}). Without SMTP_URL none leaves this machine. <a href="/dev/mail/messages.json">JSON</a></p>` +
          (rows.length
            ? `<table><thead><tr><th>To</th><th>Subject</th><th>Status</th><th>Time (UTC)</th></tr></thead><tbody>${lines}</tbody></table>`
            : '<p>No email yet.</p>'),
      );
    },
  );

  app.get(
    '/dev/mail/:id',
    {
      schema: {
        summary: 'One sent email as a page: headers, text, HTML, attachments (not in production).',
        params: idParams,
        response: { 200: textAnswer('text/html', 'The email.') },
      },
    },
    async (request, reply) => {
      const row = await findRow(request.params.id);
      const headers: [string, string][] = [
        ['Message-ID', row.messageId],
        ['To', row.toAddress],
        ['Subject', row.subject],
        ['Status', `${row.status}, ${row.attempts} attempt(s)${row.lastError ? `, last error: ${row.lastError}` : ''}`],
        ['Created', row.createdAt.toISOString()],
        ...(row.sentAt ? ([['Sent', row.sentAt.toISOString()]] as [string, string][]) : []),
        ...Object.entries((row.headers ?? {}) as Record<string, string>),
      ];
      const attachments = attachmentsOf(row);
      return sendPage(
        reply,
        `${row.subject} - Outbox`,
        `<p><a href="/dev/mail">Outbox</a></p><h1>${escapeHtml(row.subject)}</h1>` +
          `<table><tbody>${headers.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</tbody></table>` +
          (attachments.length
            ? `<h2>Attachments</h2><ul>${attachments
                .map(
                  (attachment, index) =>
                    `<li><a href="/dev/mail/${row.id}/attachments/${index}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> (${escapeHtml(attachment.contentType)})</li>`,
                )
                .join('')}</ul>`
            : '') +
          `<h2>HTML</h2><iframe title="The email as HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/dev/mail/${row.id}/html"></iframe>` +
          `<h2>Text</h2><pre>${escapeHtml(row.text)}</pre>`,
        { frames: true },
      );
    },
  );

  app.get(
    '/dev/mail/:id/html',
    {
      schema: {
        summary: "One sent email's own HTML (not in production).",
        params: idParams,
        response: { 200: textAnswer('text/html', 'The HTML part.') },
      },
    },
    async (request, reply) => {
      const row = await findRow(request.params.id);
      // The email's own HTML: inline styles only, no scripts, no loads; framed by our message page only.
      reply.removeHeader('x-frame-options');
      return reply
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox",
        )
        .type('text/html; charset=utf-8')
        .send(row.html);
    },
  );

  app.get(
    '/dev/mail/:id/attachments/:index',
    {
      schema: {
        summary: 'One attachment of a sent email (not in production).',
        params: z.object({ id: z.string(), index: z.coerce.number().int().min(0) }),
        response: { 200: textAnswer('application/octet-stream', 'The attachment, with its own media type.') },
      },
    },
    async (request, reply) => {
      const row = await findRow(request.params.id);
      const attachment = attachmentsOf(row)[request.params.index];
      if (!attachment) throw notFound('No such attachment.');
      const filename = attachment.filename.replace(/["\\\r\n]/g, '_');
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .type(/^[\w.+-]+\/[\w.+-]+(;[^\r\n]*)?$/.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream')
        .send(attachment.content);
    },
  );
};
