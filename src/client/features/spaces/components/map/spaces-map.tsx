import type { LatLngBoundsLiteral } from 'leaflet';
import type { MapView } from '../../api/get-map-points';
import type { SpaceFilters } from '@/shared/space-filters';
import { BaseMap } from './base-map';
import { SpaceMarkers } from './space-markers';

export interface SpacesMapProps {
  filters: SpaceFilters;
  center: [number, number];
  zoom: number;
  /** The results' bounds: the map first fits them (else `center` and `zoom`). */
  bounds?: LatLngBoundsLiteral | null;
  heightClassName: string;
  /** Called after the person pans or zooms (e.g. to offer 'Search this area'). */
  onViewChange?: (view: MapView) => void;
  /** Called with the view shown, at first and after every move (a state setter: it must not change). */
  onView?: (view: MapView) => void;
  className?: string;
}

/** Every space matching the filters on a map, clustered by the server. Loaded lazily (Leaflet is large). */
export default function SpacesMap({ filters, center, zoom, bounds, heightClassName, onViewChange, onView, className }: SpacesMapProps) {
  return (
    <BaseMap
      center={center}
      zoom={zoom}
      bounds={bounds}
      heightClassName={heightClassName}
      label="Map of medical spaces"
      className={className}
    >
      <SpaceMarkers filters={filters} onViewChange={onViewChange} onView={onView} />
    </BaseMap>
  );
}
