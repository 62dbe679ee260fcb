/**
 * The benchmark's varied search load (docs/performance.md): searches people make on /search, not
 * one URL repeated. {@link variedSearches} deals a fixed list of filter sets from the demo seed's
 * cities and states, the space types, price ranges, amenities, equipment, dates and times of day,
 * sorts and second pages, the same every run (a seeded generator; dates counted from today), and
 * {@link variedSearchPaths} turns them into the URLs the client calls (`firstResultsPath`, and a
 * second page by the first page's cursor, as 'Load more' asks it).
 */
import { firstResultsPath, spacesPath } from '../src/shared/api-paths';
import { DEFAULT_PAGE_SIZE, SEARCH_TIME_WINDOWS, SPACE_TYPES, type PricingPeriod } from '../src/shared/constants';
import { shiftDate } from '../src/shared/availability';
import { FILTER_AMENITIES, FILTER_EQUIPMENT, type SpaceFilters } from '../src/shared/space-filters';
import { DEMO_CITIES } from '../src/server/seed/demo-cities';

/** One search of the load: its filters, and whether it asks for the second page. */
export interface VariedSearch {
  filters: SpaceFilters;
  secondPage: boolean;
}

/** Price ranges people set, per pricing period (dollars; the demo's prices run from about 40 an hour to 30,000 a month). */
const PRICE_RANGES: Record<PricingPeriod, [number | undefined, number | undefined][]> = {
  hourly: [
    [undefined, 100],
    [50, 150],
    [100, 300],
  ],
  daily: [
    [undefined, 500],
    [300, 800],
    [500, 1500],
  ],
  monthly: [
    [undefined, 5000],
    [3000, 8000],
  ],
  session: [
    [undefined, 300],
    [200, 600],
  ],
};

/** A small seeded generator (mulberry32): the same sequence every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

/**
 * `count` distinct searches (filters and page), dealt the same way every run from `today` (YYYY-MM-DD): most
 * name a place (a city, a city and its state, or a state), many a space type, some a price range, amenities or
 * equipment, about half a date (half of those a morning or an afternoon), some the best-rated order or 4+ stars,
 * and about one in six asks for the second page.
 */
export function variedSearches(count: number, today: string): VariedSearch[] {
  const random = seeded(20_261_127);
  const found = new Map<string, VariedSearch>();
  while (found.size < count) {
    const filters: SpaceFilters = {};
    const city = random.pick(DEMO_CITIES);
    const place = random.between(1, 10);
    if (place <= 5) filters.location = city.city;
    else if (place <= 7) filters.location = `${city.city}, ${city.state}`;
    else if (place <= 9) filters.location = city.state;
    if (random.chance(0.4)) filters.spaceType = random.pick(SPACE_TYPES);
    if (random.chance(0.25)) {
      const period = random.pick(['hourly', 'daily', 'daily', 'monthly', 'session'] as const);
      const [minPrice, maxPrice] = random.pick(PRICE_RANGES[period]);
      Object.assign(filters, { period, ...(minPrice !== undefined ? { minPrice } : {}), ...(maxPrice !== undefined ? { maxPrice } : {}) });
    }
    if (random.chance(0.2)) filters.amenities = [...new Set([random.pick(FILTER_AMENITIES), random.pick(FILTER_AMENITIES)])];
    if (random.chance(0.15)) filters.equipment = [random.pick(FILTER_EQUIPMENT)];
    if (random.chance(0.5)) {
      filters.availableOn = shiftDate(today, random.between(1, 45));
      if (random.chance(0.5)) {
        const window = random.pick(Object.values(SEARCH_TIME_WINDOWS));
        filters.availableFrom = window.start;
        filters.availableTo = window.end;
      }
    }
    if (random.chance(0.15)) filters.sort = 'rating';
    if (random.chance(0.1)) filters.minRating = 4;
    const search = { filters, secondPage: random.chance(0.17) };
    found.set(`${firstResultsPath(filters, DEFAULT_PAGE_SIZE)}|${search.secondPage}`, search);
  }
  return [...found.values()];
}

/**
 * The URLs of `searches` as the client asks them (`limit=24`); a second page follows the first page's
 * `X-Next-Cursor`, read from the server at `address` (a search with one page only asks its first page again).
 */
export async function variedSearchPaths(address: string, searches: readonly VariedSearch[]): Promise<string[]> {
  const paths: string[] = [];
  for (const { filters, secondPage } of searches) {
    const first = firstResultsPath(filters, DEFAULT_PAGE_SIZE);
    if (!secondPage) {
      paths.push(first);
      continue;
    }
    const response = await fetch(`${address}${first}`);
    if (!response.ok) throw new Error(`${first} answered ${response.status}`);
    await response.arrayBuffer();
    const cursor = response.headers.get('x-next-cursor');
    paths.push(cursor ? spacesPath({ ...filters, limit: DEFAULT_PAGE_SIZE, after: cursor }) : first);
  }
  return paths;
}
