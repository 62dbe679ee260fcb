/**
 * docs/api.md's route table is the app's: built from the routes the app
 * adds (scripts/route-table.ts), it must equal the table in the document, so
 * a route added, moved or given another session need without
 * `npm run docs:routes` fails here.
 */
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOC, collectRoutes, documentedRouteTable, renderRouteTable, type RouteRow } from '../../scripts/route-table';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let rows: RouteRow[];

beforeAll(async () => {
  t = await createTestApp();
  rows = await collectRoutes(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('the route table of docs/api.md', () => {
  it('is the one the app builds (run `npm run docs:routes` after changing a route)', () => {
    expect(documentedRouteTable(readFileSync(API_DOC, 'utf8'))).toBe(renderRouteTable(rows));
  });

  it("stays under 30 KB: each route's own rules belong in its OpenAPI description, not here", () => {
    // A markdown table padded to its widest cell once made this page 211 KB.
    expect(statSync(API_DOC).size).toBeLessThan(30 * 1024);
  });

  it('names the module and session need of each route, and the payment mode of those that need one', () => {
    const row = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path);
    expect(row('GET', '/api/spaces')).toEqual({
      method: 'GET',
      path: '/api/spaces',
      session: 'no',
      module: 'src/server/spaces/routes.ts',
      only: '',
    });
    expect(row('POST', '/api/spaces')?.session).toBe('required');
    expect(row('GET (WebSocket)', '/ws')?.session).toBe('optional');
    expect(row('POST', '/api/demo-payments/confirm')).toMatchObject({
      module: 'src/server/payments/demo-routes.ts',
      only: 'PAYMENTS=demo',
    });
    expect(row('POST', '/api/stripe/webhook')).toMatchObject({ module: 'src/server/payments/webhook.ts', only: 'PAYMENTS=stripe' });
    // Added by a plugin (@fastify/static) that a feature registered: the feature's module.
    expect(row('GET', '/uploads/*')?.module).toBe('src/server/storage/routes.ts');
    expect(rows.every((r) => r.module.startsWith('src/server/'))).toBe(true);
    // One row per method and path; HEAD is left out (every GET answers it).
    expect(new Set(rows.map((r) => `${r.method} ${r.path}`)).size).toBe(rows.length);
    expect(rows.some((r) => r.method === 'HEAD')).toBe(false);
  });

  it("holds every route of the API tests' app, and no other there", () => {
    // That app (no client, demo payments) is built apart from the table's: each of its rows is a route of it,
    // and Fastify's own list of it has as many methods and paths, less HEAD.
    const apiRows = rows.filter((r) => !r.module.startsWith('src/server/pages/') && r.only !== 'PAYMENTS=stripe');
    for (const r of apiRows)
      expect(t.app.hasRoute({ method: r.method.replace(' (WebSocket)', '') as 'GET', url: r.path }), `${r.method} ${r.path}`).toBe(true);
    const methods = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z, ]+)\)$/gm)].flatMap((match) => match[1]!.split(', '));
    expect(methods.filter((method) => method !== 'HEAD')).toHaveLength(apiRows.length);
  });
});
