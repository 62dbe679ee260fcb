/**
 * Demo data of ClinicShare: the demo accounts and about 170 spaces across 40
 * US cities. Pure and deterministic: no database, no network, no
 * Math.random. A seeded PRNG makes every call return identical data, and the
 * coordinates come from the offline `zipcodes` package (the real centroid of
 * each space's ZIP code, plus a small fixed jitter).
 */
import zipcodes from 'zipcodes';
import {
  AMENITIES,
  EQUIPMENT,
  SPACE_TYPES,
  type Amenity,
  type Equipment,
  type PricingPeriod,
  type SpaceType,
} from '../../shared/constants';
import { ROOM_FEATURES, type RoomFeature } from '../../shared/schemas/room-features';
import type { Schedule } from '../../shared/schemas/schedules';
import { DEMO_CITIES, type DemoCity, type DemoNeighbourhood } from './demo-cities';
import { chooseSchedule } from './demo-schedules';
import {
  AMENITY_PROSE,
  AMENITY_SENTENCES,
  BASE_AMENITY_CHANCE,
  BASE_ROOM_FEATURE_CHANCE,
  CANCELLATION_NOTES,
  COMMON_RULES,
  EQUIPMENT_PROSE,
  EQUIPMENT_SENTENCES,
  GENERAL_ADJECTIVES,
  GENERIC_STREETS,
  GROUND_FLOOR_ADJECTIVES,
  LIGHT_ADJECTIVES,
  ORDINAL_FLOORS,
  PERIOD_FIT,
  PERIOD_TITLE_SUFFIX,
  ROOM_FEATURE_SOURCES,
  TITLE_FEATURES,
  TYPE_PROFILES,
  type Flavor,
} from './demo-text';
import { DEMO_OWNER_KEYS, demoUsers, type DemoUser } from './demo-users';

export interface DemoSpace {
  ownerKey: string;
  title: string;
  description: string;
  spaceType: SpaceType;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  /** Decimal dollars with 2 decimals, e.g. "185.00"; per hour, day or month as {@link pricePeriod} says. */
  pricePerDay: string;
  pricePeriod: PricingPeriod;
  capacity: number;
  amenities: Amenity[];
  equipment: Equipment[];
  /** The room features the owner states. */
  features: RoomFeature[];
  optimalSpecialty: string | null;
  /** Paths of shipped illustrations ('/images/spaces/<file>.svg'); empty for a few spaces. */
  images: string[];
  rules: string;
  cancellationPolicy: string;
  /** Opening hours and sessions (demo-schedules.ts); null: open every day, all day. */
  schedule: Schedule | null;
  /** Closed over the winter holidays (`holidayClosures`, dated when the seed runs). */
  closedForHolidays: boolean;
}

const SEED = 0x5eed_c11c;
/** The room features' own generator's seed (`chooseRoomFeatures`). */
const FEATURE_SEED = 0x5eed_fea7;
const IMAGE_DIR = '/images/spaces';

// ---------------------------------------------------------------- PRNG

/** mulberry32: a tiny, fast, seeded PRNG returning numbers in [0, 1). */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const chance = (p: number): boolean => next() < p;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffle };
}
type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------- text helpers

