/**
 * The API reference, generated (docs/api.md): an OpenAPI 3.1 document built
 * from the routes' own zod schemas by @fastify/swagger with
 * fastify-type-provider-zod's transforms, served at `GET /api/openapi.json`,
 * and Swagger UI on it at `GET /api/docs` (@fastify/swagger-ui, which serves
 * its own scripts and styles: it works offline).
 *
 * Each operation carries what the route declares (params, querystring, body,
 * responses, `schema.summary`, and `schema.description` with the route's own
 * rules) plus what the app adds around every route: the shared error body
 * (`apiErrorSchema`, docs/decisions/016-errors-as-json.md) for the errors it
 * can answer, and the route's session need
 * (`config.auth`, src/server/auth/guards.ts) as a security requirement on the
 * session cookie.
 */
import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/errors';

/** Where the OpenAPI document is served (public, cacheable): every route but the operators'. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Where the whole document, the operators' routes with the rest, is served to operators only. */
export const OPERATORS_OPENAPI_PATH = '/api/admin/openapi.json';
/** The extension that marks an operation of the operators' console (`config.auth: 'admin'`). */
export const OPERATORS_ONLY = 'x-operators-only';
/** Where Swagger UI is served; its own files are under `/api/docs/static/`. */
export const API_DOCS_PREFIX = '/api/docs';
/** The name of the session cookie's security scheme in the document. */
export const SESSION_SECURITY_SCHEME = 'session';

/** A response of the shared error body with a description of when it is answered. */
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** Methods the cross-site guard refuses from another site (src/server/http/request-guards.ts). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors a route can answer because of what the app puts around it: 400
 * for input it validates, 401 without a session when one is required, 403 for
 * a cross-site state change, 429 past its rate limit; any other 4xx (403 not
 * yours, 404, 409, 413, 415...) and 5xx carry the same body.
 */
function errorResponses(route: RouteOptions, schema: FastifySchema): Record<string, ReturnType<typeof errorResponse>> {
  const methods = [route.method].flat();
  const responses: Record<string, ReturnType<typeof errorResponse>> = {};
  if (schema.params || schema.querystring || schema.body || schema.headers)
    responses[400] = errorResponse('The request breaks its schema or a rule (`issues` names the fields).');
  if (route.config?.auth === 'required') responses[401] = errorResponse('No session, or it has ended.');
  if (route.config?.auth === 'admin') responses[404] = errorResponse('Not an operator’s session: the route answers as an unknown one.');
  if (methods.some((method) => STATE_CHANGING.has(method)) && route.config?.crossSite !== 'allowed')
    responses[403] = errorResponse('Sent from another site, or not this user’s to do.');
  if (route.config?.rateLimit) responses[429] = errorResponse('Too many requests: `Retry-After` says when to try again.');
  responses['4XX'] = errorResponse('Refused: the status and `message` say why (docs/api.md).');
  responses['5XX'] = errorResponse('The server failed (`message` is generic).');
  return responses;
}

/** The security requirement of a route's `config.auth`: the cookie, the cookie or nothing, or none. */
function security(route: RouteOptions): Array<Record<string, string[]>> {
  const auth = route.config?.auth;
  if (auth === 'required' || auth === 'admin') return [{ [SESSION_SECURITY_SCHEME]: [] }];
  if (auth === 'optional') return [{ [SESSION_SECURITY_SCHEME]: [] }, {}];
  return [];
}

/** The tag of a path, which groups it in Swagger UI: the segment after `/api/`, else `pages and files`. */
function tagOf(url: string): string {
  const match = /^\/api\/([^/]+)/.exec(url);
  return match ? match[1]! : 'pages and files';
}

