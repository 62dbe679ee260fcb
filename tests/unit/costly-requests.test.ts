/**
 * The pure pieces of the bounds on costly requests (docs/api.md "Limits"): the location
 * parts rule client and server share, map boxes widened to whole cluster
 * cells, a bounded request gate, the size-bounded map points cache and the
 * image storage message.
 */
import { describe, expect, it, vi } from 'vitest';
import { GateFullError, RequestGate } from '../../src/server/geocoding/geocoder';
import { answerEtag } from '../../src/server/http/public-cache';
import { cachedMapPoints, cellDegrees, createMapPointsCache, snapBbox, type MapPointsQuery } from '../../src/server/spaces/map-points';
import { imageStorageFullMessage, isImageStorageFull } from '../../src/shared/images';
import { locationParts, locationSearchSchema, mapPointsQuerySchema, MAX_LOCATION_PARTS, type Bbox } from '../../src/shared/schemas/spaces';
import { parseSpaceFilters } from '../../src/shared/space-filters';

describe('location parts', () => {
  it('are the non-empty comma-separated parts, at most 10', () => {
    expect(locationParts(' Austin , TX,, ')).toEqual(['Austin', 'TX']);
    const ten = Array.from({ length: MAX_LOCATION_PARTS }, (_, i) => `p${i}`).join(',');
    expect(locationSearchSchema.safeParse(ten).success).toBe(true);
    expect(locationSearchSchema.safeParse(`${ten},,,`).success).toBe(true);
    const eleven = locationSearchSchema.safeParse(`${ten},p10`);
    expect(eleven.success).toBe(false);
    expect(eleven.error?.issues[0]?.message).toBe('A location search can have at most 10 comma-separated parts.');
  });

  it('past 10 in a /search URL are dropped as a filter, like any value that does not parse', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}`).join(',');
    expect(parseSpaceFilters(new URLSearchParams({ location: eleven, spaceType: 'Laboratory' }))).toMatchObject({
      location: undefined,
      spaceType: 'Laboratory',
    });
  });
});

describe('map boxes', () => {
  const contains = (outer: Bbox, inner: Bbox) =>
    outer.south <= inner.south && outer.north >= inner.north && outer.west <= inner.west && outer.east >= inner.east;
  const onGrid = (value: number, cell: number) => Math.abs(value / cell - Math.round(value / cell)) < 1e-9;

  it('are widened outward to whole cluster cells, so nearby boxes are one box', () => {
    for (const zoom of [0, 3, 10, 16, 22]) {
      const cell = cellDegrees(zoom);
      const box = { west: -97.74321, south: 30.26111, east: -97.7, north: 30.3 };
      const snapped = snapBbox(box, zoom);
      expect(contains(snapped, box), `zoom ${zoom}`).toBe(true);
      for (const edge of ['west', 'south', 'east', 'north'] as const) {
        const limit = edge === 'west' || edge === 'east' ? 180 : 90;
        expect(onGrid(snapped[edge], cell) || Math.abs(snapped[edge]) === limit, `zoom ${zoom} ${edge}`).toBe(true);
        expect(Math.abs(snapped[edge] - box[edge]), `zoom ${zoom} ${edge}`).toBeLessThanOrEqual(cell);
      }
      const nudged = {
        west: box.west + cell / 1000,
        south: box.south - cell / 1000,
        east: box.east + cell / 1000,
        north: box.north - cell / 1000,
      };
      if (zoom >= 3) expect(snapBbox(nudged, zoom), `zoom ${zoom}`).toEqual(snapped);
    }
  });

  it('keep an edge that is already on the grid, stay in the world, and keep crossing the antimeridian', () => {
    const cell = cellDegrees(10);
    const aligned = { west: -1190 * cell, south: 364 * cell, east: -1183 * cell, north: 371 * cell };
    expect(snapBbox(aligned, 10)).toEqual(aligned);
    expect(snapBbox({ west: -180, south: -90, east: 180, north: 90 }, 4)).toEqual({ west: -180, south: -90, east: 180, north: 90 });
    const pacific = snapBbox({ west: 170, south: -25, east: -165, north: -5 }, 6);
    expect(pacific.west).toBeLessThanOrEqual(170);
    expect(pacific.east).toBeGreaterThanOrEqual(-165);
    expect(pacific.west).toBeGreaterThan(pacific.east);
    // At zoom 0 a cell is 84 degrees: the widened box closes round the world and becomes all of it.
    expect(snapBbox({ west: 100, south: 0, east: 90, north: 10 }, 0)).toMatchObject({ west: -180, east: 180 });
  });
});

describe('a bounded request gate', () => {
  it('refuses at once a caller past `maxWaiting` waiting ones, without taking a turn', async () => {
    vi.useFakeTimers();
    try {
      const gate = new RequestGate(1000, 2);
      const passed: number[] = [];
      const refused: number[] = [];
      for (const n of [0, 1, 2, 3])
        void gate.run(async () => void passed.push(n)).catch((error: unknown) => error instanceof GateFullError && refused.push(n));
      await vi.advanceTimersByTimeAsync(0);
      expect(passed).toEqual([0]);
      expect(refused).toEqual([3]);
      await vi.advanceTimersByTimeAsync(2000);
      expect(passed).toEqual([0, 1, 2]);
      // The refused caller took no turn: the next one goes a second after the last.
      void gate.run(async () => void passed.push(4));
      await vi.advanceTimersByTimeAsync(999);
      expect(passed).toEqual([0, 1, 2]);
      await vi.advanceTimersByTimeAsync(1);
      expect(passed).toEqual([0, 1, 2, 4]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the map points cache', () => {
  it('keeps answers by their size once known, and never one larger than the whole cache', async () => {
    // A view's answer has as many points as its zoom; it counts its points and one more.
    const cluster = vi.fn(async (view: MapPointsQuery) => ({
      total: view.zoom,
      points: Array.from({ length: view.zoom }, () => ({ lat: 0, lng: 0, count: 1 })),
    }));
    const cache = createMapPointsCache(cluster, 10);
    const view = (zoom: number, spaceType?: string) => mapPointsQuerySchema.parse({ bbox: '-10,-10,10,10', zoom: String(zoom), spaceType });
    await cachedMapPoints(view(3), cache);
    await cachedMapPoints(view(20), cache);
    expect(cache.size).toBe(1);
    expect(cache.calculatedSize).toBe(4);
    // Shared while computed, then served from the cache.
    const [a, b] = await Promise.all([cachedMapPoints(view(4), cache), cachedMapPoints(view(4), cache)]);
    expect(a).toBe(b);
    // Kept as sent: the JSON body and its tag.
    expect(JSON.parse(a.body)).toEqual({ total: 4, points: Array.from({ length: 4 }, () => ({ lat: 0, lng: 0, count: 1 })) });
    expect(a.etag).toBe(answerEtag(a.body));
    await cachedMapPoints(view(4), cache);
    expect(cluster).toHaveBeenCalledTimes(3);
    // Over the size, the least recently used answers go.
    await cachedMapPoints(view(4, 'Laboratory'), cache);
    expect(cache.calculatedSize).toBeLessThanOrEqual(10);
    await cachedMapPoints(view(4), cache);
    expect(cluster).toHaveBeenCalledTimes(4);
    await cachedMapPoints(view(3), cache);
    expect(cluster).toHaveBeenCalledTimes(5);
  });

  it('answers a view whose clustering was under way when the cache was cleared, and does not keep it', async () => {
    let finish = () => {};
    const cache = createMapPointsCache((_view) => new Promise((resolve) => (finish = () => resolve({ total: 0, points: [] }))));
    const answer = cachedMapPoints(mapPointsQuerySchema.parse({ bbox: '-10,-10,10,10', zoom: '3' }), cache);
    cache.clear();
    finish();
    expect(JSON.parse((await answer).body)).toEqual({ total: 0, points: [] });
    expect(cache.size).toBe(0);
  });
});

describe('the image storage message', () => {
  it('names the quota and is told apart from "File too large"', () => {
    expect(imageStorageFullMessage(500)).toBe('You have used your image storage (500 MB). Please contact support to upload more.');
    expect(imageStorageFullMessage(0.0456789)).toContain('(0.05 MB)');
    expect(isImageStorageFull(imageStorageFullMessage(500))).toBe(true);
    expect(isImageStorageFull('File too large: images must be under 5MB.')).toBe(false);
    expect(isImageStorageFull(undefined)).toBe(false);
  });
});
