/**
 * Messaging rules (docs/product.md#data, #validation and #api-calls;
 * docs/decisions/004-live-events-through-the-database-or-redis.md).
 *
 * - The sender is the session user; the receiver must exist and be someone else.
 * - A conversation is stored with its two participants; reading it, or
 *   marking it read, needs to be one of them. The id keeps docs/product.md's format
 *   but is never parsed for permissions.
 * - A conversation about a space is between the space's owner and one other
 *   user: `${otherUserId}-${ownerId}-${spaceId}` (docs/product.md#data). One about no
 *   space is `${lowerUserId}-${higherUserId}`.
 */
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_THREAD_MESSAGES } from '../../shared/constants';
import type { ConversationSummary, Message, sendMessageSchema } from '../../shared/schemas/messages';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { conversations, medicalSpaces, messages, users } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';
import { enqueueMessageEmail } from './message-emails';

/** The parsed payload of POST /api/messages and `send_message`. */
export type SendMessageData = z.output<typeof sendMessageSchema>;

/** A conversation's participants and space. */
export interface ConversationParticipants {
  id: string;
  participantA: string;
  participantB: string;
  spaceId: string | null;
}

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const sender = alias(users, 'sender');

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  spaceId: messages.spaceId,
  content: messages.content,
  messageType: messages.messageType,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
  senderFirstName: sender.firstName,
  senderLastName: sender.lastName,
  spaceTitle: medicalSpaces.title,
};

function selectMessages(db: Database) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(medicalSpaces, eq(medicalSpaces.id, messages.spaceId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    spaceId: row.spaceId,
    content: row.content,
    messageType: row.messageType,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sender: { id: row.senderId, firstName: row.senderFirstName, lastName: row.senderLastName },
    space: row.spaceTitle === null ? null : { title: row.spaceTitle },
  };
}

/**
 * The id of the conversation between `userId` and `otherUserId` (docs/product.md#data).
 * @param space the space it is about, whose owner must be one of the two
 */
export function conversationIdFor(userId: string, otherUserId: string, space: { id: string; ownerId: string } | null): string {
  if (!space) return userId < otherUserId ? `${userId}-${otherUserId}` : `${otherUserId}-${userId}`;
  const nonOwner = space.ownerId === userId ? otherUserId : userId;
  return `${nonOwner}-${space.ownerId}-${space.id}`;
}

const isParticipant = (conversation: ConversationParticipants, userId: string) =>
  conversation.participantA === userId || conversation.participantB === userId;

async function findConversation(db: Executor, conversationId: string): Promise<ConversationParticipants | null> {
  const [row] = await db
    .select({
      id: conversations.id,
      participantA: conversations.participantA,
      participantB: conversations.participantB,
      spaceId: conversations.spaceId,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}

/**
 * The conversation, when `userId` takes part in it.
 * @throws HttpError 403 when it does not exist or the user is not a participant (existence is not revealed)
 */
export async function requireParticipant(db: Database, userId: string, conversationId: string): Promise<ConversationParticipants> {
  const conversation = await findConversation(db, conversationId);
  if (!conversation || !isParticipant(conversation, userId)) throw forbidden('You are not part of this conversation.');
  return conversation;
}

/**
 * Stores a message from `senderId` (the session user), opening the
 * conversation on the first message, in one transaction.
 * @returns the stored message with its sender and space
 * @throws HttpError 400 for an unknown receiver, space or conversation, a message to oneself, a space
 *   neither party owns, or a receiver outside the conversation; 403 when the sender is not a participant
 */
export async function sendMessage(db: Database, senderId: string, input: SendMessageData): Promise<Message> {
  if (input.receiverId === senderId) throw badRequest('You cannot send a message to yourself.');
  const messageId = await db.transaction(async (tx) => {
    const [receiver] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.receiverId)).limit(1);
    if (!receiver) throw badRequest('The receiver does not exist.');

    let conversation = input.conversationId ? await findConversation(tx, input.conversationId) : null;
    if (conversation) {
      if (!isParticipant(conversation, senderId)) throw forbidden('You are not part of this conversation.');
      if (!isParticipant(conversation, input.receiverId)) throw badRequest('The receiver is not part of this conversation.');
      if (input.spaceId && input.spaceId !== conversation.spaceId) throw badRequest('This conversation is about another space.');
    } else {
      let space: { id: string; ownerId: string } | null = null;
      if (input.spaceId) {
        [space = null] = await tx
          .select({ id: medicalSpaces.id, ownerId: medicalSpaces.ownerId })
          .from(medicalSpaces)
          .where(eq(medicalSpaces.id, input.spaceId))
          .limit(1);
        if (!space) throw badRequest('The space does not exist.');
        if (space.ownerId !== senderId && space.ownerId !== input.receiverId)
          throw badRequest("Messages about a space go to the space's owner.");
      }
      const id = conversationIdFor(senderId, input.receiverId, space);
      if (input.conversationId && input.conversationId !== id) throw badRequest('Unknown conversation.');
      // About a space: B is its owner. About no space: A and B in id order, as in the id.
      const [participantA, participantB]: [string, string] = space
        ? [space.ownerId === senderId ? input.receiverId : senderId, space.ownerId]
        : senderId < input.receiverId
          ? [senderId, input.receiverId]
          : [input.receiverId, senderId];
      await tx
        .insert(conversations)
        .values({ id, participantA, participantB, spaceId: space?.id ?? null })
        .onConflictDoNothing();
      conversation = await findConversation(tx, id);
      if (!conversation) throw new Error(`conversation ${id} vanished`);
    }

    const [stored] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId,
        receiverId: input.receiverId,
        spaceId: conversation.spaceId,
        content: input.content,
        messageType: input.messageType,
      })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    await tx.update(conversations).set({ lastMessageAt: stored!.createdAt }).where(eq(conversations.id, conversation.id));
    // The recipient's email about it, if still unread after a while (./message-emails.ts).
    await enqueueMessageEmail(tx, conversation.id, input.receiverId);
    return stored!.id;
  });
  const message = await getMessage(db, messageId);
  if (!message) throw new Error(`message ${messageId} vanished`);
  return message;
}

