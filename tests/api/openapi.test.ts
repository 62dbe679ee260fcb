/**
 * The OpenAPI document (`GET /api/openapi.json`, src/server/http/openapi.ts) is the app's: every
 * route the app adds is in it with its summary and session need, and what the routes really
 * answer matches the response schemas it documents (checked with a JSON Schema 2020-12
 * validator, Ajv, on real answers).
 */
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FILES, collectRoutesAndDocuments, type OpenApiDocument, type RouteRow } from '../../scripts/route-table';
import { insertBooking, insertSpace } from '../factories/db';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let rows: RouteRow[];
let documents: { demo: OpenApiDocument; stripe: OpenApiDocument };

beforeAll(async () => {
  t = await createTestApp();
  ({ rows, documents } = await collectRoutesAndDocuments(t.db));
});
afterAll(async () => {
  await t.close();
});

/** A Fastify path (`/api/spaces/:id`, `/uploads/*`) as OpenAPI writes it (`/api/spaces/{id}`, `/uploads/{*}`). */
const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/** Swagger UI's own page and files, left out of the document they show. */
const isDocsUi = (row: RouteRow) => row.path === '/api/docs' || row.path.startsWith('/api/docs/');
/** The operators' console, its page and API (docs/decisions/029-operators-and-the-audit-log.md). */
const isConsole = (row: RouteRow) => row.path === '/admin' || row.path.startsWith('/api/admin/');

/** The operations of a document (HEAD aside: @fastify/static's `/uploads/*` lists it). */
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'head')
      .map(([method, operation]) => ({ path, method, operation: operation as Record<string, unknown> })),
  );

