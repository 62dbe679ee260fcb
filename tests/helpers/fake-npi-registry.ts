/**
 * A local stand-in for the NPPES NPI Registry API
 * (https://npiregistry.cms.hhs.gov/api/?version=2.1&number=...): outside
 * services are faked at the network level (docs/architecture.md#tests). Tests add records, make it
 * slow, and read the numbers it was asked for.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNpiRecord {
  firstName: string;
  lastName: string;
  status?: 'A' | 'D';
  enumerationType?: 'NPI-1' | 'NPI-2';
  /** The states of the record's taxonomies (its licences), as the registry writes them ("MA", "NY"). */
  licenseStates?: string[];
}

export interface FakeNpiRegistry {
  url: string;
  records: Map<string, FakeNpiRecord>;
  /** Numbers looked up, in order. */
  lookups: string[];
  /** Milliseconds to wait before answering (a slow or hung registry). */
  delayMs: number;
  /** The HTTP status it answers with (200; set 503 for a registry that is down). */
  status: number;
  close(): Promise<void>;
}

export async function startFakeNpiRegistry(): Promise<FakeNpiRegistry> {
  const registry: Omit<FakeNpiRegistry, 'url' | 'close'> = { records: new Map(), lookups: [], delayMs: 0, status: 200 };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const number = url.searchParams.get('number') ?? '';
    registry.lookups.push(number);
    const answer = () => {
      if (response.destroyed) return;
      if (registry.status !== 200) {
        response.writeHead(registry.status, { 'content-type': 'text/plain' });
        response.end('Service Unavailable');
        return;
      }
      const record = registry.records.get(number);
      const body = record
        ? {
            result_count: 1,
            results: [
              {
                number: Number(number),
                enumeration_type: record.enumerationType ?? 'NPI-1',
                basic: {
                  first_name: record.firstName.toUpperCase(),
                  last_name: record.lastName.toUpperCase(),
                  status: record.status ?? 'A',
                },
                taxonomies: (record.licenseStates ?? []).map((state, index) => ({
                  code: '207Q00000X',
                  desc: 'Family Medicine',
                  primary: index === 0,
                  state,
                  license: `L${index + 1}000${number.slice(-3)}`,
                })),
              },
            ],
          }
        : { result_count: 0, results: [] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (registry.delayMs) setTimeout(answer, registry.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(registry, {
    url: `http://127.0.0.1:${port}/api/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
