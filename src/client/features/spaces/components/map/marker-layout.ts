import type { MapPoint } from '@/shared/schemas/spaces';
import { pointBounds, unionBounds } from './fit';

/** The side of a single space's marker, in CSS px. */
export const SINGLE_MARKER_PX = 26;

/** The side of a cluster's round badge for `count` spaces, in CSS px: larger for larger clusters, never under 34. */
export function clusterMarkerPx(count: number): number {
  return count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 54;
}

/** Space kept between two markers' boxes, in CSS px. */
const GAP_PX = 2;

/** A point with its position on the screen (CSS px), as Leaflet's `latLngToContainerPoint` gives it. */
interface Placed {
  point: MapPoint;
  x: number;
  y: number;
}

const markerPx = (point: MapPoint) => (point.id ? SINGLE_MARKER_PX : clusterMarkerPx(point.count));

/** Whether two markers' square boxes (centred on their points) come closer than {@link GAP_PX}. */
function overlap(a: Placed, b: Placed): boolean {
  const reach = (markerPx(a.point) + markerPx(b.point)) / 2 + GAP_PX;
  return Math.abs(a.x - b.x) < reach && Math.abs(a.y - b.y) < reach;
}

/** One cluster of both, at their count-weighted centre, with the bounds of both. */
function merge(a: Placed, b: Placed): Placed {
  const count = a.point.count + b.point.count;
  const weigh = (u: number, v: number) => (u * a.point.count + v * b.point.count) / count;
  return {
    // Its bounds hold both, so a click on it zooms to every space it stands for.
    point: {
      lat: weigh(a.point.lat, b.point.lat),
      lng: weigh(a.point.lng, b.point.lng),
      count,
      bounds: unionBounds(pointBounds(a.point), pointBounds(b.point)),
    },
    x: weigh(a.x, b.x),
    y: weigh(a.y, b.y),
  };
}

/**
 * The map's markers with no two overlapping: the server clusters spaces by
 * grid cell, and the centres of neighbouring cells can fall a few pixels
 * apart, where one marker would hide part of another (a click target under
 * 24 by 24 CSS px, WCAG 2.5.8). Overlapping markers become one cluster, which
 * a click zooms into. At `canMergeSingles` false (the map's last zoom level,
 * where a cluster cannot be zoomed into) single spaces are left apart.
 *
 * @param points the server's points (a point with an `id` is one space)
 * @param project a point's position on the screen, in CSS px
 * @returns the points to draw; their counts add up to the input's
 */
export function separateMarkers(
  points: readonly MapPoint[],
  project: (point: MapPoint) => { x: number; y: number },
  canMergeSingles = true,
): MapPoint[] {
  let placed: Placed[] = points.map((point) => ({ point, ...project(point) }));
  // Merge the first overlapping pair until none is left (a merged cluster is larger and may reach another).
  for (;;) {
    let pair: [number, number] | undefined;
    for (let i = 0; i < placed.length && !pair; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        if (!canMergeSingles && (a.point.id || b.point.id)) continue;
        if (overlap(a, b)) {
          pair = [i, j];
          break;
        }
      }
    }
    if (!pair) return placed.map(({ point }) => point);
    const [i, j] = pair;
    const merged = merge(placed[i]!, placed[j]!);
    placed = [...placed.filter((_, index) => index !== i && index !== j), merged];
  }
}
