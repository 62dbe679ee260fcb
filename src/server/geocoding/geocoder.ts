/**
 * Geocoding of listing addresses on the server (docs/decisions/013-geocoding-on-the-server.md;
 * docs/product.md#geocoding). The chain, by `GEOCODER`:
 *
 * - `nominatim`: the database cache, then OpenStreetMap's Nominatim (query
 *   'street, city, state zip, USA', limit 1), then the offline ZIP centroid;
 * - `zip`: the ZIP centroid only (the default outside production, so tests
 *   and offline machines never reach the network);
 * - `off`: nothing.
 *
 * Nominatim's usage policy (https://operations.osmfoundation.org/policies/nominatim/)
 * asks for an identifying User-Agent, at most 1 request a second and caching:
 * every request of the process goes through one {@link RequestGate}, answers
 * (found or not) are cached in `geocode_cache`, and a slow server is given up
 * after {@link NOMINATIM_TIMEOUT_MS}. Failures are never cached.
 *
 * The gate's queue is bounded ({@link NOMINATIM_MAX_WAITING}): past it, a
 * lookup does not wait its turn but takes the ZIP centroid at once (logged),
 * so a burst of listings can neither queue without end nor make a listing
 * wait minutes for its pin.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { geocodeCache } from '../db/schema';
import { zipCentroid, type Coordinates } from './zip-centroid';

/** The parts of an address a listing has. */
export interface AddressParts {
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

export interface GeocodeResult extends Coordinates {
  source: 'nominatim' | 'zip';
}

export interface Geocoder {
  /** Coordinates for the address, or null when no step of the chain places it. Never throws for network trouble. */
  geocode(parts: AddressParts): Promise<GeocodeResult | null>;
}

/** Give up on Nominatim after this long (milliseconds) and use the ZIP centroid. */
export const NOMINATIM_TIMEOUT_MS = 3000;
/** Nominatim's limit: at most one request a second. */
export const NOMINATIM_MIN_INTERVAL_MS = 1000;
/** Lookups that may wait for their turn at Nominatim (so the last waits about 30 s); more fall back to the ZIP centroid. */
export const NOMINATIM_MAX_WAITING = 30;

/** The geocoding query text (docs/product.md#geocoding): 'street, city, state zip, USA'. */
export function addressQuery(parts: AddressParts): string {
  return `${parts.address.trim()}, ${parts.city.trim()}, ${parts.state.trim()} ${parts.zipCode.trim()}, USA`;
}

/** The cache key: the query, lower-cased with runs of spaces collapsed. */
function cacheKey(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Thrown by {@link RequestGate.run} when `maxWaiting` callers already wait. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/**
 * Runs requests one at a time, in the order they asked, across everything
 * that shares the gate, each at least `minIntervalMs` after the previous one
 * FINISHED: the server then sees them at least that far apart however long
 * each spent in transit (counting from when a request was sent is not
 * enough: a request delayed on its way arrives closer to the next one). At
 * most `maxWaiting` callers wait for a later turn at once; the next is
 * refused rather than queued.
 */
export class RequestGate {
  /** Callers waiting for their turn, first first. */
  private readonly queue: (() => void)[] = [];
  /** A request, or the interval after it, is under way. */
  private busy = false;

  constructor(
    readonly minIntervalMs: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Runs `request` when its turn comes.
   * @returns what `request` returns (its error is rethrown; the turn ends all the same)
   * @throws GateFullError at once when `maxWaiting` callers already wait (the caller gets no turn)
   */
  async run<T>(request: () => Promise<T>): Promise<T> {
    if (this.busy) {
      if (this.queue.length >= this.maxWaiting) throw new GateFullError(`${this.queue.length} lookups are already waiting for Nominatim`);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.busy = true;
    try {
      return await request();
    } finally {
      setTimeout(() => {
        const next = this.queue.shift();
        if (next) next();
        else this.busy = false;
      }, this.minIntervalMs);
    }
  }
}

/** One gate for every Nominatim request of the process. */
const processNominatimGate = new RequestGate(NOMINATIM_MIN_INTERVAL_MS, NOMINATIM_MAX_WAITING);

const nominatimAnswer = z.array(z.object({ lat: z.string(), lon: z.string() }));

/**
 * Asks a Nominatim server for the first match.
 * @returns coordinates, null when it found nothing
 * @throws Error on network trouble, a timeout or a non-OK answer, GateFullError when too many lookups wait for their turn (the caller falls back)
 */
export async function nominatimSearch(
  baseUrl: string,
  query: string,
  userAgent: string,
  gate: RequestGate = processNominatimGate,
): Promise<Coordinates | null> {
  return gate.run(async () => {
    const url = `${baseUrl}/search?${new URLSearchParams({ q: query, format: 'jsonv2', limit: '1', countrycodes: 'us' })}`;
    const response = await fetch(url, {
      headers: { 'User-Agent': userAgent, Accept: 'application/json' },
      signal: AbortSignal.timeout(NOMINATIM_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Nominatim answered ${response.status}`);
    const [first] = nominatimAnswer.parse(await response.json());
    if (!first) return null;
    const latitude = Number(first.lat);
    const longitude = Number(first.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  });
}

function zipResult(parts: AddressParts): GeocodeResult | null {
  const found = zipCentroid(parts.zipCode);
  return found ? { ...found, source: 'zip' } : null;
}

/** The ZIP-centroid-only geocoder (`GEOCODER=zip`). */
export const zipGeocoder: Geocoder = { geocode: async (parts) => zipResult(parts) };

/** The geocoder that places nothing (`GEOCODER=off`). */
export const offGeocoder: Geocoder = { geocode: async () => null };

/** Nominatim, cached in the database, falling back to the ZIP centroid. */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly db: Database,
    private readonly options: { baseUrl: string; userAgent: string; gate?: RequestGate; log?: (message: string) => void },
  ) {}

  async geocode(parts: AddressParts): Promise<GeocodeResult | null> {
    const query = addressQuery(parts);
    const key = cacheKey(query);
    const [cached] = await this.db.select().from(geocodeCache).where(eq(geocodeCache.query, key)).limit(1);
    if (cached) {
      if (cached.latitude !== null && cached.longitude !== null) {
        return { latitude: Number(cached.latitude), longitude: Number(cached.longitude), source: 'nominatim' };
      }
      return zipResult(parts);
    }
    let found: Coordinates | null;
    try {
      found = await nominatimSearch(this.options.baseUrl, query, this.options.userAgent, this.options.gate);
    } catch (error) {
      this.options.log?.(`Geocoding fell back to the ZIP centroid: ${(error as Error).message}`);
      return zipResult(parts);
    }
    await this.db
      .insert(geocodeCache)
      .values({ query: key, latitude: found ? found.latitude.toFixed(7) : null, longitude: found ? found.longitude.toFixed(7) : null })
      .onConflictDoNothing();
    return found ? { ...found, source: 'nominatim' } : zipResult(parts);
  }
}

/** The geocoder the configuration asks for. */
export function createGeocoder(db: Database, config: Pick<Config, 'geocoder' | 'publicUrl'>, log?: (message: string) => void): Geocoder {
  const { mode, nominatimUrl, contact } = config.geocoder;
  if (mode === 'off') return offGeocoder;
  if (mode === 'zip') return zipGeocoder;
  const identity = contact ?? config.publicUrl ?? 'https://github.com/clinicshare';
  return new NominatimGeocoder(db, { baseUrl: nominatimUrl, userAgent: `ClinicShare/0.1 (${identity})`, log });
}
