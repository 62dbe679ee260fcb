/**
 * The route table of docs/api.md: every route the server answers, read from
 * the app itself. The app is built twice, as `npm start` would build it with
 * demo payments and with Stripe, serving the client, and each route is told
 * to a Fastify `onRoute` listener (`buildApp`'s `onRoute`), which notes its
 * method, path, session need (`config.auth`) and the module whose code added
 * it (from the call's stack). `npm run docs:routes` writes the table into
 * docs/api.md; tests/api/route-table.test.ts fails when the two differ.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** docs/api.md, which holds the table between {@link TABLE_START} and {@link TABLE_END}. */
export const API_DOC = path.join(ROOT, 'docs', 'api.md');
export const TABLE_START = '<!-- route-table: written by `npm run docs:routes`; tests/api/route-table.test.ts checks it -->';
export const TABLE_END = '<!-- /route-table -->';

/** One route of the table. */
export interface RouteRow {
  /** `GET`, `POST`, ...; a GET also answers HEAD (not listed). `GET (WebSocket)` for the socket. */
  method: string;
  /** The path as Fastify matches it (`:id` a parameter, `*` the rest). */
  path: string;
  /**
   * `required`: 401 without a session, before the body is read; `optional`: the user is loaded if any;
   * `admin`: an operator's (404 to anyone else); `no`: the session is not read.
   */
  session: 'required' | 'optional' | 'admin' | 'no';
  /** The file that adds the route, from the repository root. */
  module: string;
  /** The configuration the route exists in, when not all: `PAYMENTS=demo` or `PAYMENTS=stripe`. */
  only: string;
}

type Collected = Omit<RouteRow, 'only'>;

/** The first file of the repository's `src/` in a stack, from the repository root; null when none. */
function sourceFile(stack: string): string | null {
  for (const line of stack.split('\n')) {
    const match = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(line.trim());
    if (!match) continue;
    const file = path.relative(ROOT, match[1]!.replace(/^file:\/\//, ''));
    if (file.startsWith(`src${path.sep}`)) return file.split(path.sep).join('/');
  }
  return null;
}

/** The routes of one build of the app, in the order they were added, and its OpenAPI document (src/server/http/openapi.ts). */
async function routesOf(db: Database, env: Record<string, string>): Promise<{ routes: Collected[]; document: OpenApiDocument }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-routes-'));
  const clientDir = path.join(dir, 'client');
  // The smallest client build the page routes accept: an index.html with its head placeholder.
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body></body></html>');
  const found: Array<Collected & { plugin: string }> = [];
  /** Registering functions by name (`spaceRoutes`) and the file they are in, as the stacks show them. */
  const files = new Map<string, string>();
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  let app: FastifyInstance | undefined;
  let document: OpenApiDocument;
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), ...env });
    app = await buildApp({
      config,
      db,
      serveClient: true,
      clientDir,
      onRoute(this: FastifyInstance, route: RouteOptions) {
        const stack = new Error().stack ?? '';
        for (const match of stack.matchAll(/at (?:async )?(\w+) \((?:file:\/\/)?(\/[^():]+):\d+:\d+\)/g)) {
          const file = path.relative(ROOT, match[2]!);
          if (file.startsWith(`src${path.sep}`)) files.set(match[1]!, file.split(path.sep).join('/'));
        }
        const methods = [route.method].flat().filter((method) => method !== 'HEAD');
        // The built client's own files (a route each, from @fastify/static) depend on the build: one row stands for them.
        if (methods.length === 0 || (route.config as { file?: unknown } | undefined)?.file) return;
        const auth = (route.config as { auth?: RouteRow['session'] } | undefined)?.auth;
        // A plugin's `/` under a prefix (Swagger UI's page at /api/docs) is also answered with the slash
        // (Fastify's `prefixTrailingSlash: 'both'`), told to `onRoute` only for its HEAD.
        const { prefix, routePath } = route as RouteOptions & { prefix?: string; routePath?: string };
        const bothSlashes = routePath === '' && prefix && (route.prefixTrailingSlash ?? 'both') === 'both';
        for (const method of methods)
          for (const url of bothSlashes ? [route.url, `${prefix}/`] : [route.url]) {
            found.push({
              method: route.websocket ? `${method} (WebSocket)` : method,
              path: url,
              session: auth ?? 'no',
              module: sourceFile(stack) ?? '',
              plugin: this.pluginName.split(' -> ')[0] ?? '',
            });
          }
      },
    });
    await app.ready();
    document = app.swagger() as OpenApiDocument;
  } finally {
    Error.stackTraceLimit = limit;
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // Routes a plugin adds (@fastify/static's `/uploads/*`) belong to the file that registered the plugin;
  // those a package adds in a plugin of its own (@fastify/swagger-ui's under /api/docs), to the file
  // whose routes come just before them, which registered the package.
  const routes: Collected[] = [];
  for (const { plugin, ...row } of found)
    routes.push({
      ...row,
      module: row.module || files.get(plugin) || (path.isAbsolute(plugin) ? routes.at(-1)?.module : undefined) || plugin,
    });
  return { routes, document };
}

