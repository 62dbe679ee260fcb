import L from 'leaflet';
import { useEffect } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from './base-map';
import { DETAIL_ZOOM } from './map-constants';

const pin = L.divIcon({
  className: 'space-marker',
  html: '<span class="space-marker-dot"></span>',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
});

interface LocationPickerMapProps {
  latitude: number;
  longitude: number;
  onMove: (latitude: number, longitude: number) => void;
}

/** Follows the point when it changes from outside (a new geocoding answer). */
function FollowPoint({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().pad(-0.2).contains([latitude, longitude])) map.setView([latitude, longitude], Math.max(map.getZoom(), 15));
  }, [map, latitude, longitude]);
  return null;
}

function ClickToPlace({ onMove }: { onMove: LocationPickerMapProps['onMove'] }) {
  useMapEvents({ click: (event) => onMove(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** The wizard's small map (step 2): the geocoded pin, which the owner drags (or clicks the map) to correct. Loaded lazily. */
export default function LocationPickerMap({ latitude, longitude, onMove }: LocationPickerMapProps) {
  return (
    <BaseMap
      center={[latitude, longitude]}
      zoom={Math.max(DETAIL_ZOOM, 15)}
      heightClassName="h-64"
      label="Pin of the space: drag it to the entrance"
      scrollWheelZoom={false}
    >
      <FollowPoint latitude={latitude} longitude={longitude} />
      <ClickToPlace onMove={onMove} />
      <Marker
        position={[latitude, longitude]}
        icon={pin}
        draggable
        title="Drag to the exact spot"
        alt="Pin of the space"
        eventHandlers={{
          dragend: (event) => {
            const { lat, lng } = (event.target as L.Marker).getLatLng();
            onMove(lat, lng);
          },
        }}
      />
    </BaseMap>
  );
}
