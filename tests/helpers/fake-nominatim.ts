/**
 * A local stand-in for Nominatim's /search (tests never reach the network):
 * answers from a table of queries, records every request (with its
 * User-Agent and arrival time), and can be told to hang or fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNominatim {
  url: string;
  requests: { q: string; userAgent: string | undefined; at: number }[];
  /** Answers by exact `q`; a missing query answers `[]` (not found). */
  places: Map<string, { lat: string; lon: string }>;
  /** 'ok' answers from `places`; 'hang' never answers; 'error' answers 500. */
  mode: 'ok' | 'hang' | 'error';
  close(): Promise<void>;
}

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const fake: Omit<FakeNominatim, 'url' | 'close'> = { requests: [], places: new Map(), mode: 'ok' };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    fake.requests.push({ q, userAgent: request.headers['user-agent'], at: Date.now() });
    if (fake.mode === 'hang') return; // the client's timeout has to end it
    if (fake.mode === 'error' || url.pathname !== '/search') {
      response.writeHead(500).end('oops');
      return;
    }
    const place = fake.places.get(q);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(place ? [{ ...place, display_name: q }] : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeNominatim;
}
