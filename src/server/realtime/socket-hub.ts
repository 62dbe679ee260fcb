/**
 * The WebSocket connections this instance holds, by user and by session,
 * with heartbeats: every `heartbeatMs` each socket is pinged, and one that
 * has not answered the previous ping is terminated (the `ws` README's
 * "How to detect and close broken connections"). A socket whose session has
 * expired is closed at the next heartbeat (1008 'Session expired'), as
 * logout closes it at once.
 */
import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ServerSocketEvent } from '../../shared/schemas/messages';

/** A socket held for a signed-in user. */
export interface LiveConnection {
  socket: WebSocket;
  userId: string;
  /** {@link liveSessionKey} of the session the socket was opened with. */
  sessionKey: string;
  /** When that session ends, as known when the socket opened (its lifetime's or idle end): the heartbeat closes the socket then. */
  sessionExpiresAt: Date;
}

/**
 * The key under which sockets of a session are known across instances: a
 * digest of the session token distinct from the one the sessions table
 * keeps, so a published key reveals nothing stored.
 */
export function liveSessionKey(sessionToken: string): string {
  return createHash('sha256').update(`live-socket:${sessionToken}`).digest('base64url');
}

/** Close code of a socket whose session expired (RFC 6455: policy violation). */
const SESSION_EXPIRED_CODE = 1008;

export class SocketHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly timer: NodeJS.Timeout;

  /** @param heartbeatMs milliseconds between pings */
  constructor(heartbeatMs: number) {
    this.timer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  /** Holds `connection` until its socket closes. */
  add(connection: LiveConnection): void {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    set.add(connection);
    this.alive.set(connection.socket, true);
    connection.socket.on('pong', () => this.alive.set(connection.socket, true));
    connection.socket.on('close', () => {
      set.delete(connection);
      if (set.size === 0 && this.byUser.get(connection.userId) === set) this.byUser.delete(connection.userId);
    });
  }

  /** How many sockets are open here (the metrics' live connections). */
  get connectionCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** Whether any of `userIds` has a socket here. */
  holdsAny(userIds: readonly string[]): boolean {
    return userIds.some((id) => this.byUser.has(id));
  }

  /** Sends `event` to every open socket of `userIds` on this instance. */
  send(userIds: readonly string[], event: ServerSocketEvent): void {
    const data = JSON.stringify(event);
    for (const userId of new Set(userIds)) {
      for (const { socket } of this.byUser.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(data);
      }
    }
  }

  /** Closes the sockets opened with the session `sessionKey` (logout). */
  closeSession(sessionKey: string, code: number, reason: string): void {
    for (const set of this.byUser.values()) {
      for (const connection of set) {
        if (connection.sessionKey === sessionKey) connection.socket.close(code, reason);
      }
    }
  }

  /** Closes the sockets of `userId`, but those opened with the session `exceptSessionKey` (log out everywhere, a password change). */
  closeUserSessions(userId: string, exceptSessionKey: string | undefined, code: number, reason: string): void {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (connection.sessionKey !== exceptSessionKey) connection.socket.close(code, reason);
    }
  }

  /** Number of sockets held (for tests and logs). */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const set of this.byUser.values()) {
      for (const { socket, sessionExpiresAt } of set) {
        if (sessionExpiresAt.getTime() <= now) {
          socket.close(SESSION_EXPIRED_CODE, 'Session expired');
          continue;
        }
        if (this.alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        this.alive.set(socket, false);
        socket.ping();
      }
    }
  }

  /** Stops the heartbeats (the sockets themselves are closed by the server). */
  close(): void {
    clearInterval(this.timer);
  }
}
