/**
 * Pages: the built client (dist/client) with per-page metadata injected into
 * its `<!--app-head-->` placeholder (docs/decisions/015-page-metadata-for-crawlers.md), plus robots.txt and
 * sitemap.xml (cached, and an index of files past 50,000 URLs: sitemap.ts). Unknown API paths answer JSON 404; unknown pages get the
 * client's not-found page with status 404.
 *
 * Absolute URLs (canonical, og:url, robots.txt, sitemap) start with
 * `config.publicUrl` (PUBLIC_URL), never with the request's Host or
 * X-Forwarded-Host header, which any client can set.
 *
 * For a fast first paint (docs/decisions/007-a-light-first-page.md), each page's HTML also names what its
 * first load needs: the route's JavaScript chunks (from the build manifest)
 * and the image of its largest paint, to fetch at once, and the answers to
 * its first API calls, so it renders without waiting for them
 * (client-assets.ts, embed-answers.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { firstResultsPath, spacePath, spaceReviewsPath, spacesPath } from '../../shared/api-paths';
import { reviewPageSchema } from '../../shared/schemas/reviews';
import { DEFAULT_PAGE_SIZE, FEATURED_SPACES_COUNT } from '../../shared/constants';
import { INFO_PAGES } from '../../shared/info-pages';
import { spaceCardImageUrl, spacePhotoUrl } from '../../shared/images';
import { LISTING_GONE_MESSAGE, spaceCardSchema, spaceSchema, spaceSearchSchema } from '../../shared/schemas/spaces';
import { parseSpaceFilters } from '../../shared/space-filters';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { OPERATORS_ONLY, textAnswer } from '../http/openapi';
import type { SpaceChanges } from '../spaces/changes';
import { searchSpaces } from '../search/search';
import { findSpaceRow, isHiddenByOperator, toSpace } from '../spaces/service';
import { readClientManifest, routeAssets } from './client-assets';
import { DEFAULT_DESCRIPTION, renderHead, renderPreloads, searchHead, SITE_NAME, spaceHead, type PageHead } from './head';
import { answerBody, fetchEmbeddedAnswers, renderEmbeddedAnswers, type FetchedAnswer } from './embed-answers';
import { Sitemap, sitemapPageNumber } from './sitemap';

/**
 * Paths the client router knows (src/client/app.tsx), each with the page module
 * it loads on its own (the home page is part of the app's entry); anything
 * else is the client's not-found page.
 */
export const CLIENT_ROUTES: ReadonlyArray<{ path: RegExp; page?: string }> = [
  { path: /^\/$/ },
  { path: /^\/search\/?$/, page: 'src/client/pages/search.tsx' },
  { path: /^\/map\/?$/, page: 'src/client/pages/map.tsx' },
  { path: /^\/list-space\/?$/, page: 'src/client/pages/list-space.tsx' },
  { path: /^\/messages\/?$/, page: 'src/client/pages/messages.tsx' },
  { path: /^\/profile\/?$/, page: 'src/client/pages/profile.tsx' },
  { path: /^\/calendar\/?$/, page: 'src/client/pages/calendar.tsx' },
  { path: /^\/donate\/?$/, page: 'src/client/pages/donate.tsx' },
  { path: /^\/terms\/?$/, page: 'src/client/pages/terms.tsx' },
  { path: /^\/about\/?$/, page: 'src/client/pages/about.tsx' },
  { path: /^\/help\/?$/, page: 'src/client/pages/help.tsx' },
  { path: /^\/safety\/?$/, page: 'src/client/pages/safety.tsx' },
  { path: /^\/contact\/?$/, page: 'src/client/pages/contact.tsx' },
  { path: /^\/privacy\/?$/, page: 'src/client/pages/privacy.tsx' },
  { path: /^\/cookies\/?$/, page: 'src/client/pages/cookies.tsx' },
  { path: /^\/accessibility\/?$/, page: 'src/client/pages/accessibility.tsx' },
  { path: /^\/unsubscribe\/?$/, page: 'src/client/pages/unsubscribe.tsx' },
  { path: /^\/reset-password\/?$/, page: 'src/client/pages/reset-password.tsx' },
  { path: /^\/verify-email\/?$/, page: 'src/client/pages/verify-email.tsx' },
  { path: /^\/payments\/connect\/?$/, page: 'src/client/pages/payments-connect.tsx' },
  { path: /^\/(spaces|space)\/[^/]+\/?$/, page: 'src/client/pages/space-detail.tsx' },
  { path: /^\/edit-space\/[^/]+\/?$/, page: 'src/client/pages/edit-space.tsx' },
  // Answered by its own route, which shows it to operators only: without its slash, so that the
  // not-found handler never counts `/admin/` as a known page.
  { path: /^\/admin$/, page: 'src/client/pages/admin.tsx' },
];

