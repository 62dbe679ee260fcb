/**
 * Frames a client sends over `/ws` (docs/product.md#api-calls). A frame that is not
 * JSON, names an unknown event or fails validation gets an `error` event
 * and the socket stays open; nothing a client sends can crash the server.
 * `send_message` stores and delivers exactly as `POST /api/messages` does.
 */
import type { RawData } from 'ws';
import { CLIENT_SOCKET_EVENT_TYPES, clientSocketEventSchema, type ServerSocketEvent } from '../../shared/schemas/messages';
import { HttpError } from '../http/errors';
import type { LiveConnection } from '../realtime/socket-hub';
import type { MessagingLive } from './live';

function reply(connection: LiveConnection, event: ServerSocketEvent): void {
  if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(event));
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/** Handles one frame from `connection`; never throws for bad input. */
export async function handleSocketFrame(live: MessagingLive, connection: LiveConnection, data: RawData, isBinary: boolean): Promise<void> {
  if (isBinary) return reply(connection, { type: 'error', message: 'Binary frames are not supported.' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(frameText(data));
  } catch {
    return reply(connection, { type: 'error', message: 'Malformed JSON.' });
  }
  const type = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !(CLIENT_SOCKET_EVENT_TYPES as readonly string[]).includes(type)) {
    return reply(connection, { type: 'error', message: 'Unknown event type.' });
  }
  const result = clientSocketEventSchema.safeParse(parsed);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return reply(connection, { type: 'error', message: issues[0]?.message ?? 'Invalid event.', issues });
  }
  const { type: _type, ...input } = result.data;
  if (input.senderId !== undefined && input.senderId !== connection.userId) {
    return reply(connection, { type: 'error', message: 'You can only act as yourself.' });
  }
  try {
    // The sender gets the stored message back as `new_message`, like every socket of both participants.
    await live.send(connection.userId, input);
  } catch (error) {
    if (error instanceof HttpError)
      return reply(connection, { type: 'error', message: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    reply(connection, { type: 'error', message: 'Message failed' });
    throw error;
  }
}
