/**
 * New-message emails (docs/decisions/022-notifications-and-email.md): batched, at most
 * one email per conversation and recipient per {@link MESSAGE_EMAIL_INTERVAL_MS}, never about a
 * message already read.
 *
 * - Each sent message enqueues a `message-email` job for its recipient and conversation in the
 *   message's own transaction, to run {@link MESSAGE_EMAIL_DELAY_MS} later.
 * - "Live" is decided by reading, not by sockets: whether the recipient has a socket open is known
 *   per instance only, and an open socket is not a read message. A recipient with the thread open
 *   marks the message read within the delay, so the job finds nothing unread and sends nothing; one
 *   who is connected but elsewhere gets the email, as one who is away does.
 * - The job locks the conversation's row of `message_email_marks`: when the last email went out less
 *   than the interval ago it enqueues one job for the interval's end (deduplicated per slot) and
 *   stops; else it sends one `new_message` notification (in-app and email; the email is skipped by
 *   delivery when the recipient turned message emails off) with every unread message after
 *   `covered_until`, and moves the mark.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { conversations, medicalSpaces, messageEmailMarks, messages, users } from '../db/schema';
import { messageEmailJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import { notify } from '../notifications/notify';

/** How long after a message its email job runs: a reader with the thread open reads it first. */
export const MESSAGE_EMAIL_DELAY_MS = 2 * 60_000;
/** At most one email per conversation and recipient in this long. */
export const MESSAGE_EMAIL_INTERVAL_MS = 15 * 60_000;
/** How many of the unread messages one email quotes (the newest); the rest are counted. */
export const MESSAGE_EMAIL_MAX_QUOTED = 10;

/** What the `new_message` notification's `data` carries for its email template. */
export interface MessageEmailData {
  conversationId: string;
  senderName: string;
  spaceTitle: string | null;
  /** How many unread messages the email is about. */
  count: number;
  /** The newest of them (at most {@link MESSAGE_EMAIL_MAX_QUOTED}), oldest first; instants ISO-8601 UTC. */
  messages: { content: string; createdAt: string }[];
}

/**
 * Enqueues the email job of a message just stored, within the message's transaction `tx`.
 * @param now the send time (the job runs {@link MESSAGE_EMAIL_DELAY_MS} after it)
 */
export async function enqueueMessageEmail(tx: Database, conversationId: string, recipientId: string, now = new Date()): Promise<void> {
  await enqueue(tx, messageEmailJob, { conversationId, recipientId }, { startAfter: new Date(now.getTime() + MESSAGE_EMAIL_DELAY_MS) });
}

/** What one run of the job did (for tests and logs). */
export type MessageEmailOutcome = 'sent' | 'nothing_unread' | 'deferred';

const sender = alias(users, 'sender');

/**
 * The `message-email` job: tells `recipientId` of the unread messages of `conversationId` not yet
 * covered by an email, unless one went out less than {@link MESSAGE_EMAIL_INTERVAL_MS} ago (then a
 * job is enqueued for when the interval ends).
 * @param now the run's time (tests pass a later one instead of waiting)
 * @returns `sent`, `nothing_unread`, or `deferred`
 */
export async function runMessageEmail(
  db: Database,
  { conversationId, recipientId }: { conversationId: string; recipientId: string },
  now = new Date(),
): Promise<MessageEmailOutcome> {
  return db.transaction(async (tx) => {
    const epoch = new Date(0);
    await tx
      .insert(messageEmailMarks)
      .values({ conversationId, recipientId, lastSentAt: epoch, coveredUntil: epoch })
      .onConflictDoNothing();
    const [mark] = await tx
      .select()
      .from(messageEmailMarks)
      .where(and(eq(messageEmailMarks.conversationId, conversationId), eq(messageEmailMarks.recipientId, recipientId)))
      .for('update');
    if (!mark) return 'nothing_unread';

    const unread = await tx
      .select({
        id: messages.id,
        content: messages.content,
        createdAt: messages.createdAt,
        senderFirstName: sender.firstName,
        senderLastName: sender.lastName,
      })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.receiverId, recipientId),
          isNull(messages.readAt),
          // Compared in the database: the stored instant has microseconds, a JavaScript Date only milliseconds.
          gt(
            messages.createdAt,
            tx
              .select({ coveredUntil: messageEmailMarks.coveredUntil })
              .from(messageEmailMarks)
              .where(and(eq(messageEmailMarks.conversationId, conversationId), eq(messageEmailMarks.recipientId, recipientId))),
          ),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id));
    if (unread.length === 0) return 'nothing_unread';

    const nextAllowed = mark.lastSentAt.getTime() + MESSAGE_EMAIL_INTERVAL_MS;
    if (now.getTime() < nextAllowed) {
      // One job per interval slot: the later messages of a busy conversation add no more.
      await enqueue(
        tx,
        messageEmailJob,
        { conversationId, recipientId },
        {
          startAfter: new Date(nextAllowed),
          singletonKey: `${conversationId}:${recipientId}`,
          singletonSeconds: MESSAGE_EMAIL_INTERVAL_MS / 1000,
        },
      );
      return 'deferred';
    }

    const [about] = await tx
      .select({ spaceTitle: medicalSpaces.title })
      .from(conversations)
      .leftJoin(medicalSpaces, eq(medicalSpaces.id, conversations.spaceId))
      .where(eq(conversations.id, conversationId))
      .limit(1);
    const newest = unread.at(-1)!;
    const senderName = `${newest.senderFirstName} ${newest.senderLastName}`.trim();
    const spaceTitle = about?.spaceTitle ?? null;
    const count = unread.length;
    const data: MessageEmailData = {
      conversationId,
      senderName,
      spaceTitle,
      count,
      messages: unread.slice(-MESSAGE_EMAIL_MAX_QUOTED).map((m) => ({ content: m.content, createdAt: m.createdAt.toISOString() })),
    };
    await notify(tx, {
      userId: recipientId,
      kind: 'new_message',
      title: count === 1 ? `New message from ${senderName}` : `${count} new messages from ${senderName}`,
      body: spaceTitle ? `About ${spaceTitle}: "${excerpt(newest.content)}"` : `"${excerpt(newest.content)}"`,
      link: `/messages?conversation=${encodeURIComponent(conversationId)}`,
      data: { ...data },
      dedupeKey: `new_message:${recipientId}:${newest.id}`,
    });
    await tx
      .update(messageEmailMarks)
      .set({
        lastSentAt: now,
        // The stored instant (microseconds), not a JavaScript Date's milliseconds.
        coveredUntil: sql`(select max(${messages.createdAt}) from ${messages} where ${inArray(
          messages.id,
          unread.map((m) => m.id),
        )})`,
      })
      .where(and(eq(messageEmailMarks.conversationId, conversationId), eq(messageEmailMarks.recipientId, recipientId)));
    return 'sent';
  });
}

/** The first 140 characters of a message, on one line. */
function excerpt(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
