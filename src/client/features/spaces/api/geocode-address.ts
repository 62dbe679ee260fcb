import { queryOptions } from '@tanstack/react-query';
import type { GeocodeResult } from '@/shared/schemas/geocoding';
import { api } from '@/client/lib/api-client';

/** GET /api/geocode: where the server would place an address (the wizard's pin preview). */
export function geocodeAddress(
  parts: { address: string; city: string; state: string; zipCode: string },
  signal?: AbortSignal,
): Promise<GeocodeResult> {
  return api.get<GeocodeResult>('/api/geocode', { params: parts, signal });
}

export type AddressParts = Parameters<typeof geocodeAddress>[0];

export function getGeocodeQueryOptions(parts: AddressParts) {
  return queryOptions({ queryKey: ['geocode', parts], queryFn: ({ signal }) => geocodeAddress(parts, signal) });
}
