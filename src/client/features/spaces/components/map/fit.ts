import type { LatLngBoundsLiteral } from 'leaflet';
import type { MapPoint } from '@/shared/schemas/spaces';

/** A point's extent, `[south, west, north, east]`: a cluster's `bounds`, or the point itself. */
export function pointBounds(point: Pick<MapPoint, 'lat' | 'lng' | 'bounds'>): [number, number, number, number] {
  const [south = point.lat, west = point.lng, north = point.lat, east = point.lng] = point.bounds ?? [];
  return [south, west, north, east];
}

/** The smallest extent holding both. */
export function unionBounds(a: [number, number, number, number], b: [number, number, number, number]): [number, number, number, number] {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/**
 * What the map should show to fit `points` (the server's clusters, with their bounds): Leaflet's
 * `[[south, west], [north, east]]` around every space they stand for, or null without points.
 */
export function boundsOfPoints(points: readonly Pick<MapPoint, 'lat' | 'lng' | 'bounds'>[]): LatLngBoundsLiteral | null {
  if (points.length === 0) return null;
  const [south, west, north, east] = points.map(pointBounds).reduce(unionBounds);
  return [
    [south, west],
    [north, east],
  ];
}

/** The list filter's `west,south,east,north` box around `bounds`, widened by `margin` degrees (a box of one point is not empty). */
export function bboxAround([south, west, north, east]: [number, number, number, number], margin = 1e-5): string {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  return [clamp(west - margin, 180), clamp(south - margin, 90), clamp(east + margin, 180), clamp(north + margin, 90)].map(round).join(',');
}

/**
 * Where `count` markers spread around a cluster's centre go on screen, as offsets in CSS px: a
 * circle (two rings past 12) far enough apart that markers of `markerPx` do not touch.
 */
export function spreadOffsets(count: number, markerPx: number): { x: number; y: number }[] {
  const offsets: { x: number; y: number }[] = [];
  const ringSize = 12;
  for (let index = 0; index < count; index++) {
    const ring = Math.floor(index / ringSize);
    const inRing = Math.min(ringSize, count - ring * ringSize);
    // Neighbours a diagonal's length apart (square boxes touch soonest corner to corner), rings likewise.
    const step = markerPx * Math.SQRT2 + 4;
    const radius = Math.max(step, (inRing * step) / (2 * Math.PI)) + ring * step * 1.5;
    const angle = ((index % ringSize) / inRing) * 2 * Math.PI - Math.PI / 2 + ring * 0.3;
    offsets.push({ x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) });
  }
  return offsets;
}