describe('the OpenAPI document', () => {
  it('has every route of the app (both payment modes, with the pages and the console), with a summary and its session need', () => {
    const documented = rows.filter((row) => row !== rows.find((r) => r.path === CLIENT_FILES.path) && !isDocsUi(row));
    expect(documented.length).toBeGreaterThan(80);
    expect(documented.filter(isConsole).length).toBeGreaterThan(5);
    for (const row of documented) {
      const document = row.only === 'PAYMENTS=stripe' ? documents.stripe : documents.demo;
      const method = row.method.replace(' (WebSocket)', '').toLowerCase();
      const operation = document.paths[openApiPath(row.path)]?.[method] as
        (Record<string, unknown> & OpenApiDocument['paths'][string][string]) | undefined;
      const name = `${row.method} ${row.path}`;
      expect(operation, name).toBeDefined();
      expect(operation?.summary, name).toMatch(/\S/);
      const security = { required: [{ session: [] }], optional: [{ session: [] }, {}], admin: [{ session: [] }], no: [] }[row.session];
      expect(operation?.security, name).toEqual(security);
      // The console's operations, and only they, are marked for the operators' document alone.
      expect(operation?.['x-operators-only'] === true, name).toBe(isConsole(row));
      // The shared error body for what is refused.
      expect(operation?.responses?.['4XX'], name).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
    }
    // And nothing else: as many operations as routes.
    expect(operations(documents.demo)).toHaveLength(documented.filter((row) => row.only !== 'PAYMENTS=stripe').length);
    expect(operations(documents.stripe)).toHaveLength(documented.filter((row) => row.only !== 'PAYMENTS=demo').length);
  });

  it('leaves the console out of the public document and Swagger UI, and serves the whole one to operators only', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const user = await signedInUser(t);
    const publicDocument = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const swaggerUiDocument = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const whole = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: { cookie: admin.cookie } });
    expect(whole.statusCode).toBe(200);
    const wholeDocument = whole.json<OpenApiDocument>();
    expect(wholeDocument.paths['/api/admin/overview']?.get?.summary).toMatch(/\S/);
    const consoleOperations = operations(wholeDocument).filter(({ operation }) => operation['x-operators-only']);
    expect(consoleOperations.length).toBeGreaterThan(5);
    for (const document of [publicDocument, swaggerUiDocument]) {
      expect(operations(document).filter(({ operation }) => operation['x-operators-only'])).toEqual([]);
      for (const { path } of consoleOperations) expect(document.paths[path], path).toBeUndefined();
      // Everything else is there.
      expect(operations(document)).toHaveLength(operations(wholeDocument).length - consoleOperations.length);
    }
    for (const cookie of [undefined, user.cookie]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('openapi');
    }
  });

  it("carries each route's own rules in its description, in the documents it serves", async () => {
    // docs/api.md keeps only what spans routes; a route's answers, status codes, callers and effects are here.
    const admin = await signedInUser(t, { role: 'admin' });
    const publicDocument = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const wholeDocument = (
      await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: { cookie: admin.cookie } })
    ).json<OpenApiDocument>();
    const description = (document: OpenApiDocument, path: string, method: string) => document.paths[path]?.[method]?.description;
    expect(description(publicDocument, '/api/login', 'post')).toContain('`LOGIN_FAILURES_PER_ACCOUNT` failures for the email');
    expect(description(publicDocument, '/api/create-booking-payment-intent', 'post')).toContain('15-minute hold');
    expect(description(publicDocument, '/api/bookings/{id}/hold', 'delete')).toContain('the renter only (403 anyone else, the owner too)');
    expect(description(publicDocument, '/api/spaces', 'get')).toContain('`location`: every comma-separated part');
    expect(description(documents.stripe, '/api/stripe/webhook', 'post')).toContain('`charge.dispute.closed`');
    expect(description(wholeDocument, '/api/admin/bookings/{id}/refund', 'post')).toContain('`Idempotency-Key`');
    expect(description(wholeDocument, '/api/admin/reports/{id}/resolve', 'post')).toContain('`listing_taken_down`');
  });

  it('is served publicly and cacheably, and names the session cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.headers.etag).toBeDefined();
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components?.securitySchemes?.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'clinicshare_session' }),
    );
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': response.headers.etag! } });
    expect(again.statusCode).toBe(304);
  });

  it("serves Swagger UI and its own files, under the app's security headers", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // Every script is this origin's: the policy's `script-src 'self'` lets them run, offline too.
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/static/'), src).toBe(true);
      const script = await t.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
    }
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json<OpenApiDocument>().paths['/api/spaces']).toBeDefined();
  });

  it('describes what the routes really answer', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi.json');
    const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
    /** Validates a real answer against the document's schema for its route and status. */
    const check = async (
      method: 'GET' | 'POST',
      url: string,
      documentedPath: string,
      cookie?: string,
      expected = 200,
      payload?: object,
    ) => {
      const response = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(expected);
      const status = String(response.statusCode);
      const operation = document.paths[documentedPath]?.[method.toLowerCase()];
      const responses = operation?.responses ?? {};
      const key = status in responses ? status : `${status[0]}XX`;
      expect(responses[key], `${method} ${url}: ${status} is documented`).toBeDefined();
      const validate = ajv.getSchema(
        `openapi.json#/paths/${pointer(documentedPath)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`,
      );
      expect(validate, `${method} ${url}: a JSON schema for ${status}`).toBeDefined();
      const valid = validate!(response.json());
      expect(valid ? [] : validate!.errors, `${method} ${url} answered ${status}: ${response.body.slice(0, 300)}`).toEqual([]);
      return response;
    };

    const owner = await signedInUser(t);
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const booking = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: new Date(Date.now() + 10 * DAY_MS),
      endAt: new Date(Date.now() + 11 * DAY_MS),
      status: 'confirmed',
    });

    await check('GET', '/api/health', '/api/health');
    await check('GET', '/api/config', '/api/config');
    expect((await check('GET', '/api/spaces', '/api/spaces')).json()).not.toHaveLength(0);
    await check('GET', '/api/spaces/map-points?bbox=-180,-85,180,85&zoom=3', '/api/spaces/map-points');
    await check('GET', `/api/spaces/${space.id}`, '/api/spaces/{id}', renter.cookie);
    await check('GET', `/api/spaces/${space.id}/availability?from=${futureDate(1)}&to=${futureDate(20)}`, '/api/spaces/{id}/availability');
    await check('GET', '/api/me', '/api/me', renter.cookie);
    expect((await check('GET', `/api/users/${renter.user.id}/bookings`, '/api/users/{id}/bookings', renter.cookie)).json()).toHaveLength(1);
    await check('GET', `/api/bookings/${booking.id}`, '/api/bookings/{id}', renter.cookie);
    await check('GET', `/api/bookings/${booking.id}/cancellation`, '/api/bookings/{id}/cancellation', renter.cookie);
    await check('GET', `/api/users/${owner.user.id}/space-bookings`, '/api/users/{id}/space-bookings', owner.cookie);
    await check(
      'GET',
      `/api/users/${owner.user.id}/calendar-events?from=${futureDate(1)}&to=${futureDate(20)}`,
      '/api/users/{id}/calendar-events',
      owner.cookie,
    );
    await check(
      'GET',
      `/api/users/${owner.user.id}/earnings?from=${futureDate(-30)}&to=${futureDate(30)}`,
      '/api/users/{id}/earnings',
      owner.cookie,
    );
    await check('GET', '/api/notifications', '/api/notifications', owner.cookie);
    await check('GET', `/api/users/${renter.user.id}/conversations`, '/api/users/{id}/conversations', renter.cookie);
    await check('GET', `/api/users/${renter.user.id}/favorites`, '/api/users/{id}/favorites', renter.cookie);
    await check('GET', `/api/bookings/${booking.id}`, '/api/bookings/{id}', owner.cookie);
    const contact = { name: 'Dana Whitfield', email: 'dana@example.com', topic: 'other', message: 'A question about the site.' };
    await check('POST', '/api/contact', '/api/contact', undefined, 201, contact);
    // Errors: the shared error body.
    await check('POST', '/api/contact', '/api/contact', undefined, 400, { ...contact, topic: 'nothing' });
    await check('GET', '/api/me', '/api/me', undefined, 401);
    await check('GET', `/api/users/${owner.user.id}/bookings`, '/api/users/{id}/bookings', renter.cookie, 403);
    await check('GET', `/api/spaces/${booking.id}`, '/api/spaces/{id}', undefined, 404);
  });

  it("describes what the console's routes really answer, in the operators' document", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const document = (
      await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: { cookie: admin.cookie } })
    ).json<OpenApiDocument>();
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi.json');
    for (const url of [
      '/api/admin/overview',
      '/api/admin/users?q=a',
      '/api/admin/spaces?q=a',
      '/api/admin/reports',
      '/api/admin/audit-log',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, url).toBe(200);
      const path = url.split('?')[0]!.replace(/\//g, '~1');
      const validate = ajv.getSchema(`openapi.json#/paths/${path}/get/responses/200/content/application~1json/schema`);
      expect(validate, url).toBeDefined();
      expect(validate!(response.json()) ? [] : validate!.errors, url).toEqual([]);
    }
  });
});
