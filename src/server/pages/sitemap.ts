/**
 * The sitemap (sitemaps.org protocol 0.9, https://www.sitemaps.org/protocol.html):
 * the home and search pages and the static pages (src/shared/info-pages.ts), then every active space, oldest first.
 * A file holds at most {@link SITEMAP_MAX_URLS} URLs; past that,
 * `/sitemap.xml` is a sitemap index listing `/sitemaps/spaces-1.xml`,
 * `/sitemaps/spaces-2.xml`, ... of that many URLs each (the first also holds
 * the pages).
 *
 * Files are kept for {@link SITEMAP_TTL_MS} (and dropped by {@link Sitemap.clear}
 * when a space changes through this instance); concurrent requests for one
 * file share one build, so crawlers and floods cost one query per file per
 * few minutes.
 */
import { asc, count, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { create } from 'xmlbuilder2';
import { INFO_PAGES } from '../../shared/info-pages';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';

/** The protocol's limit of URLs in one sitemap file (and of files in one index). */
export const SITEMAP_MAX_URLS = 50_000;
/** How long a built file is served before it is built again (milliseconds). */
export const SITEMAP_TTL_MS = 5 * 60_000;
/** Characters of XML kept at most (a file of 50,000 URLs is about 5.5 million). */
const SITEMAP_CACHE_CHARACTERS = 32 * 1024 * 1024;

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The pages listed before the spaces. */
const PAGES = ['/', '/search', ...Object.values(INFO_PAGES).map((page) => page.path)];

/** The path of sitemap file `page` (1-based) of an index. */
export const sitemapPagePath = (page: number) => `/sitemaps/spaces-${page}.xml`;

/** The file number of a {@link sitemapPagePath} name (`spaces-3.xml` -> 3), or null for any other name. */
export function sitemapPageNumber(file: string): number | null {
  const match = /^spaces-([1-9]\d{0,8})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}

export interface SitemapOptions {
  db: Database;
  /** The public origin every URL starts with (`PUBLIC_URL`), without a trailing slash. */
  origin: string;
  /** URLs per file: {@link SITEMAP_MAX_URLS} (at most that); tests pass a few to see an index. */
  pageSize?: number;
}

/** The sitemap's files, built on demand and kept a few minutes. */
export class Sitemap {
  private readonly db: Database;
  private readonly origin: string;
  private readonly pageSize: number;
  // Built files by name ('root', or a file's number). An entry counts 1 while built, then its characters.
  // Clearing aborts the builds in flight: their callers still get them, the cache does not keep them.
  private readonly files = new LRUCache<string, string>({
    max: 100,
    maxSize: SITEMAP_CACHE_CHARACTERS,
    sizeCalculation: (xml) => xml.length,
    ttl: SITEMAP_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (file) => (file === 'root' ? this.buildRoot() : this.buildPage(Number(file))),
  });
  // The number of URLs, which decides the files there are.
  private readonly total = new LRUCache<'urls', number>({
    max: 1,
    ttl: SITEMAP_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: () => this.countUrls(),
  });

  constructor({ db, origin, pageSize = SITEMAP_MAX_URLS }: SitemapOptions) {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_MAX_URLS)
      throw new Error(`A sitemap page holds 1 to ${SITEMAP_MAX_URLS} URLs`);
    this.db = db;
    this.origin = origin;
    this.pageSize = pageSize;
  }

  /** Forgets every built file (a space was listed, edited or removed). */
  clear(): void {
    this.files.clear();
    this.total.clear();
  }

  /** How many files the list takes (1 when it fits in `/sitemap.xml` itself). */
  private async pageCount(): Promise<number> {
    const urls = await this.total.forceFetch('urls');
    return Math.max(1, Math.ceil(urls / this.pageSize));
  }

  /** How many URLs the list holds: the pages and every active space. */
  private async countUrls(): Promise<number> {
    const [row] = await this.db.select({ spaces: count() }).from(medicalSpaces).where(eq(medicalSpaces.active, true));
    return PAGES.length + (row?.spaces ?? 0);
  }

  /** `/sitemap.xml`: every URL when they fit in one file, else the index of the files. */
  root(): Promise<string> {
    return this.files.forceFetch('root');
  }

  /** `/sitemap.xml` built: the one file, or the index of the files. */
  private async buildRoot(): Promise<string> {
    const pages = await this.pageCount();
    if (pages === 1) return (await this.page(1))!;
    const index = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'sitemapindex');
    for (let page = 1; page <= pages; page++)
      index
        .ele('sitemap')
        .ele('loc')
        .txt(`${this.origin}${sitemapPagePath(page)}`);
    return `${index.end({ prettyPrint: true })}\n`;
  }

  /**
   * File `page` (1-based) of the index: URLs `(page - 1) * pageSize` to
   * `page * pageSize` of the list (pages first, then spaces oldest first).
   * @returns its XML, or null past the last file (page 1 always exists)
   */
  async page(page: number): Promise<string | null> {
    // Past the last file nothing is queried: a scraper asking for page 1,000,000 costs no scan.
    if (!Number.isInteger(page) || page < 1 || page > (await this.pageCount())) return null;
    return this.files.forceFetch(String(page));
  }

  /** File `page` of the index, built (see {@link Sitemap.page}). */
  private async buildPage(page: number): Promise<string> {
    const start = (page - 1) * this.pageSize;
    const end = start + this.pageSize;
    const urls: { loc: string; lastmod?: string }[] = PAGES.slice(start, end).map((path) => ({ loc: `${this.origin}${path}` }));
    const limit = end - Math.max(start, PAGES.length);
    if (limit > 0) {
      // The order of the partial index on active spaces (created_at, id): offsets are index-only scans.
      const rows = await this.db
        .select({ id: medicalSpaces.id, createdAt: medicalSpaces.createdAt })
        .from(medicalSpaces)
        .where(eq(medicalSpaces.active, true))
        .orderBy(asc(medicalSpaces.createdAt), asc(medicalSpaces.id))
        .offset(Math.max(0, start - PAGES.length))
        .limit(limit);
      for (const row of rows) urls.push({ loc: `${this.origin}/spaces/${row.id}`, lastmod: row.createdAt.toISOString().slice(0, 10) });
    }
    // xmlbuilder2 escapes text content, so nothing in a URL can break the XML.
    const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'urlset');
    for (const url of urls) {
      const entry = urlset.ele('url');
      entry.ele('loc').txt(url.loc);
      if (url.lastmod) entry.ele('lastmod').txt(url.lastmod);
    }
    return `${urlset.end({ prettyPrint: true })}\n`;
  }
}
