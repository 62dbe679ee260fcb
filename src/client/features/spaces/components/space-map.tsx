import L from 'leaflet';
import { Marker } from 'react-leaflet';
import { BaseMap } from './map/base-map';
import { DETAIL_ZOOM } from './map/map-constants';

interface SpaceMapProps {
  latitude: number;
  longitude: number;
  label: string;
}

const pin = L.divIcon({
  className: 'space-marker',
  html: '<span class="space-marker-dot"></span>',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
});

/** The map of one space (docs/product.md#constants: zoom 13, height 400) with its marker. Loaded lazily. */
export default function SpaceMap({ latitude, longitude, label }: SpaceMapProps) {
  return (
    <BaseMap center={[latitude, longitude]} zoom={DETAIL_ZOOM} heightClassName="h-[400px]" label={`Map: ${label}`} scrollWheelZoom={false}>
      <Marker position={[latitude, longitude]} icon={pin} title={label} alt={label} keyboard={false} />
    </BaseMap>
  );
}
