import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import type { MapPoint } from '@/shared/schemas/spaces';
import { getSpaces } from '../../api/get-spaces';
import { useMapPoints, type MapView } from '../../api/get-map-points';
import type { SpaceFilters } from '@/shared/space-filters';
import { bboxAround, pointBounds, spreadOffsets } from './fit';
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

/** The most spaces a cluster spreads into at the last zoom (a cluster of more still shows its first this many). */
const MAX_SPREAD = 40;

function ClusterMarker({ point, onSpread }: { point: MapPoint; onSpread: (point: MapPoint) => void }) {
  const map = useMap();
  const zoomIn = () => {
    // At the last zoom nothing is closer to zoom to: the cluster's spaces spread around it instead.
    if (map.getZoom() >= MAX_ZOOM) {
      onSpread(point);
      return;
    }
    const [south, west, north, east] = pointBounds(point);
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [48, 48], maxZoom: MAX_ZOOM },
    );
  };
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={clusterIcon(point.count)}
      title={`${point.count} spaces here: zoom in`}
      alt={`${point.count} spaces`}
      eventHandlers={{ click: zoomIn }}
    />
  );
}

function SingleMarker({ point }: { point: MapPoint & { id: string } }) {
  const [open, setOpen] = useState(false);
  const popup = useRef<L.Popup>(null);
  const onLoaded = useCallback(() => popup.current?.update(), []);
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={singleIcon}
      title="Medical space: show details"
      alt="Medical space"
      eventHandlers={{ popupopen: () => setOpen(true), popupclose: () => setOpen(false) }}
    >
      {/* Panned into view again once its content has loaded and the popup has grown (Leaflet pans only on open). */}
      <Popup ref={popup} minWidth={220} maxWidth={260} autoPanPadding={[16, 16]}>
        {open ? <SpacePopupContent id={point.id} onLoaded={onLoaded} /> : null}
      </Popup>
    </Marker>
  );
}

/** A cluster spread at the last zoom: its spaces' ids, drawn around its centre. */
interface Spread {
  key: string;
  center: MapPoint;
  ids: string[];
}

const clusterKey = (point: MapPoint) => `${point.lat},${point.lng},${point.count}`;

/**
 * The spaces in view as markers, clustered by the server for the current
 * zoom and box (`/api/spaces/map-points`), with the search filters. A click
 * on a space opens its popup (panned into view); a click on a cluster zooms to
 * its spaces' bounds, and at the last zoom spreads them around it.
 * `onView` hears the view shown, at first and after each move.
 */
export function SpaceMarkers({
  filters,
  onViewChange,
  onView,
}: {
  filters: SpaceFilters;
  onViewChange?: (view: MapView) => void;
  onView?: (view: MapView) => void;
}) {
  const map = useMap();
  const [view, setView] = useState<MapView>(() => mapView(map));
  const [spread, setSpread] = useState<Spread | null>(null);
  // The first view too (a map fitted to its results moves before this listens); `onView` is a state setter.
  useEffect(() => onView?.(mapView(map)), [map, onView]);
  useMapEvents({
    zoomstart: () => setSpread(null),
    moveend: () => {
      const next = mapView(map);
      setView(next);
      onViewChange?.(next);
      onView?.(next);
    },
  });
  const points = useMapPoints(filters, view);

  const spreadCluster = (point: MapPoint) => {
    const key = clusterKey(point);
    void getSpaces({ ...filters, bbox: bboxAround(pointBounds(point)), limit: Math.min(point.count, MAX_SPREAD) }).then(
      (page) => setSpread({ key, center: point, ids: page.spaces.map((space) => space.id) }),
      () => setSpread(null),
    );
  };

  const markers = useMemo(() => {
    // No marker hides part of another (each keeps a click target of at least 24 by 24 px).
    const drawn = separateMarkers(
      points.data?.points ?? [],
      (point) => map.latLngToContainerPoint([point.lat, point.lng]),
      view.zoom < MAX_ZOOM,
    );
    return drawn.flatMap((point) => {
      if (point.id) return [<SingleMarker key={point.id} point={{ ...point, id: point.id }} />];
      if (spread && spread.key === clusterKey(point)) {
        const centre = map.latLngToContainerPoint([point.lat, point.lng]);
        return spreadOffsets(spread.ids.length, SINGLE_MARKER_PX).map((offset, index) => {
          const at = map.containerPointToLatLng([centre.x + offset.x, centre.y + offset.y]);
          return <SingleMarker key={spread.ids[index]} point={{ lat: at.lat, lng: at.lng, count: 1, id: spread.ids[index]! }} />;
        });
      }
      return [<ClusterMarker key={clusterKey(point)} point={point} onSpread={spreadCluster} />];
    });
    // spreadCluster reads the filters, which `points` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points.data, map, view, spread]);
  return <>{markers}</>;
}