/** Each route's schema with the app's error responses, session requirement and tag, then zod made JSON Schema. */
function routeTransform(): SwaggerTransform {
  // Zod's global registry: a schema with `.meta({ id })` (`apiErrorSchema`) is written once, under `components.schemas`.
  const zodTransform = jsonSchemaTransform;
  return (input) => {
    const { route, url } = input;
    const schema: FastifySchema = input.schema ?? {};
    // @fastify/websocket hides its routes; the socket is part of the API, shown with its upgrade.
    const websocket = route.websocket === true;
    if (schema.hide && !websocket) return zodTransform(input);
    // The operators' routes (`auth: 'admin'`) are marked, and only the operators' document keeps them:
    // to anyone else they do not exist (src/server/auth/guards.ts).
    const operatorsOnly = route.config?.auth === 'admin';
    const described = {
      tags: [tagOf(url)],
      ...schema,
      ...(operatorsOnly ? { [OPERATORS_ONLY]: true } : {}),
      hide: false,
      security: security(route),
      response: {
        ...(websocket ? { 101: noContent('Switching Protocols: the WebSocket is open.') } : {}),
        ...errorResponses(route, schema),
        ...(schema.response as object | undefined),
      },
    };
    const transformed = zodTransform({ ...input, schema: described }) as { schema: { response?: Record<string, object> }; url: string };
    // A success without its own description is described by its status text ("OK", "Created").
    for (const [status, response] of Object.entries(transformed.schema.response ?? {}))
      if (!('description' in response) && !('x-response-description' in response))
        Object.assign(response, { 'x-response-description': STATUS_CODES[status] ?? 'Success' });
    return transformed;
  };
}

/**
 * Registers @fastify/swagger on `app`: call it before any route is added, as
 * it collects the routes as they are (its `onRoute` hook).
 * @param options.sessionCookieName the session cookie's name (`SessionSettings.cookieName`)
 */
export async function registerOpenApi(app: FastifyInstance, options: { sessionCookieName: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ClinicShare API',
        // The API is not versioned apart from its client: one server and its client change together.
        version: 'unversioned',
        description:
          'Every route of the ClinicShare server, generated from its own schemas. The rules every route follows (sessions, cross-site requests, limits, money) are in docs/api.md.',
      },
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookieName,
            description: 'The session cookie set by `POST /api/login` and `POST /api/register` (httpOnly: the browser sends it).',
          },
        },
      },
    },
    transform: routeTransform(),
    transformObject: jsonSchemaTransformObject,
  });
}

type OpenApiObject = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** A copy of `document` without the operations marked {@link OPERATORS_ONLY} (and the paths left empty). */
export function withoutOperatorsRoutes(document: OpenApiObject): OpenApiObject {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.entries(item).filter(([, operation]) => !(operation as Record<string, unknown> | null)?.[OPERATORS_ONLY]);
    if (kept.length > 0) paths[path] = Object.fromEntries(kept);
  }
  return { ...document, paths };
}

/**
 * Serves the document at {@link OPENAPI_PATH} (no session read; an ETag and a
 * short public cache, docs/decisions/024-cacheable-public-answers.md), the whole
 * document with the console's routes at {@link OPERATORS_OPENAPI_PATH} (operators
 * only: 404 to anyone else, as every console route) and
 * Swagger UI at {@link API_DOCS_PREFIX}. Swagger UI's page loads only its own
 * scripts and styles from this origin and the document from
 * `/api/docs/json`, so the app's Content-Security-Policy
 * (docs/decisions/017-security-headers.md) applies to it unchanged.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let publicCopy: OpenApiObject | undefined;
  /** The document without the operators' operations, made once (routes are fixed once the app is ready). */
  const publicDocument = (): OpenApiObject => (publicCopy ??= withoutOperatorsRoutes(app.swagger() as OpenApiObject));
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This OpenAPI 3.1 document: every route with its request, answers, errors and session need.',
        response: {
          200: {
            description: 'The OpenAPI document',
            content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
          },
        },
      },
      config: { publicCache: true },
    },
    async () => publicDocument(),
  );
  app.get(
    OPERATORS_OPENAPI_PATH,
    {
      schema: {
        summary: 'The whole OpenAPI document, the operators’ console with the rest (operators only).',
        response: {
          200: {
            description: 'The OpenAPI document with the operators’ routes',
            content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
          },
        },
      },
      config: { auth: 'admin' },
    },
    async () => app.swagger(),
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: 'ClinicShare API' },
    // Swagger UI shows the public document.
    transformSpecification: () => publicDocument(),
    transformSpecificationClone: false,
  });
}

/**
 * A documented answer without a body (204, a redirect), for a route's `schema.response`:
 * the route sends nothing (`reply.send()`), the OpenAPI document shows it with `description`
 * and no content (fastify-type-provider-zod writes an output `undefined` as `type: 'null'`).
 */
export const noContent = (description: string) => z.undefined().describe(description);

/**
 * A documented answer that is text, not JSON (`text/html`, `text/calendar`...), for a route's
 * `schema.response`: the route sends its string as it is (Fastify serializes only JSON).
 */
export const textAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});