/** One message with its sender and space, or null. */
export async function getMessage(db: Database, messageId: string): Promise<Message | null> {
  const [row] = await selectMessages(db).where(eq(messages.id, messageId)).limit(1);
  return row ? toMessage(row) : null;
}

/** The messages `userId` sent or received, newest first (GET /api/users/{id}/messages). */
export async function listUserMessages(db: Database, userId: string, page: { limit?: number; offset: number }): Promise<Message[]> {
  const rows = await selectMessages(db)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit ?? 50)
    .offset(page.offset);
  return rows.map(toMessage);
}

/**
 * A conversation's newest messages, oldest first (GET /api/conversations/{id}/messages).
 * @throws HttpError 403 unless `userId` is a participant
 */
export async function listConversationMessages(
  db: Database,
  userId: string,
  conversationId: string,
  limit = MAX_THREAD_MESSAGES,
): Promise<Message[]> {
  await requireParticipant(db, userId, conversationId);
  const rows = await selectMessages(db)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse().map(toMessage);
}

/**
 * The conversation summaries of `userId`, most recent first (docs/product.md#data).
 * At most 200.
 */
export async function listConversations(db: Database, userId: string): Promise<ConversationSummary[]> {
  const other = alias(users, 'other_user');
  const last = db
    .select({ content: messages.content, createdAt: messages.createdAt, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const otherId = sql`case when ${conversations.participantA} = ${userId} then ${conversations.participantB} else ${conversations.participantA} end`;
  const rows = await db
    .select({
      conversationId: conversations.id,
      spaceId: conversations.spaceId,
      spaceTitle: medicalSpaces.title,
      otherId: other.id,
      otherFirstName: other.firstName,
      otherLastName: other.lastName,
      lastContent: last.content,
      lastCreatedAt: last.createdAt,
      lastSenderId: last.senderId,
      unreadCount: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.receiverId} = ${userId} and ${messages.readAt} is null)`,
    })
    .from(conversations)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(medicalSpaces, eq(medicalSpaces.id, conversations.spaceId))
    .innerJoinLateral(last, sql`true`)
    .where(or(eq(conversations.participantA, userId), eq(conversations.participantB, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(200);
  return rows.map((row) => ({
    conversationId: row.conversationId,
    otherUser: { id: row.otherId, firstName: row.otherFirstName, lastName: row.otherLastName },
    spaceId: row.spaceId,
    spaceTitle: row.spaceTitle,
    lastMessage: { content: row.lastContent, createdAt: new Date(row.lastCreatedAt).toISOString(), senderId: row.lastSenderId },
    unreadCount: Number(row.unreadCount),
  }));
}

/** How many messages sent to `userId` are unread. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt)));
  return row?.count ?? 0;
}

/**
 * Marks read the messages `userId` received in a conversation (read receipts,
 * docs/decisions/004-live-events-through-the-database-or-redis.md).
 * @returns how many were marked, when, and the conversation's participants
 * @throws HttpError 403 unless `userId` is a participant
 */
export async function markConversationRead(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<{ count: number; readAt: Date; conversation: ConversationParticipants }> {
  const conversation = await requireParticipant(db, userId, conversationId);
  const readAt = new Date();
  const marked = await db
    .update(messages)
    .set({ readAt })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.receiverId, userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return { count: marked.length, readAt, conversation };
}
