import L from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import type { MapPoint } from '@/shared/schemas/spaces';
import { useMapPoints, type MapView } from '../../api/get-map-points';
import type { SpaceFilters } from '@/shared/space-filters';
import { MAX_ZOOM } from './map-constants';
import { clusterMarkerPx, separateMarkers, SINGLE_MARKER_PX } from './marker-layout';
import { SpacePopupContent } from './space-popup';
import { mapView } from './view';

const singleIcon = L.divIcon({
  className: 'space-marker',
  html: '<span class="space-marker-dot"></span>',
  iconSize: [SINGLE_MARKER_PX, SINGLE_MARKER_PX],
  iconAnchor: [SINGLE_MARKER_PX / 2, SINGLE_MARKER_PX / 2],
  popupAnchor: [0, -12],
});

const clusterIcons = new Map<number, L.DivIcon>();
/** A round badge with the count; larger for larger clusters. */
function clusterIcon(count: number): L.DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = clusterMarkerPx(count);
    icon = L.divIcon({
      className: 'space-cluster',
      html: `<span>${count.toLocaleString('en-US')}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}

function ClusterMarker({ point }: { point: MapPoint }) {
  const map = useMap();
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={clusterIcon(point.count)}
      title={`${point.count} spaces here: zoom in`}
      alt={`${point.count} spaces`}
      eventHandlers={{ click: () => map.setView([point.lat, point.lng], Math.min(map.getZoom() + 2, MAX_ZOOM)) }}
    />
  );
}

function SingleMarker({ point }: { point: MapPoint & { id: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={singleIcon}
      title="Medical space: show details"
      alt="Medical space"
      eventHandlers={{ popupopen: () => setOpen(true), popupclose: () => setOpen(false) }}
    >
      <Popup minWidth={220} maxWidth={260}>
        {open ? <SpacePopupContent id={point.id} /> : null}
      </Popup>
    </Marker>
  );
}

/**
 * The spaces in view as markers, clustered by the server for the current
 * zoom and box (`/api/spaces/map-points`), with the search filters. A click
 * on a space opens its popup; a click on a cluster zooms in.
 */
export function SpaceMarkers({ filters, onViewChange }: { filters: SpaceFilters; onViewChange?: (view: MapView) => void }) {
  const map = useMap();
  const [view, setView] = useState<MapView>(() => mapView(map));
  useMapEvents({
    moveend: () => {
      const next = mapView(map);
      setView(next);
      onViewChange?.(next);
    },
  });
  const points = useMapPoints(filters, view);
  const markers = useMemo(
    () =>
      // No marker hides part of another (each keeps a click target of at least 24 by 24 px).
      separateMarkers(points.data?.points ?? [], (point) => map.latLngToContainerPoint([point.lat, point.lng]), view.zoom < MAX_ZOOM).map(
        (point) =>
          point.id ? (
            <SingleMarker key={point.id} point={{ ...point, id: point.id }} />
          ) : (
            <ClusterMarker key={`${point.lat},${point.lng},${point.count}`} point={point} />
          ),
      ),
    [points.data, map, view],
  );
  return <>{markers}</>;
}
