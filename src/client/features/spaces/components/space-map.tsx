import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

interface SpaceMapProps {
  latitude: number;
  longitude: number;
  tileUrl: string;
  label: string;
}

/** The Leaflet map of one space (SPEC section 9: zoom 13, height 400). Loaded only when a tile URL is configured. */
export default function SpaceMap({ latitude, longitude, tileUrl, label }: SpaceMapProps) {
  return (
    <div role="region" aria-label={`Map: ${label}`} className="isolate h-[400px] overflow-hidden rounded-xl border border-slate-200">
      <MapContainer center={[latitude, longitude]} zoom={13} minZoom={1} maxZoom={18} scrollWheelZoom={false} className="size-full">
        <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
        <CircleMarker center={[latitude, longitude]} radius={10} pathOptions={{ color: '#1d4ed8', fillColor: '#3b82f6', fillOpacity: 0.8 }} />
      </MapContainer>
    </div>
  );
}
