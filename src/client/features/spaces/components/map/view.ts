import type { Map as LeafletMap } from 'leaflet';
import type { MapView } from '../../api/get-map-points';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The view the server is asked about: the visible box clamped to the world
 * (a view wider than the world asks for all of it) and the whole zoom level.
 */
export function mapView(map: LeafletMap): MapView {
  const bounds = map.getBounds();
  const wide = bounds.getEast() - bounds.getWest() >= 360;
  const west = wide ? -180 : round(clamp(bounds.getWest(), -180, 180));
  const east = wide ? 180 : round(clamp(bounds.getEast(), -180, 180));
  const south = round(clamp(bounds.getSouth(), -90, 90));
  const north = round(clamp(bounds.getNorth(), -90, 90));
  return { bbox: `${west},${south},${east},${north}`, zoom: Math.round(map.getZoom()) };
}
