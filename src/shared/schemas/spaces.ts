/**
 * Listings: the space and its card, search and map-point queries, the create/edit form, deletion.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import {
  AMENITIES,
  CANCELLATION_POLICY_TIERS,
  DEFAULT_PAGE_SIZE,
  EQUIPMENT,
  MAX_LISTING_IMAGES,
  MAX_PAGE_SIZE,
  MAX_UNIT_PRICE_CENTS,
  PRICING_PERIODS,
  SPACE_TYPES,
} from '../constants';
import { isUsStateCode } from '../time-zones';
import { agreementTermsSchema, numberInputSchema, required, textSchema, trimmed, unitPriceSchema } from './fields';
import { minutesOfDay } from '../time-of-day';
import { blockedDateSchema, blockedDatesSchema, isoDateSchema, scheduleSchema, timeOfDaySchema } from './schedules';
import { spaceRatingSchema } from './reviews';
import { roomFeaturesFilterSchema, roomFeaturesSchema } from './room-features';
import { listingAccessInputSchema, listingAccessSchema } from './access';
import { STANDING_MONTHLY_MESSAGE, standingBookingOfferSchema } from './standing-bookings';

/**
 * The 410 of a listing an operator took down or whose owner is suspended (`GET /api/spaces/{id}` and
 * its page; docs/decisions/029-operators-and-the-audit-log.md).
 */
export const LISTING_GONE_MESSAGE = 'This listing is no longer available';

export const spaceTypeSchema = z.enum(SPACE_TYPES);
/** The orders of search results: newest first, or best rated first (ties newest first). */
export const SPACE_SORTS = ['newest', 'rating'] as const;
export type SpaceSort = (typeof SPACE_SORTS)[number];
export const pricingPeriodSchema = z.enum(PRICING_PERIODS);
// `@__PURE__` (here and below): schemas the app uses as types only (the server checks them), which its bundle can
// then leave out; each would otherwise cost every page's first load (tests/e2e/first-load-budget.test.ts). A pure
// call still evaluates its arguments: a field's method chain (`z.number().int()`) is marked pure too, or it stays.
/** A space as the API returns it (docs/product.md#data). Prices and coordinates are decimal strings. */
export const spaceSchema = /* @__PURE__ */ z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  title: z.string(),
  description: z.string(),
  spaceType: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  pricePerDay: z.string(),
  pricePeriod: pricingPeriodSchema,
  capacity: z.number().int(),
  amenities: z.array(z.string()),
  equipment: z.array(z.string()),
  /** The room features the owner states (`ROOM_FEATURES` in ./room-features.ts). */
  features: roomFeaturesSchema,
  optimalSpecialty: z.string().nullable(),
  images: z.array(z.string()),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  rules: z.string().nullable(),
  cancellationPolicy: z.string().nullable(),
  /** The owner's own terms, added to each booking's space-use agreement (docs/decisions/027-receipts-and-agreements.md). */
  agreementTerms: z.string().nullable().default(null),
  /** False: request-to-book; the owner accepts or declines each booking (docs/decisions/005-bookings-as-holds.md). */
  instantBook: z.boolean(),
  /** "Require proof of insurance": a hold needs a certificate of insurance valid through its last day (docs/decisions/030-insurance-certificates-and-licence-states.md). */
  requiresInsurance: z.boolean().default(false),
  /** "Check-in required": the renter checks in, and may be marked a no-show (not refunded) when they do not (src/shared/stays.ts). */
  requiresCheckIn: z.boolean().default(false),
  /** The items both sides attest at the room's turnover (src/shared/stays.ts). */
  turnoverChecklist: z.array(z.string()).default([]),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
  active: z.boolean(),
  /** IANA zone the space's days are counted in (docs/decisions/003-bookings-as-ranges.md). */
  timeZone: z.string(),
  /** Opening hours, sessions, buffer, notice and horizon (docs/product.md#schedules); null: open every day, all day. */
  schedule: scheduleSchema.nullable(),
  createdAt: z.string(),
  /** The average and count of its published renter reviews (docs/decisions/028-reviews.md); null without reviews. */
  rating: spaceRatingSchema.default(null),
  /** How a confirmed renter gets in (docs/product.md#the-day-of-the-stay); the instructions only to the owner. */
  access: listingAccessSchema.default({ method: 'instructions', revealHoursBefore: 24 }),
  /** The offer of standing bookings, public (./standing-bookings.ts); null: none. */
  standingBookings: standingBookingOfferSchema.nullable().default(null),
});
export type Space = z.infer<typeof spaceSchema>;
/** GET /api/spaces/{id}: the space and its blocked dates (their notes only for the owner). */
export const spaceDetailSchema = /* @__PURE__ */ spaceSchema.extend({ blockedDates: z.array(blockedDateSchema) });
export type SpaceDetail = z.infer<typeof spaceDetailSchema>;
const stringList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(z.enum(values)).optional());
/** An optional query number: empty means unset (docs/product.md#search: price inputs are cleared when empty). */
const optionalNumber = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? undefined : value),
  numberInputSchema
    .pipe(
      z
        .number()
        .nonnegative()
        .max(MAX_UNIT_PRICE_CENTS / 100),
    )
    .optional(),
);
/**
 * A space in a list of results (`GET /api/spaces`): only what a
 * result card shows, so a page of 24 stays small and cheap to build. The
 * full record is `GET /api/spaces/{id}` ({@link spaceSchema}).
 */
