/**
 * Offline geocoding fallback (docs/decisions/013-geocoding-on-the-server.md): the centroid of a US ZIP
 * code from the `zipcodes` dataset package. Nominatim, when configured, is
 * tried first by the listing flow; this never touches the network.
 */
import zipcodes from 'zipcodes';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The centroid of a 5-digit ZIP (a ZIP+4 uses its first 5 digits), or null when unknown. */
export function zipCentroid(zipCode: string): Coordinates | null {
  const found = zipcodes.lookup(zipCode.trim().slice(0, 5));
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}