const joinList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** 'Two-Chair Dental Suite' -> 'two-chair dental suite'; acronyms (MRI, CT, OR) and 'X-Ray' keep their capitals. */
function lowerNoun(noun: string): string {
  return noun
    .split(' ')
    .map((word) => (word === 'X-Ray' ? 'X-ray' : /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

const article = (phrase: string): string => (/^([aeiou]|MRI|X-|EKG|ENT|LED|OR\b)/i.test(phrase) ? 'an' : 'a');

/** 'the Texas Medical Center' or 'Back Bay' in running text. */
const place = (hood: DemoNeighbourhood): string => (hood.the ? `the ${hood.name}` : hood.name);

/** 'in Back Bay', 'on the Upper East Side'. */
const inPlace = (hood: DemoNeighbourhood): string => `${hood.on ? 'on' : 'in'} ${place(hood)}`;

function practicePhrase(specialty: string): string {
  switch (specialty) {
    case 'Otolaryngology (ENT)':
      return 'an ENT practice';
    case 'General Practice':
      return 'a general practice';
    case 'Surgery':
      return 'a general surgery practice';
    default: {
      const lower = specialty.toLowerCase();
      return `${article(lower)} ${lower} practice`;
    }
  }
}

/** Whether two title phrases share a meaningful word ('CT & X-Ray Suite' and 'Digital X-Ray' do). */
function sharesWord(a: string, b: string): boolean {
  const generic = new Set(['Room', 'Suite', '&']);
  const words = new Set(a.split(' ').filter((word) => !generic.has(word)));
  return b.split(' ').some((word) => words.has(word));
}

const money = (dollars: number): string => dollars.toFixed(2);

const round7 = (value: number): number => Math.round(value * 1e7) / 1e7;

// ---------------------------------------------------------------- building blocks

interface Location {
  city: DemoCity;
  hood: DemoNeighbourhood;
  latitude: number;
  longitude: number;
}

function locate(city: DemoCity, hood: DemoNeighbourhood, random: Random): Location {
  const found = zipcodes.lookup(hood.zip);
  if (!found || found.state !== city.state) {
    throw new Error(`Demo ZIP ${hood.zip} is not in ${city.city}, ${city.state}`);
  }
  // Up to about 0.006 degrees (roughly 600 m) from the ZIP centroid.
  const jitter = () => (random.next() - 0.5) * 0.012;
  return { city, hood, latitude: round7(found.latitude + jitter()), longitude: round7(found.longitude + jitter()) };
}

/** A balanced deck: each value repeated by its weight, shuffled, cycled. */
function deck<T>(random: Random, entries: Array<[T, number]>, length: number): T[] {
  const unit: T[] = entries.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
  const cards: T[] = [];
  while (cards.length < length) cards.push(...random.shuffle(unit));
  return cards.slice(0, length);
}

function chooseAmenities(type: SpaceType, random: Random): Amenity[] {
  const overrides = TYPE_PROFILES[type].amenities;
  const chosen = AMENITIES.filter((amenity) => random.chance(overrides[amenity] ?? BASE_AMENITY_CHANCE[amenity]));
  if (chosen.length < 2) {
    for (const fallback of ['Wi-Fi', 'Air Conditioning'] as const) if (!chosen.includes(fallback)) chosen.push(fallback);
  }
  return AMENITIES.filter((amenity) => chosen.includes(amenity));
}

/**
 * The room features of a space: those its amenities or equipment imply, and each other one by its chance. Drawn
 * from their own generator so that adding them left every other choice of the demo spaces as it was.
 */
function chooseRoomFeatures(type: SpaceType, amenities: Amenity[], equipment: Equipment[], random: Random): RoomFeature[] {
  const overrides = TYPE_PROFILES[type].roomFeatures;
  const has = (item: string) => (amenities as string[]).includes(item) || (equipment as string[]).includes(item);
  return ROOM_FEATURES.filter((feature) => {
    const drawn = random.chance(overrides[feature] ?? BASE_ROOM_FEATURE_CHANCE[feature]);
    const source = ROOM_FEATURE_SOURCES[feature];
    return source !== undefined ? has(source) : drawn;
  });
}

function chooseEquipment(flavor: Flavor, random: Random): Equipment[] {
  const chosen = new Set<Equipment>(flavor.core);
  for (const [item, p] of flavor.extra) if (random.chance(p)) chosen.add(item);
  if (chosen.size === 0) chosen.add('Medical Equipment Cart');
  return EQUIPMENT.filter((item) => chosen.has(item));
}

function roundPrice(value: number, period: PricingPeriod): number {
  if (period === 'hourly') return value < 100 ? Math.round(value * 2) / 2 : Math.round(value / 5) * 5;
  if (period === 'daily') return Math.round(value / 5) * 5;
  return Math.round(value / 50) * 50;
}

function choosePrice(type: SpaceType, flavor: Flavor, period: PricingPeriod, cost: number, random: Random): string {
  const [low, high] = TYPE_PROFILES[type].price[period];
  const base = (low + (high - low) * random.next()) * (flavor.priceFactor ?? 1);
  return money(roundPrice(base * cost, period));
}

function chooseImages(type: SpaceType, flavor: Flavor, random: Random, empty: boolean): string[] {
  if (empty) return [];
  const profile = TYPE_PROFILES[type];
  const first = flavor.image ?? random.pick(profile.images);
  const others = random.shuffle(profile.images.filter((image) => image !== first));
  const pool = [first, ...others, ...random.shuffle(profile.sharedImages)];
  const count = Math.min(pool.length, random.pick([1, 1, 2, 2, 2, 3, 3, 4, 4]));
  return pool.slice(0, count).map((image) => `${IMAGE_DIR}/${image}.svg`);
}

function chooseRules(type: SpaceType, equipment: Equipment[], amenities: Amenity[], random: Random): string {
  const specific = TYPE_PROFILES[type].rules.filter((rule) => !rule.needs || equipment.includes(rule.needs));
  const picked = random
    .shuffle(specific)
    .slice(0, random.int(1, 2))
    .map((rule) => rule.text);
  const general = COMMON_RULES.filter((rule) => !rule.needs || amenities.includes(rule.needs));
  const common = random
    .shuffle(general)
    .slice(0, random.int(2, 3))
    .map((rule) => rule.text);
  return [...common, ...picked].join(' ');
}

function chooseTitle(
  noun: string,
  hood: DemoNeighbourhood,
  period: PricingPeriod,
  adjectives: string[],
  features: string[],
  random: Random,
  taken: Set<string>,
): string {
  const candidates: string[] = [];
  const roll = random.next();
  const adjs = random.shuffle(adjectives);
  const where = random.chance(0.75) ? inPlace(hood) : `near ${place(hood)}`;
  const suffixes = random.shuffle(PERIOD_TITLE_SUFFIX[period]);
  if (roll < 0.2 && features.length > 0) {
    for (const feature of features) candidates.push(`${noun} with ${feature} ${inPlace(hood)}`);
  } else if (roll < 0.35) {
    for (const suffix of suffixes) candidates.push(`${hood.name} ${noun}, ${suffix}`);
  }
  for (const adj of adjs) candidates.push(`${adj} ${noun} ${where}`);
  for (const feature of features) candidates.push(`${noun} with ${feature} ${inPlace(hood)}`);
  for (const suffix of suffixes) candidates.push(`${hood.name} ${noun}, ${suffix}`);
  const title =
    candidates.find((candidate) => !taken.has(candidate)) ?? `${adjs[0] ?? 'Modern'} ${noun} ${inPlace(hood)} (${taken.size + 1})`;
  taken.add(title);
  return title;
}

function describe(args: {
  type: SpaceType;
  noun: string;
  location: Location;
  floor: number;
  capacity: number;
  equipment: Equipment[];
  amenities: Amenity[];
  specialty: string | null;
  period: PricingPeriod;
  random: Random;
}): string {
  const { type, noun, location, floor, capacity, equipment, amenities, specialty, period, random } = args;
  const profile = TYPE_PROFILES[type];
  const building = random.pick(profile.buildings);
  const nounText = lowerNoun(noun);
  // 'in Back Bay, Boston', but not 'in Downtown Austin, Austin'.
  const where = location.hood.name.includes(location.city.city)
    ? inPlace(location.hood)
    : `${inPlace(location.hood)}, ${location.city.city}`;
  const floorText = ORDINAL_FLOORS[floor - 1] ?? 'second';
  const year = random.int(2015, 2024);
  const intros = [
    `${article(nounText) === 'an' ? 'An' : 'A'} ${nounText} on the ${floorText} floor of ${article(building)} ${building} ${where}.`,
    `This ${nounText} ${where} was fitted out in ${year} and is available to visiting clinicians.`,
    `Set in ${article(building)} ${building} ${where}, this ${nounText} has space for up to ${capacity} ${capacity === 1 ? 'person' : 'people'} and a calm, patient-friendly layout.`,
  ];
  const sentences = [random.pick(intros)];

  const equipmentText = joinList(equipment.slice(0, 5).map((item) => EQUIPMENT_PROSE[item]));
  sentences.push(random.pick(EQUIPMENT_SENTENCES)(equipmentText));

  const notable = amenities.filter((amenity) => amenity !== 'Heating' && amenity !== 'Air Conditioning');
  const amenityPool = notable.length > 0 ? notable : amenities;
  const amenityText = joinList(
    random
      .shuffle(amenityPool)
      .slice(0, 3)
      .map((amenity) => AMENITY_PROSE[amenity]),
  );
  sentences.push(random.pick(AMENITY_SENTENCES)(amenityText));

  if (random.chance(0.65)) {
    const fit = random.pick(PERIOD_FIT[period]);
    sentences.push(
      specialty
        ? `A good fit for ${practicePhrase(specialty)} that wants ${fit}.`
        : `Open to licensed clinicians of any specialty who want ${fit}.`,
    );
  }
  return sentences.join(' ');
}

function chooseAddress(city: DemoCity, floor: number, random: Random): string {
  const street = random.chance(0.8) ? random.pick(city.streets) : random.pick(GENERIC_STREETS);
  const number = random.int(1, 60) * (random.chance(0.5) ? 10 : 25) + (random.chance(0.3) ? random.int(1, 9) : 0);
  const unit =
    floor === 1
      ? random.pick([', Suite 100', ', Suite 110', ', Unit B', ''])
      : `, Suite ${floor}${String(random.int(0, 4) * 10 + random.int(0, 1) * 5).padStart(2, '0')}`;
  return `${number} ${street}${unit}`;
}

// ---------------------------------------------------------------- owners

// The type profiles name which owners list which type (besides round-robin balance within a type).
for (const profile of Object.values(TYPE_PROFILES)) {
  for (const key of profile.owners) {
    if (!DEMO_OWNER_KEYS.includes(key)) throw new Error(`Demo owner ${key} is not a lister`);
  }
}

// ---------------------------------------------------------------- spaces

/** How many spaces the demo seed lists (the sum of the cities' shares). */
export const DEMO_SPACE_COUNT = DEMO_CITIES.reduce((sum, city) => sum + city.spaces, 0);

/**
 * The demo spaces; every call with the same `count` returns a fresh,
 * identical list. The default is the demo seed's {@link DEMO_SPACE_COUNT};
 * a larger count (the benchmark's 10,000 or 100,000) goes round the same
 * real cities again in the same proportions, so every type, period,
 * amenity and equipment item appears (a list of its own, not the seed's
 * followed by more: the decks are dealt for the whole count).
 * @param count how many spaces (a positive integer)
 */
export function buildDemoSpaces(count: number = DEMO_SPACE_COUNT): DemoSpace[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`buildDemoSpaces needs a positive whole count, got ${count}`);
  const random = createRandom(SEED);
  const featureRandom = createRandom(FEATURE_SEED);
  const total = count;
  const types = deck<SpaceType>(
    random,
    SPACE_TYPES.map((type) => [type, 1]),
    total,
  );
  // Pricing periods are dealt per type (1 hourly : 3 daily : 1 monthly : 1 session) so every type has
  // all four; consultation and therapy rooms, shared part-time, are sold by the session more often.
  const periodDecks = new Map(
    SPACE_TYPES.map((type) => [
      type,
      deck<PricingPeriod>(
        random,
        [
          ['hourly', 1],
          ['daily', 3],
          ['monthly', 1],
          ['session', type === 'Consultation Room' || type === 'Physical Therapy Room' ? 3 : 1],
        ],
        types.filter((t) => t === type).length,
      ),
    ]),
  );
  const emptyImages = deck<boolean>(
    random,
    [
      [true, 1],
      [false, 19],
    ],
    total,
  );
  const ownerTurn = new Map<SpaceType, number>();
  const titles = new Set<string>();
  const spaces: DemoSpace[] = [];

  let index = 0;
  // Round 0 is the demo seed; later rounds (larger counts) go round the cities again.
  while (index < total)
    for (const city of DEMO_CITIES) {
      if (index >= total) break;
      const hoods = random.shuffle(city.neighbourhoods);
      for (let i = 0; i < city.spaces && index < total; i += 1, index += 1) {
        const type = types[index] as SpaceType;
        const period = periodDecks.get(type)?.shift() ?? 'daily';
        const profile = TYPE_PROFILES[type];
        const flavor = random.pick(profile.flavors);
        const location = locate(city, hoods[i % hoods.length] as DemoNeighbourhood, random);

        const owners = profile.owners;
        const turn = ownerTurn.get(type) ?? 0;
        ownerTurn.set(type, turn + 1);
        const ownerKey = owners[turn % owners.length] as string;

        const capacity = random.int(profile.capacity[0], profile.capacity[1]);
        const amenities = chooseAmenities(type, random);
        const equipment = chooseEquipment(flavor, random);
        const optimalSpecialty = random.chance(0.15) ? null : random.pick(flavor.specialties);
        const floor = random.chance(0.3) ? 1 : random.int(2, 8);

        const hasLight = amenities.includes('Natural Light');
        const adjectives = [
          ...profile.adjectives,
          ...GENERAL_ADJECTIVES,
          ...(hasLight ? LIGHT_ADJECTIVES : []),
          ...(floor === 1 ? GROUND_FLOOR_ADJECTIVES : []),
        ];
        const features = TITLE_FEATURES.filter(
          ({ feature }) => (amenities as string[]).includes(feature) || (equipment as string[]).includes(feature),
        )
          .filter(({ title }) => !sharesWord(flavor.noun, title))
          .map(({ title }) => title);

        spaces.push({
          ownerKey,
          title: chooseTitle(flavor.noun, location.hood, period, adjectives, features, random, titles),
          description: describe({
            type,
            noun: flavor.noun,
            location,
            floor,
            capacity,
            // The flavor's signature equipment first in the prose.
            equipment: [...flavor.core, ...equipment.filter((item) => !flavor.core.includes(item))],
            amenities,
            specialty: optimalSpecialty,
            period,
            random,
          }),
          spaceType: type,
          address: chooseAddress(city, floor, random),
          city: city.city,
          state: city.state,
          zipCode: location.hood.zip,
          latitude: location.latitude,
          longitude: location.longitude,
          pricePerDay: choosePrice(type, flavor, period, city.cost, random),
          pricePeriod: period,
          capacity,
          amenities,
          equipment,
          features: chooseRoomFeatures(type, amenities, equipment, featureRandom),
          optimalSpecialty,
          images: chooseImages(type, flavor, random, emptyImages[index] as boolean),
          rules: chooseRules(type, equipment, amenities, random),
          cancellationPolicy: random.pick(CANCELLATION_NOTES[period]),
          schedule: chooseSchedule(type, period, random),
          closedForHolidays: random.chance(0.25),
        });
      }
    }
  return spaces;
}

/** The demo user with this key (throws for an unknown key). */
export function demoUser(key: string): DemoUser {
  const user = demoUsers.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`Unknown demo user ${key}`);
  return user;
}
