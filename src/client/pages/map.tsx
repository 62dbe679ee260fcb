import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Skeleton } from '@/client/components/ui/skeleton';
import {
  getMapPointsQueryOptions,
  meanPosition,
  useMapPoints,
  WORLD_VIEW,
  type MapView,
} from '@/client/features/spaces/api/get-map-points';
import { boundsOfPoints } from '@/client/features/spaces/components/map/fit';
import { useSpaces } from '@/client/features/spaces/api/get-spaces';
import { OVERVIEW_ZOOM, US_CENTER } from '@/client/features/spaces/components/map/map-constants';
import { SpaceFiltersPanel } from '@/client/features/spaces/components/space-filters-panel';
import { ARRIVAL_FOCUS } from '@/client/lib/route-focus';
import { parseSpaceFilters, serializeSpaceFilters, type SpaceFilters } from '@/shared/space-filters';

const SpacesMap = lazy(() => import('@/client/features/spaces/components/map/spaces-map'));

function MapPlaceholder() {
  return (
    <div className="relative">
      <Skeleton className="h-[600px] rounded-xl" />
      <p className="absolute inset-0 flex items-center justify-center text-slate-600">Loading map...</p>
    </div>
  );
}

/**
 * /map (docs/product.md#map): every space matching the filters of /search on
 * a map 600 px high, fitted to the results (else the middle of the US at overview zoom 4),
 * clustered by the server; under it, how many spaces are in view and a link to them as a list
 * (/search with the same filters and the map's box).
 */
export function MapPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseSpaceFilters(new URLSearchParams(search)), [search]);
  const setFilters = (next: SpaceFilters, options?: { replace?: boolean }) => {
    const query = serializeSpaceFilters(next).toString();
    navigate(query ? `/map?${query}` : '/map', options);
  };

  const count = useSpaces({ ...filters, limit: 1 });
  // The centre is computed once, from the first answer: later filter changes move the markers, not the map.
  const [firstFilters] = useState(filters);
  const overview = useQuery(getMapPointsQueryOptions(firstFilters, WORLD_VIEW));
  const center = useMemo(() => {
    const mean = overview.data ? meanPosition(overview.data.points) : null;
    return mean ?? US_CENTER;
  }, [overview.data]);
  // The map first fits every result (a Boston search shows Boston); without results, the US.
  const bounds = useMemo(() => (overview.data ? boundsOfPoints(overview.data.points) : null), [overview.data]);
  // What is in view, offered as a list on /search (the same filters and the map's box).
  const [view, setView] = useState<MapView | null>(null);
  const inView = useMapPoints(filters, view);
  const countId = useId();
  const listHref = view ? `/search?${serializeSpaceFilters({ ...filters, bbox: view.bbox }).toString()}` : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageMeta
        title="Map of medical spaces | ClinicShare"
        description="Every medical office space, exam room and clinic for rent on ClinicShare, on a map."
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Map of Medical Spaces</h1>
      <p id={countId} className="mt-1 text-slate-700" aria-live="polite">
        {count.isPending
          ? 'Loading spaces...'
          : count.isError
            ? 'Spaces could not be loaded.'
            : `${count.data.total} medical spaces available`}
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-[17rem_1fr] md:items-start">
        <SpaceFiltersPanel filters={filters} onChange={setFilters} className="md:sticky md:top-20" />
        {/* Where "Skip to results" leads, past the filters: the map, named by the count above. */}
        <section id={ARRIVAL_FOCUS.results} aria-labelledby={countId} className="min-w-0 outline-none">
          {overview.isPending ? (
            <MapPlaceholder />
          ) : (
            <Suspense fallback={<MapPlaceholder />}>
              <div className="grid gap-3">
                <SpacesMap
                  filters={filters}
                  center={[center.lat, center.lng]}
                  zoom={OVERVIEW_ZOOM}
                  bounds={bounds}
                  heightClassName="h-[600px]"
                  onView={setView}
                />
                {listHref && inView.data ? (
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="map-in-view">
                    <span aria-live="polite">{inView.data.total === 1 ? '1 space in view' : `${inView.data.total} spaces in view`}</span>
                    {inView.data.total > 0 ? (
                      <Link href={listHref} className="font-medium text-primary underline underline-offset-2">
                        List the spaces in view
                      </Link>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