export const spaceCardSchema = /* @__PURE__ */ spaceSchema.pick({
  id: true,
  ownerId: true,
  title: true,
  spaceType: true,
  city: true,
  state: true,
  zipCode: true,
  pricePerDay: true,
  pricePeriod: true,
  capacity: true,
  images: true,
  rating: true,
});
export type SpaceCard = z.infer<typeof spaceCardSchema>;
/**
 * A map's bounding box as `west,south,east,north` in degrees (Leaflet's
 * `getBounds().toBBoxString()`). West east of east means the box crosses the
 * antimeridian.
 */
export const bboxSchema = textSchema.max(200).transform((value, ctx) => {
  const parts = value.split(',').map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 4 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) {
    ctx.addIssue({ code: 'custom', message: 'bbox must be west,south,east,north in degrees' });
    return z.NEVER;
  }
  const [west, south, east, north] = numbers as [number, number, number, number];
  if ([west, east].some((lng) => lng < -180 || lng > 180) || [south, north].some((lat) => lat < -90 || lat > 90) || south > north) {
    ctx.addIssue({ code: 'custom', message: 'bbox is out of range (longitude -180..180, latitude -90..90, south <= north)' });
    return z.NEVER;
  }
  return { west, south, east, north };
});
export type Bbox = z.output<typeof bboxSchema>;
/** The most comma-separated parts a location search may have: each part is one more text match over every space. */
export const MAX_LOCATION_PARTS = 10;
/** The comma-separated parts of a location search, trimmed, empty ones dropped ("Austin, TX" -> ["Austin", "TX"]). */
export function locationParts(location: string): string[] {
  return location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
/** A location search: at most 200 characters in at most {@link MAX_LOCATION_PARTS} parts. */
export const locationSearchSchema = trimmed(200).refine(
  (value) => locationParts(value).length <= MAX_LOCATION_PARTS,
  `A location search can have at most ${MAX_LOCATION_PARTS} comma-separated parts.`,
);
/**
 * The fields of the GET /api/spaces query (docs/product.md#api-calls search filter, plus ownerId
 * and pagination), unrefined (for `.shape`, `.omit`); {@link spaceSearchSchema} checks them together.
 */
export const spaceSearchFieldsSchema = z.object({
  location: locationSearchSchema.optional(),
  spaceType: z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), spaceTypeSchema.optional()),
  specialty: z.preprocess((value) => (value === 'any' || value === '' ? undefined : value), trimmed(120).optional()),
  /**
   * The period the price range is in (like with like): only spaces
   * priced per hour, per day or per month. 'all' or empty: any period.
   */
  period: z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), pricingPeriodSchema.optional()),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  amenities: stringList(AMENITIES),
  equipment: stringList(EQUIPMENT),
  /** Only spaces having every one of these room features (comma-separated or repeated). */
  features: roomFeaturesFilterSchema,
  ownerId: z.uuid().optional(),
  /** 'Search this area' on the search page's map. */
  bbox: bboxSchema.optional(),
  limit: numberInputSchema.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
  offset: numberInputSchema.pipe(z.number().int().min(0).max(1_000_000)).default(0),
  /** Keyset pagination: the `X-Next-Cursor` of the previous page; rows after it (then `offset` more are skipped). */
  after: textSchema.max(200).optional(),
  /**
   * Only spaces that can be booked on this local date (docs/product.md#search): with
   * `availableFrom` and `availableTo` (local `HH:mm`, on the schedule's step), free for that whole
   * interval; without, with at least one free slot that day.
   */
  availableOn: isoDateSchema.optional(),
  availableFrom: timeOfDaySchema.optional(),
  availableTo: timeOfDaySchema.optional(),
  /** The order: newest first (default), or best rated first with ties newest first (docs/product.md#search). */
  sort: z.preprocess((value) => (value === '' ? undefined : value), z.enum(SPACE_SORTS).default('newest')),
  /** "4+ stars": only spaces whose average rating is at least this (1-5; spaces without reviews are left out). */
  minRating: z.preprocess(
    (value) => (value === '' || value === 'any' ? undefined : value),
    numberInputSchema.pipe(z.number().int().min(1).max(5)).optional(),
  ),
});

