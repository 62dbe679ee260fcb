import { useQuery } from '@tanstack/react-query';
import { List, Map as MapIcon, Search } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { bboxSchema } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { getMapPointsQueryOptions, meanPosition, WORLD_VIEW, type MapView } from '../../api/get-map-points';
import type { SpaceFilters } from '@/shared/space-filters';
import { boundsOfPoints } from './fit';
import { OVERVIEW_ZOOM, US_CENTER } from './map-constants';

const SpacesMap = lazy(() => import('./spaces-map'));

const WIDE = '(min-width: 1280px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** True on screens wide enough for the map beside the list (Tailwind's xl). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/** The centre and a zoom that shows a `west,south,east,north` box on a map about 400 px wide. */
function viewOfBbox(bbox: string): { center: [number, number]; zoom: number } | null {
  const parsed = bboxSchema.safeParse(bbox);
  if (!parsed.success) return null;
  const { west, south, east, north } = parsed.data;
  const span = Math.max(east - west, (north - south) * 1.3, 0.001);
  return {
    center: [(south + north) / 2, (west + east) / 2],
    zoom: Math.max(1, Math.min(18, Math.floor(Math.log2((360 * 400) / (256 * span))))),
  };
}

interface SearchResultsMapProps {
  filters: SpaceFilters;
  /** 'Search this area': filter the list by the map's box. */
  onSearchArea: (bbox: string) => void;
  /** The results list. */
  children: ReactNode;
}

/**
 * /search's results with a map (docs/decisions/006-maps-and-images.md): on wide screens the map sits
 * beside the list; on narrower ones a List/Map toggle switches between them.
 * Moving the map offers 'Search this area', which filters by the box.
 */
export function SearchResultsMap({ filters, onSearchArea, children }: SearchResultsMapProps) {
  const [shown, setShown] = useState<'list' | 'map'>('list');
  const [moved, setMoved] = useState<MapView | null>(null);
  const [initialBbox] = useState(filters.bbox);
  const overview = useQuery({ ...getMapPointsQueryOptions({ ...filters, bbox: undefined }, WORLD_VIEW), enabled: !initialBbox });
  const initial = useMemo(() => {
    const fromBbox = initialBbox ? viewOfBbox(initialBbox) : null;
    if (fromBbox) return fromBbox;
    const mean = overview.data ? meanPosition(overview.data.points) : null;
    return {
      center: [mean?.lat ?? US_CENTER.lat, mean?.lng ?? US_CENTER.lng] as [number, number],
      zoom: OVERVIEW_ZOOM - 1,
      // Fitted to the results: a Boston search shows Boston.
      bounds: overview.data ? boundsOfPoints(overview.data.points) : null,
    };
  }, [initialBbox, overview.data]);
  const ready = Boolean(initialBbox) || !overview.isPending;
  // Leaflet measures its box when created: the map is mounted only where it is visible.
  const wide = useWideScreen();
  const mapVisible = wide || shown === 'map';

  return (
    <div>
      <div role="group" aria-label="Show results as" className="mb-4 inline-flex rounded-lg border border-slate-300 bg-white p-1 xl:hidden">
        <Button size="sm" variant={shown === 'list' ? 'default' : 'ghost'} aria-pressed={shown === 'list'} onClick={() => setShown('list')}>
          <List aria-hidden="true" />
          List
        </Button>
        <Button size="sm" variant={shown === 'map' ? 'default' : 'ghost'} aria-pressed={shown === 'map'} onClick={() => setShown('map')}>
          <MapIcon aria-hidden="true" />
          Map
        </Button>
      </div>
      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start xl:gap-6">
        <div className={cn(shown === 'map' && 'hidden xl:block')}>{children}</div>
        <div className={cn('relative xl:sticky xl:top-20', shown === 'list' && 'hidden xl:block')}>
          {!mapVisible ? null : ready ? (
            <Suspense fallback={<Skeleton className="h-[70vh] rounded-xl" />}>
              <SpacesMap
                filters={filters}
                center={initial.center}
                zoom={initial.zoom}
                bounds={'bounds' in initial ? initial.bounds : null}
                heightClassName="h-[70vh] min-h-80"
                onViewChange={setMoved}
              />
            </Suspense>
          ) : (
            <Skeleton className="h-[70vh] rounded-xl" />
          )}
          {moved && moved.bbox !== filters.bbox ? (
            <Button
              size="sm"
              className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 shadow-md"
              onClick={() => {
                onSearchArea(moved.bbox);
                setMoved(null);
              }}
            >
              <Search aria-hidden="true" />
              Search this area
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
