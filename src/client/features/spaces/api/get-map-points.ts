import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapPoints } from '@/shared/schemas/spaces';
import { api } from '@/client/lib/api-client';
import type { SpaceFilters } from '@/shared/space-filters';

/** A map view: `west,south,east,north` in degrees and the zoom level. */
export interface MapView {
  bbox: string;
  zoom: number;
}

/** The whole world: the first request of /map, whose weighted mean gives the overview's centre. */
export const WORLD_VIEW: MapView = { bbox: '-180,-90,180,90', zoom: 4 };

/** GET /api/spaces/map-points: clustered markers for a view with the search filters (the bbox filter of the list is left out). */
export function getMapPoints(filters: SpaceFilters, view: MapView, signal?: AbortSignal): Promise<MapPoints> {
  const { location, spaceType, specialty, minPrice, maxPrice, amenities, equipment, features, availableOn, availableFrom, availableTo } =
    filters;
  return api.get<MapPoints>('/api/spaces/map-points', {
    params: {
      location,
      spaceType,
      specialty,
      minPrice,
      maxPrice,
      amenities,
      equipment,
      features,
      availableOn,
      availableFrom,
      availableTo,
      bbox: view.bbox,
      zoom: view.zoom,
    },
    signal,
  });
}

export function getMapPointsQueryOptions(filters: SpaceFilters, view: MapView) {
  return queryOptions({
    queryKey: ['spaces', 'map-points', filters, view],
    queryFn: ({ signal }) => getMapPoints(filters, view, signal),
    placeholderData: keepPreviousData,
  });
}

/** Markers for the current view; the previous view's stay on screen while the next load. */
export function useMapPoints(filters: SpaceFilters, view: MapView | null) {
  return useQuery({ ...getMapPointsQueryOptions(filters, view ?? WORLD_VIEW), enabled: view !== null });
}

/** The mean position of every space the points stand for (each cluster weighs its count), or null without points. */
export function meanPosition(points: MapPoints['points']): { lat: number; lng: number } | null {
  let count = 0;
  let lat = 0;
  let lng = 0;
  for (const point of points) {
    count += point.count;
    lat += point.lat * point.count;
    lng += point.lng * point.count;
  }
  return count > 0 ? { lat: lat / count, lng: lng / count } : null;
}
