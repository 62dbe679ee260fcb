/**
 * The search filters of /search, as they live in its URL (parsed and written
 * here). Shared by the client (the search page) and the server (the /search
 * page route embeds the answer to the page's first call).
 */
import type { z } from 'zod';
import { type Amenity, type Equipment, FILTER_AMENITY_COUNT, FILTER_EQUIPMENT_COUNT, AMENITIES, EQUIPMENT } from './constants';
import { ROOM_FEATURES } from './schemas/room-features';
import { bboxSchema, spaceSearchFieldsSchema, spaceSearchSchema, type SpaceSort } from './schemas/spaces';

type SpaceSearchOutput = z.output<typeof spaceSearchFieldsSchema>;

/**
 * The search filters a person can set (docs/product.md#other-shapes), as they live in the /search URL,
 * `period` is the period of the price range: a daily bound compares with daily prices only;
 * `availableOn` with an optional `availableFrom`-`availableTo` window (docs/product.md#search);
 * the room features as one comma-separated `features` (repeated is read too);
 * the order (`sort=rating`) and the "4+ stars" filter (`minRating`);
 * plus the map's 'Search this area' box (`west,south,east,north`, checked by `bboxSchema`).
 */
export type SpaceFilters = Pick<
  SpaceSearchOutput,
  | 'location'
  | 'spaceType'
  | 'specialty'
  | 'period'
  | 'minPrice'
  | 'maxPrice'
  | 'amenities'
  | 'equipment'
  | 'features'
  | 'availableOn'
  | 'availableFrom'
  | 'availableTo'
> & {
  bbox?: string;
  /** Best rated first (ties newest first); unset: newest first. */
  sort?: Extract<SpaceSort, 'rating'>;
  /** "4+ stars": the least average rating. */
  minRating?: number;
};

/** The amenities and equipment offered as filters (docs/product.md#constants: the first 8 and the first 11). */
export const FILTER_AMENITIES: readonly Amenity[] = AMENITIES.slice(0, FILTER_AMENITY_COUNT);
export const FILTER_EQUIPMENT: readonly Equipment[] = EQUIPMENT.slice(0, FILTER_EQUIPMENT_COUNT);

const shape = spaceSearchFieldsSchema.shape;

/** One field of the URL, parsed by its schema; a value that does not parse is ignored, not fatal. */
function field<K extends Exclude<keyof SpaceFilters, 'bbox' | 'sort'>>(key: K, value: unknown): SpaceFilters[K] {
  const parsed = shape[key].safeParse(value);
  return (parsed.success ? parsed.data : undefined) as SpaceFilters[K];
}

/** Reads the filters from /search's query string. 'all' and 'any' mean no filter. */
export function parseSpaceFilters(search: URLSearchParams): SpaceFilters {
  const single = (key: string) => search.get(key) ?? undefined;
  const list = (key: string) => {
    const values = search.getAll(key);
    return values.length > 0 ? values : undefined;
  };
  const filters: SpaceFilters = {
    location: field('location', single('location')) || undefined,
    spaceType: field('spaceType', single('spaceType')),
    specialty: field('specialty', single('specialty')) || undefined,
    period: field('period', single('period')),
    minPrice: field('minPrice', single('minPrice')),
    maxPrice: field('maxPrice', single('maxPrice')),
    // Unknown list entries are dropped one by one rather than discarding the whole list.
    amenities: list('amenities')?.filter((value): value is Amenity => (AMENITIES as readonly string[]).includes(value)),
    equipment: list('equipment')?.filter((value): value is Equipment => (EQUIPMENT as readonly string[]).includes(value)),
    features: field(
      'features',
      list('features')
        ?.flatMap((value) => value.split(','))
        .filter((value) => (ROOM_FEATURES as readonly string[]).includes(value.trim())),
    ),
  };
  // The date and its window are kept only as the API accepts them together (a shared link never fails).
  const availableOn = field('availableOn', single('availableOn'));
  if (availableOn) {
    filters.availableOn = availableOn;
    const window = { availableOn, availableFrom: single('availableFrom'), availableTo: single('availableTo') };
    if (window.availableFrom !== undefined && spaceSearchSchema.safeParse(window).success) {
      filters.availableFrom = window.availableFrom;
      filters.availableTo = window.availableTo;
    }
  }
  if (single('sort') === 'rating') filters.sort = 'rating';
  const minRating = field('minRating', single('minRating'));
  if (minRating !== undefined) filters.minRating = minRating;
  const bbox = single('bbox');
  if (bbox !== undefined && bboxSchema.safeParse(bbox).success) filters.bbox = bbox;
  if (filters.amenities?.length === 0) filters.amenities = undefined;
  if (filters.equipment?.length === 0) filters.equipment = undefined;
  if (filters.features?.length === 0) filters.features = undefined;
  return filters;
}

/** Writes filters as /search's query string, leaving out empty values. */
export function serializeSpaceFilters(filters: SpaceFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.location) search.set('location', filters.location);
  if (filters.spaceType) search.set('spaceType', filters.spaceType);
  if (filters.specialty) search.set('specialty', filters.specialty);
  if (filters.period) search.set('period', filters.period);
  if (filters.minPrice !== undefined) search.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) search.set('maxPrice', String(filters.maxPrice));
  for (const amenity of filters.amenities ?? []) search.append('amenities', amenity);
  for (const item of filters.equipment ?? []) search.append('equipment', item);
  if (filters.features?.length) search.set('features', filters.features.join(','));
  if (filters.availableOn) {
    search.set('availableOn', filters.availableOn);
    if (filters.availableFrom && filters.availableTo) {
      search.set('availableFrom', filters.availableFrom);
      search.set('availableTo', filters.availableTo);
    }
  }
  if (filters.minRating !== undefined) search.set('minRating', String(filters.minRating));
  if (filters.sort === 'rating') search.set('sort', filters.sort);
  if (filters.bbox) search.set('bbox', filters.bbox);
  return search;
}

/** True when any filter is set. */
export function hasActiveFilters(filters: SpaceFilters): boolean {
  return serializeSpaceFilters(filters).size > 0;
}