/** The availability window's rules: times only with a date, both or neither, the start before the end. */
function checkAvailabilityWindow(
  query: { availableOn?: string; availableFrom?: string; availableTo?: string },
  ctx: z.RefinementCtx,
): void {
  const { availableOn, availableFrom, availableTo } = query;
  if ((availableFrom === undefined) !== (availableTo === undefined)) {
    const path = availableFrom === undefined ? 'availableFrom' : 'availableTo';
    ctx.addIssue({ code: 'custom', message: 'Give both availableFrom and availableTo, or neither', path: [path] });
    return;
  }
  if (availableFrom === undefined || availableTo === undefined) return;
  if (availableOn === undefined) {
    ctx.addIssue({ code: 'custom', message: 'availableFrom and availableTo need availableOn (the date)', path: ['availableOn'] });
  }
  const from = minutesOfDay(availableFrom);
  const to = minutesOfDay(availableTo);
  if (from !== null && to !== null && from >= to) {
    ctx.addIssue({ code: 'custom', message: 'availableTo must be after availableFrom', path: ['availableTo'] });
  }
}

/** GET /api/spaces query: {@link spaceSearchFieldsSchema} with the availability window checked. */
export const spaceSearchSchema = spaceSearchFieldsSchema.superRefine(checkAvailabilityWindow);
export type SpaceSearch = z.input<typeof spaceSearchSchema>;
/**
 * An image in a listing (docs/product.md#data): inline image data, which the server
 * stores as a file, or the path of an image we already serve. Other URLs are
 * refused so no user-supplied address reaches an `src` (docs/decisions/017-security-headers.md).
 */
const listingImageSchema = z
  .string()
  .refine(
    (value) => value.startsWith('data:image/') || /^\/(images|uploads)\/[\w-]+(\/[\w-]+)*\.(svg|webp|png|jpe?g)$/.test(value),
    'Please upload only image files',
  );
/**
 * The state of an address: a USPS state or territory code (`US_STATES` in src/shared/time-zones.ts,
 * whose time zone the space's days are counted in), in any case: "tx" is stored as "TX".
 */
