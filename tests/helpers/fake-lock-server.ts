/**
 * A local stand-in for an access-code API (src/server/access/http-provider.ts): outside services
 * are faked at the network level (docs/architecture.md#tests). It makes codes, deletes them,
 * records every call, and can be told to fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call it answered (or refused). */
export interface LockCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  status: number;
}

export interface FakeLockServer {
  url: string;
  /** Every call, in order. */
  calls: LockCall[];
  /** The live codes by id: the device, the code and its times. */
  codes: Map<string, { deviceId: string; code: string; startsAt: string; endsAt: string }>;
  /** The HTTP status it answers with (200; set 503 for a provider that is down). */
  status: number;
  close(): Promise<void>;
}

export async function startFakeLockServer(apiKey: string): Promise<FakeLockServer> {
  let next = 1;
  const state: Omit<FakeLockServer, 'url' | 'close'> = { calls: [], codes: new Map(), status: 200 };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const send = (status: number, answer: unknown) => {
        state.calls.push({ path, authorization: request.headers.authorization, body, status });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (request.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: { type: 'unauthorized' } });
      if (state.status !== 200) return send(state.status, { error: { type: 'unavailable' } });
      if (request.method === 'POST' && path.endsWith('/access_codes/create')) {
        const id = `ac_${next++}`;
        const code = String(100000 + Math.floor(Math.random() * 900000));
        state.codes.set(id, {
          deviceId: String(body.device_id),
          code,
          startsAt: String(body.starts_at),
          endsAt: String(body.ends_at),
        });
        return send(200, { access_code: { access_code_id: id, code, starts_at: body.starts_at, ends_at: body.ends_at } });
      }
      if (request.method === 'POST' && path.endsWith('/access_codes/delete')) {
        const id = String(body.access_code_id);
        if (!state.codes.delete(id)) return send(404, { error: { type: 'access_code_not_found' } });
        return send(200, { ok: true });
      }
      send(404, { error: { type: 'not_found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeLockServer;
}
