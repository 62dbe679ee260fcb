/**
 * The compact points of the maps (docs/decisions/014-search-in-the-database.md):
 * active spaces with coordinates inside a bounding box, with the search
 * filters of `/search`, clustered on the server on a grid whose cells are
 * {@link CLUSTER_CELL_PX} screen pixels wide at the asked zoom. One row per
 * occupied cell, so the answer stays small at every zoom, and the counts add
 * up to the number of matching spaces in the box.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Bbox, MapPoints, mapPointsQuerySchema } from '../../shared/schemas/spaces';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';
import { answerEtag } from '../http/public-cache';
import { filtersKey, searchFilter } from '../search/filters';

export type MapPointsQuery = z.output<typeof mapPointsQuerySchema>;

/** Degrees to 6 decimals (about 0.1 m): the points' precision on the wire. */
const micro = (value: number | string) => Math.round(Number(value) * 1e6) / 1e6;

/** Width of a cluster cell on screen, in pixels (web-mercator tiles are 256 px; the world is 256 * 2^zoom px wide). */
export const CLUSTER_CELL_PX = 60;

/** Cell size in degrees of longitude at `zoom` (also used for latitude: cells are a little taller near the poles). */
export function cellDegrees(zoom: number): number {
  return (360 * CLUSTER_CELL_PX) / (256 * 2 ** zoom);
}

/**
 * The box a view is answered for: `bbox` widened outward to whole cluster
 * cells ({@link cellDegrees} at `zoom`, the grid {@link mapPoints} groups by)
 * and clamped to the world. Every point of the asked box is inside it; boxes
 * that differ by less than a cell (60 px on screen) give the same box, so
 * they share one cached answer, and the clusters at its edges are whole.
 * A box that crosses the antimeridian stays crossing, or becomes the whole
 * width of the world when the widening closes it.
 */
export function snapBbox(bbox: Bbox, zoom: number): Bbox {
  const cell = cellDegrees(zoom);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  // Math.min/max with the asked edge: a product of the cell that rounds inward by a float's last bit changes nothing.
  const down = (value: number, limit: number) => clamp(Math.min(value, Math.floor(value / cell) * cell), limit);
  const up = (value: number, limit: number) => clamp(Math.max(value, Math.ceil(value / cell) * cell), limit);
  const south = down(bbox.south, 90);
  const north = up(bbox.north, 90);
  const west = down(bbox.west, 180);
  const east = up(bbox.east, 180);
  const crossing = bbox.west > bbox.east;
  if (crossing && west <= east) return { west: -180, south, east: 180, north };
  return { west, south, east, north };
}

/**
 * A map answer as it is sent: its JSON body and weak ETag (`answerEtag`), made once per view and
 * kept, so a view asked again costs neither its clustering nor its serializing and hashing (a
 * world view holds hundreds of clusters); `points` is how many it holds.
 */
export interface MapPointsAnswer {
  body: string;
  etag: string;
  points: number;
}

/** The JSON body and tag of `answer` ({@link MapPointsAnswer}). */
export function mapPointsAnswer(answer: MapPoints): MapPointsAnswer {
  const body = JSON.stringify(answer);
  return { body, etag: answerEtag(body), points: answer.points.length };
}

/**
 * Recent map answers by view and filters. A view's clusters cost a pass
 * over every matching space (the whole table for /map's first view), while
 * many visitors ask for the same views; concurrent requests for one view
 * share one query.
 */
export type MapPointsCache = LRUCache<string, MapPointsAnswer, MapPointsQuery>;

/** The most points all cached map answers hold together (a point is about 100 bytes): about 25 MB. */
export const MAP_POINTS_CACHE_POINTS = 250_000;

/**
 * A cache of map answers: up to 500 views and `maxPoints` points for 30
 * seconds, least recently used first out; an answer larger than that is
 * answered but not kept. Like the search counts, the app clears it when a
 * space is listed, edited or removed through it; another instance's change
 * shows within 30 s.
 * @param cluster the answer of a view ({@link mapPoints} on the app's database)
 * @param maxPoints the most points the answers hold together (tests lower it)
 */
export function createMapPointsCache(
  cluster: (view: MapPointsQuery) => Promise<MapPoints>,
  maxPoints = MAP_POINTS_CACHE_POINTS,
): MapPointsCache {
  return new LRUCache<string, MapPointsAnswer, MapPointsQuery>({
    max: 500,
    maxSize: maxPoints,
    ttl: 30_000,
    // An answer counts its points (one being computed counts 1).
    sizeCalculation: (answer) => answer.points + 1,
    // Clearing the cache aborts the answers in flight: their callers still get them, the cache does not keep them.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => mapPointsAnswer(await cluster(context)),
  });
}

/**
 * {@link mapPoints} through `cache`, for the view's box widened by
 * {@link snapBbox}: a view asked again within 30 s, or one that differs by
 * less than a cluster cell, is not clustered again.
 */
export function cachedMapPoints(query: MapPointsQuery, cache: MapPointsCache): Promise<MapPointsAnswer> {
  const view = { ...query, bbox: snapBbox(query.bbox, query.zoom) };
  return cache.forceFetch(filtersKey(view), { context: view });
}

/**
 * Clustered points for a map view.
 * @returns one entry per occupied grid cell (its mean position and count; the
 *   space id when the cell holds a single space, else the `bounds` of its spaces)
 *   and the total they add up to
 */
export async function mapPoints(db: Database, query: MapPointsQuery): Promise<MapPoints> {
  // Float arithmetic: numeric division and averages are several times slower over a large table.
  const cell = sql.raw(`${cellDegrees(query.zoom).toFixed(12)}::float8`);
  const lat = sql`${medicalSpaces.latitude}::float8`;
  const lng = sql`${medicalSpaces.longitude}::float8`;
  const gx = sql`floor(${lng} / ${cell})`;
  const gy = sql`floor(${lat} / ${cell})`;
  const rows = await db
    .select({
      count: sql<number>`count(*)::int`,
      lat: sql<number>`avg(${lat})`,
      lng: sql<number>`avg(${lng})`,
      // Only read for a cell of one space.
      id: sql<string>`case when count(*) = 1 then min(${medicalSpaces.id}::text) end`,
      // A cluster's extent: a click on it zooms to these bounds.
      south: sql<number>`min(${lat})`,
      west: sql<number>`min(${lng})`,
      north: sql<number>`max(${lat})`,
      east: sql<number>`max(${lng})`,
    })
    .from(medicalSpaces)
    // The filters of `GET /api/spaces` (docs/product.md#api-calls) and the box: one rule.
    .where(searchFilter(query))
    .groupBy(gx, gy);
  let total = 0;
  const points = rows.map((row) => {
    total += row.count;
    const lat = micro(row.lat);
    const lng = micro(row.lng);
    if (row.count === 1) return { lat, lng, count: 1, id: row.id };
    return { lat, lng, count: row.count, bounds: [micro(row.south), micro(row.west), micro(row.north), micro(row.east)] };
  });
  return { total, points };
}
