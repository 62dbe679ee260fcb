import { MapPin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Space } from '@/shared/schemas/spaces';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useNearViewport } from '@/client/lib/use-near-viewport';

const SpaceMap = lazy(() => import('./space-map'));

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * Where the space is (docs/product.md#space-page): a Leaflet map at zoom 13,
 * height 400, with a marker (tiles from `MAP_TILE_URL` over bundled state
 * outlines, so it draws offline too); without coordinates a box with the
 * address and 'Location coordinates not available for this space'.
 *
 * The map (Leaflet is most of the page's JavaScript) loads when it comes
 * within 400 px of the viewport, usually by scrolling; until
 * then a placeholder of the map's own height holds its place, so nothing moves.
 */
export function SpaceLocation({
  space,
}: {
  space: Pick<Space, 'title' | 'address' | 'city' | 'state' | 'zipCode' | 'latitude' | 'longitude'>;
}) {
  const latitude = coordinate(space.latitude, 90);
  const longitude = coordinate(space.longitude, 180);
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const fullAddress = `${space.address}, ${space.city}, ${space.state} ${space.zipCode}`;
  const [placeholder, near] = useNearViewport<HTMLDivElement>('400px');

  if (point) {
    const skeleton = <Skeleton className="h-[400px] rounded-xl" />;
    return near ? (
      <Suspense fallback={skeleton}>
        <SpaceMap latitude={point.latitude} longitude={point.longitude} label={fullAddress} />
      </Suspense>
    ) : (
      <div ref={placeholder} data-testid="space-map-placeholder">
        {skeleton}
      </div>
    );
  }

  return (
    <div className="flex h-[400px] flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-[linear-gradient(135deg,#eff6ff_0%,#f8fafc_60%,#e0f2fe_100%)] p-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-white text-primary shadow">
        <MapPin className="size-7" aria-hidden="true" />
      </span>
      <p className="font-medium text-slate-900">{fullAddress}</p>
      <p className="text-sm text-slate-600">Location coordinates not available for this space</p>
    </div>
  );
}