export const usStateSchema = required('State', 50).toUpperCase().refine(isUsStateCode, 'Enter a US state code (e.g. TX).');
/** The fields of a listing, for forms that take some of them (a refined schema cannot be picked from). */
export const listingFieldsSchema = z.object({
  title: required('Title', 120),
  description: required('Description', 5000),
  spaceType: spaceTypeSchema,
  capacity: numberInputSchema
    .pipe(z.number().int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(1000))
    .default(1),
  address: required('Street address', 200),
  city: required('City', 100),
  state: usStateSchema,
  zipCode: textSchema.trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).default([]),
  equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length).default([]),
  /** The room features, each at most once; left out, none on a new listing and kept on an edit. */
  features: roomFeaturesSchema.optional(),
  optimalSpecialty: trimmed(120).nullish(),
  images: z.array(listingImageSchema).max(MAX_LISTING_IMAGES, 'You can upload a maximum of 10 images').default([]),
  pricePerDay: unitPriceSchema,
  pricePeriod: pricingPeriodSchema.default('daily'),
  rules: trimmed(5000).nullish(),
  cancellationPolicy: trimmed(5000).nullish(),
  /** The owner's own agreement terms; left out on an edit, they are kept (the listing form does not send them yet). */
  agreementTerms: agreementTermsSchema.nullish(),
  instantBook: z.boolean().default(true),
  /** "Require proof of insurance"; left out, false on a new listing and kept on an edit. */
  requiresInsurance: z.boolean().optional(),
  /** "Check-in required"; left out, false on a new listing and kept on an edit. */
  requiresCheckIn: z.boolean().optional(),
  /**
   * The turnover checklist; left out, the default one on a new listing and kept on an edit. Its items are
   * checked by `turnoverChecklistSchema` (./turnover-checklist.ts): by the listing form, and by the server,
   * which adds that check to this schema (src/server/spaces/routes.ts); here only its shape, which the
   * app's first load carries.
   */
  turnoverChecklist: z.array(z.string()).optional(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS).default('flexible'),
  availableFrom: z.iso.datetime({ offset: true }).nullish(),
  availableTo: z.iso.datetime({ offset: true }).nullish(),
  latitude: numberInputSchema.pipe(z.number().min(-90).max(90)).nullish(),
  longitude: numberInputSchema.pipe(z.number().min(-180).max(180)).nullish(),
  ownerId: z.uuid().optional(),
  /** The schedule (docs/product.md#schedules): null clears it (open every day, all day); left out on an edit, it is kept. */
  schedule: scheduleSchema.nullish(),
  /** The blocked dates, all of them; left out on an edit, they are kept. */
  blockedDates: blockedDatesSchema.optional(),
});
/** POST /api/spaces (docs/product.md#pages, #validation, #api-calls). `ownerId`, when sent, must be the session user. */
/** The message when a listing priced per session names no session. */
export const SESSIONS_REQUIRED = 'A listing priced per session needs at least one session';
/** Whether a listing priced per `pricePeriod` with `schedule` lacks the session a session listing needs. */
export function lacksSessions(pricePeriod: string | undefined, schedule: { sessions?: readonly unknown[] } | null | undefined): boolean {
  return pricePeriod === 'session' && !schedule?.sessions?.length;
}
export const createSpaceSchema = /* @__PURE__ */ listingFieldsSchema
  // How a confirmed renter gets in (./access.ts); left out, instructions revealed 24 hours before on a new
  // listing, kept on an edit. Here rather than in the fields, so that pages which never list a space leave it out.
  // The offer of standing bookings (./standing-bookings.ts) likewise: null withdraws it; left out, none on a new
  // listing, kept on an edit. Never on a listing priced per month (standing bookings repeat weekly).
  .extend({ access: listingAccessInputSchema.optional(), standingBookings: standingBookingOfferSchema.nullish() })
  .superRefine((space, ctx) => {
    if (lacksSessions(space.pricePeriod, space.schedule)) {
      ctx.addIssue({ code: 'custom', message: SESSIONS_REQUIRED, path: ['schedule', 'sessions'] });
    }
    if (space.pricePeriod === 'monthly' && space.standingBookings) {
      ctx.addIssue({ code: 'custom', message: STANDING_MONTHLY_MESSAGE, path: ['standingBookings'] });
    }
  });
export type CreateSpaceInput = z.input<typeof createSpaceSchema>;
/** GET /api/spaces/map-points: the search filters, the map's bounding box and zoom (docs/decisions/006-maps-and-images.md). */
export const mapPointsQuerySchema = /* @__PURE__ */ spaceSearchFieldsSchema
  .omit({ ownerId: true, limit: true, offset: true, after: true, bbox: true, sort: true })
  .extend({
    bbox: bboxSchema,
    zoom: numberInputSchema.pipe(z.number().int().min(0).max(22)),
  })
  .superRefine(checkAvailabilityWindow);
export type MapPointsQuery = z.input<typeof mapPointsQuerySchema>;
/** One map marker: a single space (with its id) or a cluster of `count` spaces at their mean position. */
export const mapPointSchema = /* @__PURE__ */ z.object({
  lat: z.number(),
  lng: z.number(),
  count: /* @__PURE__ */ z.number().int().min(1),
  id: /* @__PURE__ */ z.uuid().optional(),
  /** A cluster's extent, `[south, west, north, east]` in degrees: what a click on it zooms to. */
  // An array of 4 rather than z.tuple, which would bring zod's tuple code into every page.
  bounds: /* @__PURE__ */ z.array(z.number()).length(4).optional(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;
/** The answer of GET /api/spaces/map-points: `total` is the sum of the counts. */
export const mapPointsSchema = /* @__PURE__ */ z.object({ total: /* @__PURE__ */ z.number().int(), points: z.array(mapPointSchema) });
export type MapPoints = z.infer<typeof mapPointsSchema>;
/** The answer of DELETE /api/spaces/{id}: a space with booking history is archived, not deleted (docs/decisions/019-records-are-kept.md). */
export const deleteSpaceResultSchema = /* @__PURE__ */ z.object({ outcome: /* @__PURE__ */ z.enum(['deleted', 'archived']) });
export type DeleteSpaceResult = z.infer<typeof deleteSpaceResultSchema>;
