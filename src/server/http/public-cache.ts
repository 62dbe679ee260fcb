/**
 * Public answers a CDN may keep for a few seconds (docs/decisions/024-cacheable-public-answers.md).
 * A route opts in with one line in its options, `config: { publicCache: true }` (or
 * `{ answerHeaders: [...] }`); {@link registerPublicCaching} then gives its 200 answers to GET and
 * HEAD:
 *
 * - a weak `ETag` computed from the serialized body and the route's answer headers, so any change
 *   of what the answer says (a listing, a booking, a schedule) gives a new tag by construction.
 *   Weak (RFC 9110 8.8.3 and 8.8.1): @fastify/compress encodes the same body as identity, gzip or
 *   br, and a strong tag would have to differ per coding. A route that keeps its answer serialized
 *   may set the tag it made of that body with {@link answerEtag}: it is used as it is;
 * - 304 with no body when `If-None-Match` matches it (RFC 9110 13.1.2: `*`, lists of tags, weak
 *   comparison), evaluated by `fresh` (the conditional-GET check of Express);
 * - signed out: `Cache-Control: public, max-age=5, stale-while-revalidate=30` (RFC 9111 5.2.2,
 *   RFC 5861 3); signed in (the session cookie is present): `private, no-cache`, so no shared cache
 *   stores it and the browser revalidates it every time;
 * - `Vary: cookie, accept-encoding` on both (RFC 9110 12.5.5), so a cache never hands a signed-out
 *   copy to a request that carries a cookie, nor one coding to a client that asked for another.
 *
 * A 304 keeps the headers the route set (RFC 9110 15.4.5 requires ETag, Cache-Control and Vary;
 * the answer headers are the 200's, unchanged since they are part of the tag) and drops
 * Content-Type. Other statuses, methods and streamed bodies are left as they are.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fresh from 'fresh';

/**
 * A route's public caching: `true`, or the names of the response headers that are part of its
 * answer beside the body (e.g. the search's `x-total-count`): their values are folded into the
 * ETag, so a change of the total alone also changes the tag.
 */
export type PublicCacheOption = true | { answerHeaders: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's 200 answers carry an ETag and may be kept by a CDN while signed out (`src/server/http/public-cache.ts`). */
    publicCache?: PublicCacheOption;
  }
}

/** Seconds a shared cache may serve a signed-out answer without asking again (RFC 9111 5.2.2.1 `max-age`). */
export const PUBLIC_MAX_AGE_SECONDS = 5;
/** Seconds after that it may still serve it while it revalidates in the background (RFC 5861 3 `stale-while-revalidate`). */
export const PUBLIC_STALE_WHILE_REVALIDATE_SECONDS = 30;
/** `Cache-Control` of a signed-out public answer. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, stale-while-revalidate=${PUBLIC_STALE_WHILE_REVALIDATE_SECONDS}`;
/** `Cache-Control` of the same answer to a request with the session cookie: never stored by a shared cache, always revalidated. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-cache';
/** Request headers a public answer varies by (lowercase: @fastify/compress looks for `accept-encoding` so). */
const VARY_BY = ['cookie', 'accept-encoding'] as const;

/**
 * The weak entity tag of an answer: `W/"<base64url SHA-256>"` of its answer headers' values (in
 * the order given, a missing one as null) and its body.
 * @param body the serialized body, before any content coding
 * @param headers the answer headers' names and values
 */
export function answerEtag(body: string | Buffer, headers: ReadonlyArray<readonly [string, unknown]> = []): string {
  const hash = createHash('sha256');
  if (headers.length > 0) hash.update(JSON.stringify(headers.map(([name, value]) => [name, value ?? null]))).update('\n');
  return `W/"${hash.update(body).digest('base64url')}"`;
}

/** Adds `names` to the reply's `Vary` (lowercase), keeping what is there; `Vary: *` stays as it is. */
function addVary(reply: FastifyReply, names: readonly string[]): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const present = new Set(current.map((name) => name.toLowerCase()));
  if (present.has('*')) return;
  reply.header('vary', [...current, ...names.filter((name) => !present.has(name))].join(', '));
}

/**
 * Installs public caching on `app` (an `onSend` hook) for the routes whose options say
 * `config: { publicCache }`. Register it before @fastify/compress, so the tag is computed on the
 * serialized body before any content coding (@fastify/compress 8 adds its own `onSend` to each
 * route, which runs after every instance hook; `tests/api/public-caching.test.ts` checks gzip).
 * @param options.sessionCookieName the session cookie's name (`SessionSettings.cookieName`): its
 *   presence makes an answer private, whether or not the session is still live
 */
export function registerPublicCaching(app: FastifyInstance, options: { sessionCookieName: string }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config.publicCache;
    if (!policy || reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
    const answerHeaders = policy === true ? [] : policy.answerHeaders.map((name) => [name, reply.getHeader(name)] as const);
    const own = reply.getHeader('etag');
    const etag = typeof own === 'string' ? own : answerEtag(payload, answerHeaders);
    const signedIn = request.cookies[options.sessionCookieName] !== undefined;
    reply.header('etag', etag);
    reply.header('cache-control', signedIn ? SIGNED_IN_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    addVary(reply, VARY_BY);
    if (!fresh(request.headers, { etag })) return;
    reply.code(304);
    reply.removeHeader('content-type');
    // No body and no Content-Length (RFC 9110 8.6). A HEAD route's own last hook measures the
    // payload it is given, so it keeps the 200's: a HEAD answer's length is the GET's (RFC 9110 9.3.2).
    return request.method === 'HEAD' ? payload : null;
  });
}
