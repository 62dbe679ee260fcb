/**
 * The dev outbox (/dev/mail, outside production) read by the browser tests: mail goes out through
 * the job queue, so what a test expects is waited for.
 */
import { expect } from 'vitest';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The first link matching `pattern` in the plain text of an email to `to` in the dev outbox
 * (`/dev/mail/messages.json`), waiting up to 30 s for it.
 * @throws when no such email arrives in time
 */
export async function emailedLink(baseUrl: string, to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mail/messages.json`);
    expect(response.status, 'the dev outbox /dev/mail/messages.json').toBe(200);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    for (const message of messages) {
      const link = message.to.includes(to) ? message.text.match(pattern)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No email to ${to} with a link like ${pattern} in /dev/mail`);
}
