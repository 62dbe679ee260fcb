/**
 * A WebSocket test client (the `ws` package) that records the server's
 * events and waits for the one a test expects.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerSocketEvent } from '../../src/shared/schemas/messages';

/** Starts `app` on a free port of 127.0.0.1; returns `host:port`. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface LiveSocket {
  ws: WebSocket;
  events: ServerSocketEvent[];
  /** Resolves with the first event (already received or coming) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: ServerSocketEvent) => boolean, timeoutMs?: number): Promise<ServerSocketEvent>;
  /** Resolves when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(data: unknown): void;
  close(): void;
}

export interface OpenOptions {
  cookie?: string;
  query?: string;
  /** Origin header; by default the server's own origin, as a browser on our page sends it. */
  origin?: string | null;
  autoPong?: boolean;
}

/**
 * Opens `/ws` on `host` and waits for the handshake.
 * @throws Error `Unexpected server response: <status>` when the handshake is refused
 */
export function openLiveSocket(host: string, options: OpenOptions = {}): Promise<LiveSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? `http://${host}` : options.origin;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(`ws://${host}/ws${options.query ?? ''}`, { headers, autoPong: options.autoPong ?? true });
  const events: ServerSocketEvent[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as ServerSocketEvent);
    for (const listener of listeners) listener();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const socket: LiveSocket = {
    ws,
    events,
    closed,
    send: (data) => ws.send(typeof data === 'string' ? data : JSON.stringify(data)),
    close: () => ws.close(),
    waitFor(match, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(found);
          return true;
        };
        const listener = () => void check();
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 500)}`));
        }, timeoutMs);
        if (!check()) listeners.add(listener);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    // Before the handshake completes, an error (e.g. "Unexpected server response: 403") rejects; later ones end in 'close'.
    ws.on('error', reject);
  });
}
