import type { MapView } from '../../api/get-map-points';
import type { SpaceFilters } from '@/shared/space-filters';
import { BaseMap } from './base-map';
import { SpaceMarkers } from './space-markers';

export interface SpacesMapProps {
  filters: SpaceFilters;
  center: [number, number];
  zoom: number;
  heightClassName: string;
  /** Called after the person pans or zooms (e.g. to offer 'Search this area'). */
  onViewChange?: (view: MapView) => void;
  className?: string;
}

/** Every space matching the filters on a map, clustered by the server. Loaded lazily (Leaflet is large). */
export default function SpacesMap({ filters, center, zoom, heightClassName, onViewChange, className }: SpacesMapProps) {
  return (
    <BaseMap center={center} zoom={zoom} heightClassName={heightClassName} label="Map of medical spaces" className={className}>
      <SpaceMarkers filters={filters} onViewChange={onViewChange} />
    </BaseMap>
  );
}
