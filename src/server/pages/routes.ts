/**
 * Pages: the built client (dist/client) with per-page metadata injected into
 * its `<!--app-head-->` placeholder (DESIGN decision 11), plus robots.txt and
 * sitemap.xml. Unknown API paths answer JSON 404; unknown pages get the
 * client's not-found page with status 404.
 *
 * Absolute URLs (canonical, og:url, robots.txt, sitemap) start with
 * `config.publicUrl` (PUBLIC_URL), never with the request's Host or
 * X-Forwarded-Host header, which any client can set (issue 5).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import { spaceSearchSchema } from '../../shared/schemas';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';
import { notFound } from '../http/errors';
import { findSpaceRow, searchSpaces, toSpace } from '../spaces/service';
import { DEFAULT_DESCRIPTION, renderHead, searchHead, SITE_NAME, spaceHead, type PageHead } from './head';

/** Paths the client router knows; anything else is its not-found page. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/(search|map|list-space|messages|profile|donate|terms)\/?$/,
  /^\/payments\/connect\/?$/,
  /^\/(spaces|space|edit-space)\/[^/]+\/?$/,
];

export interface PageRoutesOptions {
  db: Database;
  config: Config;
  clientDir: string;
}

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { db, config, clientDir }) => {
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The client is not built: ${indexPath} is missing. Run \`npm run build\` first.`);
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes('<!--app-head-->')) throw new Error(`${indexPath} has no <!--app-head--> placeholder.`);

  const origin = config.publicUrl;

  const sendPage = (reply: FastifyReply, head: PageHead, status = 200) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replace('<!--app-head-->', renderHead(head)));

  const defaultHead = (request: FastifyRequest, title = `${SITE_NAME}: rent medical space by the hour, day or month`): PageHead => ({
    title,
    description: DEFAULT_DESCRIPTION,
    canonical: `${origin}${request.url.split('?')[0]}`,
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    // `npm run build` writes .br and .gz beside each asset; they are sent to browsers that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  app.get('/', async (request, reply) => sendPage(reply, defaultHead(request)));

  const spacePage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const row = await findSpaceRow(db, request.params.id);
    if (!row) return sendPage(reply, defaultHead(request, `Space Not Found | ${SITE_NAME}`), 404);
    return sendPage(reply, spaceHead(toSpace(row), origin));
  };
  app.get('/spaces/:id', spacePage);
  app.get('/space/:id', spacePage);

  app.get('/search', async (request, reply) => {
    const parsed = spaceSearchSchema.safeParse(request.query);
    const query = parsed.success ? parsed.data : spaceSearchSchema.parse({});
    const { spaces, total, exact } = await searchSpaces(db, { ...query, limit: 10, offset: 0, after: undefined });
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return sendPage(reply, searchHead(spaces, total, query.location, `${origin}/search${search}`, origin, exact));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain').send(`User-agent: *\nDisallow: /api/\nDisallow: /profile\nDisallow: /messages\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const rows = await db
      .select({ id: medicalSpaces.id, createdAt: medicalSpaces.createdAt })
      .from(medicalSpaces)
      .where(eq(medicalSpaces.active, true))
      .orderBy(desc(medicalSpaces.createdAt))
      .limit(45_000);
    const urls: { loc: string; lastmod?: string }[] = [
      { loc: `${origin}/` },
      { loc: `${origin}/search` },
      { loc: `${origin}/terms` },
      ...rows.map((row) => ({ loc: `${origin}/spaces/${row.id}`, lastmod: row.createdAt.toISOString().slice(0, 10) })),
    ];
    // xmlbuilder2 escapes text content, so nothing in a URL can break the XML.
    const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://www.sitemaps.org/schemas/sitemap/0.9', 'urlset');
    for (const url of urls) {
      const entry = urlset.ele('url');
      entry.ele('loc').txt(url.loc);
      if (url.lastmod) entry.ele('lastmod').txt(url.lastmod);
    }
    return reply.type('application/xml').send(`${urlset.end({ prettyPrint: true })}\n`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || path.extname(pathname)) {
      throw notFound('Not found.');
    }
    const known = CLIENT_ROUTES.some((route) => route.test(pathname));
    return sendPage(reply, defaultHead(request, known ? undefined : `Page Not Found | ${SITE_NAME}`), known ? 200 : 404);
  });
};
