import 'leaflet/dist/leaflet.css';
import type { FeatureCollection } from 'geojson';
import type { FitBoundsOptions, LatLngBoundsLiteral } from 'leaflet';
import type { ReactNode } from 'react';
import { GeoJSON, MapContainer, Pane, TileLayer } from 'react-leaflet';
import { feature } from 'topojson-client';
import statesTopology from 'us-atlas/states-10m.json';
import { cn } from '@/client/lib/cn';
import { usePublicConfig } from '@/client/lib/public-config';
import { DETAIL_ZOOM, MAX_ZOOM, MIN_ZOOM } from './map-constants';

/** How a map fits its results: a margin of 32 px, and no closer than a street's zoom for one space. */
const FIT_OPTIONS: FitBoundsOptions = { padding: [32, 32], maxZoom: DETAIL_ZOOM };

/** A transparent pixel for tiles that fail, so an offline map shows no broken images. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type Topology = Parameters<typeof feature>[0];
const topology = statesTopology as unknown as Topology & { objects: { states: Parameters<typeof feature>[1] } };
/** US state outlines (us-atlas, Census cartographic boundaries), bundled: the map draws without any tile server. */
const STATES = feature(topology, topology.objects.states) as unknown as FeatureCollection;

const stateStyle = { color: '#94a3b8', weight: 1, fillColor: '#f8fafc', fillOpacity: 1 };

export interface BaseMapProps {
  center: [number, number];
  zoom: number;
  /** When given, the map first shows these bounds (with a margin, at most `DETAIL_ZOOM`) instead of `center` and `zoom`. */
  bounds?: LatLngBoundsLiteral | null;
  /** Tailwind height class, e.g. h-[600px]. */
  heightClassName: string;
  label: string;
  scrollWheelZoom?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A Leaflet map (zoom 1 to 18, docs/product.md#constants) on two layers: the bundled
 * state outlines underneath, and the configured tiles (`MAP_TILE_URL`, with
 * their attribution) on top. When tiles are off or unreachable the outlines,
 * markers and popups still work. The map is drawn once the settings
 * (GET /api/config) have come, or failed, so it does not shift as it shows.
 */
export function BaseMap({ center, zoom, bounds, heightClassName, label, scrollWheelZoom = true, className, children }: BaseMapProps) {
  const config = usePublicConfig();
  const tileUrl = config.data?.mapTileUrl ?? null;
  return (
    <div
      role="region"
      aria-label={label}
      className={cn('isolate overflow-hidden rounded-xl border border-slate-200 bg-sky-100', heightClassName, className)}
    >
      {/* Drawn once the tile settings are known, so the map does not change (its attribution grow) as it shows. */}
      {config.isPending ? null : (
        <MapContainer
          // react-leaflet fits `bounds` only without a centre and zoom.
          {...(bounds ? { bounds, boundsOptions: FIT_OPTIONS } : { center, zoom })}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          scrollWheelZoom={scrollWheelZoom}
          worldCopyJump
          className="size-full"
          style={{ background: '#e0f2fe' }}
        >
          <Pane name="outline" style={{ zIndex: 150 }}>
            <GeoJSON data={STATES} style={stateStyle} interactive={false} />
          </Pane>
          {tileUrl ? <TileLayer url={tileUrl} attribution={config.data?.mapTileAttribution} errorTileUrl={BLANK_TILE} /> : null}
          {children}
        </MapContainer>
      )}
    </div>
  );
}
