/**
 * Messages and conversations, over HTTP and the live socket.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { MAX_THREAD_MESSAGES, MESSAGE_MAX_LENGTH } from '../constants';
import { numberInputSchema, textSchema, trimmed } from './fields';

/** A message's text (docs/product.md#validation): trimmed, non-empty, at most 5,000 characters. */
export const messageContentSchema = trimmed(MESSAGE_MAX_LENGTH).min(1, 'Message cannot be empty');
/** The Message dialog on the space page (docs/product.md#pages). */
export const messageFormSchema = z.object({ content: messageContentSchema });
export type MessageFormValues = z.input<typeof messageFormSchema>;
/**
 * POST /api/messages and the socket's `send_message` (docs/product.md#api-calls). The
 * sender is the session user: `senderId`, when sent, must be that user.
 * `conversationId` names an existing conversation, or the one the server
 * would open for this sender, receiver and space.
 */
export const sendMessageSchema = z.object({
  conversationId: textSchema.trim().min(1).max(200).optional(),
  senderId: z.uuid().optional(),
  receiverId: z.uuid('Choose who receives the message'),
  spaceId: z.uuid().nullish(),
  content: messageContentSchema,
  messageType: z.literal('text').default('text'),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
/** A message as the API and the socket return it, with its sender and space embedded (docs/product.md#data). */
export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.string(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  spaceId: z.uuid().nullable(),
  content: z.string(),
  messageType: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  sender: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  space: z.object({ title: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;
/** One row of GET /api/users/{id}/conversations (docs/product.md#data, Conversation summary). */
export const conversationSummarySchema = z.object({
  conversationId: z.string(),
  otherUser: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  spaceId: z.uuid().nullable(),
  spaceTitle: z.string().nullable(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), senderId: z.uuid() }),
  unreadCount: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
/** GET /api/users/{id}/unread-count. */
export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
/** PUT /api/conversations/{conversationId}/read: what was marked read. */
export const markReadResultSchema = z.object({
  conversationId: z.string(),
  /** How many messages were unread and are now read. */
  count: z.number().int().nonnegative(),
  readAt: z.string(),
});
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
/** Paging of GET /api/users/{id}/messages and a thread. */
export const messageListQuerySchema = z.object({
  limit: numberInputSchema.pipe(z.number().int().min(1).max(MAX_THREAD_MESSAGES)).optional(),
  offset: numberInputSchema.pipe(z.number().int().min(0).max(1_000_000)).default(0),
});
/** Events a client sends over `/ws` (docs/product.md#api-calls). */
export const clientSocketEventSchema = z.discriminatedUnion('type', [sendMessageSchema.extend({ type: z.literal('send_message') })]);
export type ClientSocketEvent = z.input<typeof clientSocketEventSchema>;
/** The event types a client may send. */
export const CLIENT_SOCKET_EVENT_TYPES = ['send_message'] as const;
/** Events the server pushes over `/ws` (docs/product.md#api-calls). */
export const serverSocketEventSchema = z.discriminatedUnion('type', [
  /** A message was stored in one of the user's conversations (sent or received). */
  z.object({ type: z.literal('new_message'), message: messageSchema }),
  /** A conversation changed: lists and counts should be refreshed. */
  z.object({ type: z.literal('conversation_updated'), conversationId: z.string() }),
  /** `readerId` read the messages sent to them in the conversation, up to `readAt`. */
  z.object({ type: z.literal('messages_read'), conversationId: z.string(), readerId: z.uuid(), readAt: z.string() }),
  /** The user's notifications changed (one arrived or was read): refresh the bell; `unreadCount` is the new count. */
  z.object({ type: z.literal('notifications_changed'), unreadCount: z.number().int().nonnegative() }),
  /** A frame the server could not accept; the socket stays open. */
  z.object({
    type: z.literal('error'),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
]);
export type ServerSocketEvent = z.infer<typeof serverSocketEventSchema>;
