/** The map's markers never overlap (a click target of at least 24 by 24 CSS px, WCAG 2.5.8). */
import { describe, expect, it } from 'vitest';
import { bboxAround, boundsOfPoints, spreadOffsets } from '../../src/client/features/spaces/components/map/fit';
import { clusterMarkerPx, separateMarkers, SINGLE_MARKER_PX } from '../../src/client/features/spaces/components/map/marker-layout';
import type { MapPoint } from '../../src/shared/schemas/spaces';

/** Points placed on a flat screen: lng is x and lat is y, in px. */
const project = (point: MapPoint) => ({ x: point.lng, y: point.lat });
const cluster = (x: number, y: number, count: number): MapPoint => ({ lat: y, lng: x, count });
const single = (x: number, y: number, id: string): MapPoint => ({ lat: y, lng: x, count: 1, id });
const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';

/** Whether any two markers' boxes overlap. */
function anyOverlap(points: MapPoint[]): boolean {
  const size = (point: MapPoint) => (point.id ? SINGLE_MARKER_PX : clusterMarkerPx(point.count));
  return points.some((a, i) =>
    points.slice(i + 1).some((b) => {
      const reach = (size(a) + size(b)) / 2;
      return Math.abs(a.lng - b.lng) < reach && Math.abs(a.lat - b.lat) < reach;
    }),
  );
}

describe('separateMarkers', () => {
  it('never draws a marker smaller than 24 by 24 px', () => {
    expect(SINGLE_MARKER_PX).toBeGreaterThanOrEqual(24);
    for (const count of [2, 9, 10, 99, 100, 999, 1000, 100_000]) expect(clusterMarkerPx(count)).toBeGreaterThanOrEqual(24);
  });

  it('leaves markers that do not overlap as they are', () => {
    const points = [cluster(0, 0, 4), cluster(100, 0, 12), single(0, 100, ID_A)];
    expect(separateMarkers(points, project)).toEqual(points);
  });

  it('merges two overlapping clusters into one at their count-weighted centre, keeping the total', () => {
    const merged = separateMarkers([cluster(0, 0, 4), cluster(20, 10, 12)], project);
    expect(merged).toEqual([{ lat: 7.5, lng: 15, count: 16, bounds: [0, 0, 10, 20] }]);
  });

  it('merges until nothing overlaps, the grown cluster included', () => {
    const points = [cluster(0, 0, 5), cluster(30, 0, 5), cluster(60, 0, 90), single(95, 0, ID_A), cluster(300, 300, 3)];
    const result = separateMarkers(points, project);
    expect(anyOverlap(result)).toBe(false);
    expect(result.reduce((sum, point) => sum + point.count, 0)).toBe(104);
  });

  it('keeps single spaces apart where a cluster could not be zoomed into', () => {
    const points = [single(0, 0, ID_A), single(10, 0, ID_B)];
    expect(separateMarkers(points, project, false)).toEqual(points);
    expect(separateMarkers(points, project)).toEqual([{ lat: 0, lng: 5, count: 2, bounds: [0, 0, 0, 10] }]);
  });
});

describe('fitting the map', () => {
  it('fits the bounds of every space the points stand for, clusters by their own bounds', () => {
    expect(boundsOfPoints([])).toBeNull();
    const boston = { lat: 42.35, lng: -71.06, count: 40, bounds: [42.3, -71.1, 42.4, -71.0] as [number, number, number, number] };
    const cambridge = { lat: 42.37, lng: -71.11, count: 1, id: ID_A };
    expect(boundsOfPoints([boston, cambridge])).toEqual([
      [42.3, -71.11],
      [42.4, -71.0],
    ]);
  });

  it('asks the list for a box around a cluster that is not empty when its spaces share one point', () => {
    expect(bboxAround([41.8827, -87.6233, 41.8827, -87.6233])).toBe('-87.62331,41.88269,-87.62329,41.88271');
  });

  it('spreads markers of a cluster so that no two touch', () => {
    for (const count of [2, 3, 8, 12, 13, 40]) {
      const offsets = spreadOffsets(count, SINGLE_MARKER_PX);
      expect(offsets).toHaveLength(count);
      const spread = offsets.map((offset, index) => ({ lat: offset.y, lng: offset.x, count: 1, id: `${ID_A.slice(0, -2)}${index}` }));
      expect(anyOverlap(spread), `${count} markers`).toBe(false);
    }
  });
});
