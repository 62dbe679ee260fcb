/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps what it receives,
 * parsed by `mailparser`, so API tests see mail as a recipient would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One received email: its envelope, its raw source and its parsed form. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The message as sent, headers and body (CRLF line ends). */
  raw: string;
  /** The raw header block (before the first blank line). */
  rawHeaders: string;
  parsed: ParsedMail;
}

export interface FakeSmtp {
  port: number;
  /** `smtp://user:secret@127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** The credentials the fake server accepts (and requires). */
export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 's3cret';

/**
 * Starts the server on `port` (0: a free one). It requires AUTH with {@link SMTP_USER} /
 * {@link SMTP_PASSWORD}, offers no STARTTLS, and keeps each message in `received`.
 */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              raw,
              rawHeaders: raw.split(/\r?\n\r?\n/)[0] ?? '',
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${actualPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