export interface PageRoutesOptions {
  db: Database;
  config: Config;
  clientDir: string;
  /** Says when a space was listed, edited or removed: the sitemap is built again. */
  spaceChanges?: SpaceChanges;
  /** URLs per sitemap file (default and most 50,000, the protocol's limit); tests pass a few. */
  sitemapPageSize?: number;
}

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { db, config, clientDir, spaceChanges, sitemapPageSize }) => {
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The client is not built: ${indexPath} is missing. Run \`npm run build\` first.`);
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes('<!--app-head-->')) throw new Error(`${indexPath} has no <!--app-head--> placeholder.`);

  const origin = config.publicUrl;
  const manifest = readClientManifest(clientDir);

  /** What the page at `pathname` loads first: its route's chunks (none without a manifest), and `image`. */
  const preloadsFor = (pathname: string, image?: string) => {
    const page = CLIENT_ROUTES.find((route) => route.path.test(pathname))?.page;
    return renderPreloads({ ...(manifest && page ? routeAssets(manifest, page) : {}), image });
  };

  /** The page: `head`, then `extra` (preload links, embedded answers), in index.html's `<!--app-head-->`. */
  const sendPage = (reply: FastifyReply, head: PageHead, status = 200, extra: string[] = []) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replace('<!--app-head-->', () => [renderHead(head), ...extra.filter(Boolean)].join('\n    ')));

  const defaultHead = (request: FastifyRequest, title = `${SITE_NAME}: rent medical space by the hour, day or month`): PageHead => ({
    title,
    description: DEFAULT_DESCRIPTION,
    canonical: `${origin}${request.url.split('?')[0]}`,
  });

  /** A page route's schema for the OpenAPI document: its summary and its HTML answer (and those of `gonePage`). */
  const page = (summary: string, notFoundPage?: string, gonePage?: string) => ({
    schema: {
      summary,
      response: {
        200: textAnswer('text/html', "The client's index.html with the page's head and the API answers it starts from."),
        ...(notFoundPage ? { 404: textAnswer('text/html', notFoundPage) } : {}),
        ...(gonePage ? { 410: textAnswer('text/html', gonePage) } : {}),
      },
    },
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

  // The featured spaces are in the home page's answers.
  app.get('/', page('The home page, with the featured spaces.'), async (request, reply) => {
    const answers = await fetchEmbeddedAnswers(app, request, [spacesPath({ limit: FEATURED_SPACES_COUNT })]);
    return sendPage(reply, defaultHead(request), 200, [preloadsFor('/'), renderEmbeddedAnswers(answers)]);
  });

  // The space (its API answer, which also gives the head) and its first photo, the page's largest paint.
  const spacePage = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const reviewsPath = spaceReviewsPath(request.params.id);
    const answers = await fetchEmbeddedAnswers(app, request, [spacePath(request.params.id), reviewsPath]);
    const answer = spaceSchema.safeParse(answerBody(answers[spacePath(request.params.id)]));
    const reviews = reviewPageSchema.safeParse(answerBody(answers[reviewsPath]));
    // Without an answer (the API's 404, or a failure), the database says whether the space exists.
    const row = answer.success ? null : await findSpaceRow(db, request.params.id);
    // Taken down by an operator or its owner suspended: gone (the page says so; docs/decisions/029-operators-and-the-audit-log.md).
    if (row && isHiddenByOperator(row))
      return sendPage(reply, defaultHead(request, `${LISTING_GONE_MESSAGE} | ${SITE_NAME}`), 410, [preloadsFor(pathname)]);
    const space = answer.success ? answer.data : row && toSpace(row);
    if (!space) return sendPage(reply, defaultHead(request, `Space Not Found | ${SITE_NAME}`), 404, [preloadsFor(pathname)]);
    return sendPage(reply, spaceHead(space, origin, reviews.success ? reviews.data.reviews : []), 200, [
      preloadsFor(pathname, spacePhotoUrl(space.images)),
      renderEmbeddedAnswers(answers),
    ]);
  };
  const spacePageSchema = page(
    "A space's page, with its details.",
    'The page, titled "Space Not Found", when there is no such space.',
    `The page, titled "${LISTING_GONE_MESSAGE}", when an operator took the listing down or suspended its owner.`,
  );
  app.get('/spaces/:id', spacePageSchema, spacePage);
  app.get('/space/:id', spacePageSchema, spacePage);

  app.get('/search', page('The search page, with the first page of results for its filters.'), async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const filters = parseSpaceFilters(new URLSearchParams(search));
    // The first page of results exactly as the page asks for it (same filters, same page size); it also gives the head.
    const apiPath = firstResultsPath(filters, DEFAULT_PAGE_SIZE);
    const answers = await fetchEmbeddedAnswers(app, request, [apiPath]);
    const results = firstResults(answers[apiPath]) ?? (await searchSpaces(db, spaceSearchSchema.parse({ limit: DEFAULT_PAGE_SIZE })));
    const first = results.spaces[0];
    return sendPage(
      reply,
      searchHead(results.spaces, results.total, filters.location, `${origin}/search${search}`, origin, results.exact),
      200,
      [preloadsFor('/search', first ? spaceCardImageUrl(first.images) : undefined), renderEmbeddedAnswers(answers)],
    );
  });

  // The static pages (the footer's links and the terms): each with its own title and description.
  for (const info of Object.values(INFO_PAGES)) {
    app.get(info.path, page(`The ${info.heading} page.`), async (_request, reply) =>
      sendPage(reply, { title: info.title, description: info.description, canonical: `${origin}${info.path}` }, 200, [
        preloadsFor(info.path),
      ]),
    );
  }

  app.get(
    '/robots.txt',
    {
      schema: { summary: 'Where crawlers may go, and the sitemap.', response: { 200: textAnswer('text/plain', 'robots.txt (RFC 9309).') } },
    },
    async (_request, reply) =>
      reply
        .type('text/plain')
        .send(
          `User-agent: *\nDisallow: /api/\nDisallow: /profile\nDisallow: /messages\nDisallow: /calendar\nSitemap: ${origin}/sitemap.xml\n`,
        ),
  );

  // Built on demand, kept a few minutes, and built again when a space changes through this instance (sitemap.ts).
  const sitemap = new Sitemap({ db, origin, pageSize: sitemapPageSize });
  const stopListening = spaceChanges?.subscribe(() => sitemap.clear());
  app.addHook('onClose', async () => stopListening?.());

  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'The sitemap of the pages, or the index of its files when it needs several.',
        response: { 200: textAnswer('application/xml', 'A sitemap or a sitemap index (sitemaps.org).') },
      },
    },
    async (_request, reply) => reply.type('application/xml').send(await sitemap.root()),
  );

  // The files of the sitemap index, when the spaces do not fit in one file.
  app.get(
    '/sitemaps/:file',
    {
      schema: { summary: 'One file of the sitemap index.', response: { 200: textAnswer('application/xml', 'A sitemap (sitemaps.org).') } },
    },
    async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const page = sitemapPageNumber(request.params.file);
      const xml = page === null ? null : await sitemap.page(page);
      if (xml === null) throw notFound('Not found.');
      return reply.type('application/xml').send(xml);
    },
  );

  /** The page of a path the client does not know: its not-found page, with status 404 (and nothing to preload). */
  const unknownPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, defaultHead(request, `Page Not Found | ${SITE_NAME}`), 404);

  // The operators' console: its page for an operator, and for anyone else the page of an unknown path,
  // status and head alike, so its existence is not revealed (docs/decisions/029-operators-and-the-audit-log.md).
  // Only the operators' OpenAPI document has it, as it has the console's API routes.
  const consolePage = page("The operators' console (to anyone else, the page of an unknown path).", 'Not an operator: the not-found page.');
  const consoleSchema = { ...consolePage.schema, [OPERATORS_ONLY]: true };
  app.get('/admin', { schema: consoleSchema, config: { auth: 'optional' } }, async (request, reply) =>
    request.user?.role === 'admin'
      ? sendPage(reply, defaultHead(request, `Console | ${SITE_NAME}`), 200, [preloadsFor('/admin')])
      : unknownPage(request, reply),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || path.extname(pathname)) {
      throw notFound('Not found.');
    }
    const known = CLIENT_ROUTES.some((route) => route.path.test(pathname));
    if (!known) return unknownPage(request, reply);
    return sendPage(reply, defaultHead(request), 200, [preloadsFor(pathname)]);
  });
};

/** The results in the /search page's one answer (cards and the counts of its headers), or null without it. */
function firstResults(answer: FetchedAnswer | undefined) {
  const cards = spaceCardSchema.array().safeParse(answerBody(answer));
  if (!answer || !cards.success) return null;
  return {
    spaces: cards.data,
    total: Number(answer.headers['x-total-count'] ?? cards.data.length),
    exact: answer.headers['x-total-count-exact'] !== 'false',
  };
}