/** The row that stands for the built client's files, each a route of its own (@fastify/static). */
export const CLIENT_FILES: Collected = {
  method: 'GET',
  path: '/<a file of dist/client>',
  session: 'no',
  module: 'src/server/pages/routes.ts',
};

const key = (row: Collected) => `${row.method} ${row.path}`;

/**
 * Every route of the app, in the order the app adds them: those of a build
 * with demo payments, and those of a build with Stripe (its webhook), each
 * marked with the one configuration it exists in when it is not in both.
 * @param db a migrated database (nothing is read or written)
 */
export async function collectRoutes(db: Database): Promise<RouteRow[]> {
  return (await collectRoutesAndDocuments(db)).rows;
}

/** The OpenAPI document of a build of the app (`app.swagger()`), as much of it as the route table's tests read. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { summary?: string; description?: string; security?: Array<Record<string, string[]>>; responses?: Record<string, unknown> }
    >
  >;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

/**
 * {@link collectRoutes}, and the OpenAPI document of each of the two builds
 * (`demo`: PAYMENTS=demo, `stripe`: PAYMENTS=stripe; both serve the client).
 * @param db a migrated database (nothing is read or written)
 */
export async function collectRoutesAndDocuments(
  db: Database,
): Promise<{ rows: RouteRow[]; documents: { demo: OpenApiDocument; stripe: OpenApiDocument } }> {
  const { routes: demo, document: demoDocument } = await routesOf(db, { PAYMENTS: 'demo' });
  const { routes: stripe, document: stripeDocument } = await routesOf(db, {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_routes',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_routes',
    STRIPE_WEBHOOK_SECRET: 'whsec_routes',
  });
  const inDemo = new Set(demo.map(key));
  const inStripe = new Set(stripe.map(key));
  const rows: RouteRow[] = demo.map((row) => ({ ...row, only: inStripe.has(key(row)) ? '' : 'PAYMENTS=demo' }));
  // A Stripe-only route goes after the route the Stripe build added before it.
  stripe.forEach((row, index) => {
    if (inDemo.has(key(row))) return;
    const before = index > 0 ? rows.findIndex((other) => key(other) === key(stripe[index - 1]!)) : -1;
    rows.splice(before + 1, 0, { ...row, only: 'PAYMENTS=stripe' });
  });
  const firstPage = rows.findIndex((row) => row.module === CLIENT_FILES.module);
  rows.splice(firstPage < 0 ? rows.length : firstPage, 0, { ...CLIENT_FILES, only: '' });
  return { rows, documents: { demo: demoDocument, stripe: stripeDocument } };
}

/**
 * The route table of `rows`, between {@link TABLE_START} and {@link TABLE_END}: a list of the modules,
 * each with its routes in the order the app adds them, and after a route its session need unless `no`
 * and the payment mode it needs, if any: each module named once and a short line a route, which keeps
 * docs/api.md small (tests/api/route-table.test.ts holds it under 30 KB).
 */
export function renderRouteTable(rows: readonly RouteRow[]): string {
  const lines: string[] = [];
  let module: string | undefined;
  for (const row of rows) {
    if (row.module !== module) {
      module = row.module;
      lines.push(`- \`${module}\``);
    }
    const [method, socket] = row.method.split(' (WebSocket)');
    const notes = [row.session === 'no' ? '' : row.session, row.only ? `\`${row.only}\` only` : ''].filter(Boolean).join(', ');
    lines.push(`  - \`${method} ${row.path}\`${socket === undefined ? '' : ' (WebSocket)'}${notes ? `: ${notes}` : ''}`);
  }
  return [TABLE_START, '', ...lines, '', TABLE_END].join('\n');
}

/**
 * `markdown` with its route table replaced by `table`.
 * @throws Error when `markdown` has no {@link TABLE_START} ... {@link TABLE_END} block
 */
export function replaceRouteTable(markdown: string, table: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no route table block (${TABLE_START} ... ${TABLE_END})`);
  return markdown.slice(0, start) + table + markdown.slice(end + TABLE_END.length);
}

/** The route table as docs/api.md holds it, or null without one. */
export function documentedRouteTable(markdown: string): string | null {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  return start < 0 || end < start ? null : markdown.slice(start, end + TABLE_END.length);
}
