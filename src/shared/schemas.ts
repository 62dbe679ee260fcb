/**
 * Zod schemas shared by the client forms and the server routes (STYLE: one
 * schema per form or payload). Response types are inferred from the same
 * schemas, never written twice.
 */
import { z } from 'zod';
import {
  AMENITIES,
  BOOKING_STATUSES,
  DEFAULT_PAGE_SIZE,
  EQUIPMENT,
  MAX_LISTING_IMAGES,
  MAX_PAGE_SIZE,
  MAX_UNIT_PRICE_CENTS,
  PRICING_PERIODS,
  SPACE_TYPES,
  USER_TYPES,
} from './constants';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL
 * and C1). PostgreSQL rejects NUL in text, and none of them belongs in what a
 * person types, so every text input refuses them here, once (issue
 * "Hardening": bad input is a 4xx, never a 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Any text input: a string without control characters (see {@link CONTROL_CHARACTERS}). Build every string field on it. */
export const textSchema = z.string().refine((value) => !CONTROL_CHARACTERS.test(value), 'Remove the control characters from this text');

/**
 * A number input: a JSON number or a plain decimal string ("12", "-3.5"), as
 * query strings and forms send them. Empty strings, booleans, arrays, hex
 * ("0x10") and exponents are refused rather than coerced (issue "Hardening":
 * loose numbers).
 */
export const numberInputSchema = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'Enter a number').transform(Number)], 'Enter a number')
  .pipe(z.number().finite('Enter a number'));

/** A money amount on the wire: a non-negative decimal string with at most 2 decimals (DESIGN decision 2). */
export const moneySchema = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter an amount like 120 or 120.50'));

/** A listing's unit price: a money amount of at most {@link MAX_UNIT_PRICE_CENTS} (per hour, day or month). */
export const unitPriceSchema = moneySchema.refine(
  (value) => Number(value) * 100 <= MAX_UNIT_PRICE_CENTS,
  `The price can be at most ${formatWholeDollars(MAX_UNIT_PRICE_CENTS)}`,
);

function formatWholeDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US')}`;
}

const trimmed = (max: number) => textSchema.trim().max(max);
const required = (label: string, max = 200) => textSchema.trim().min(1, `${label} is required`).max(max);

/** A path segment naming a record: any short text (a malformed id is simply not found). */
export const idParamSchema = textSchema.max(100);

// ---------------------------------------------------------------- users

export const userTypeSchema = z.enum(USER_TYPES);

/** POST /api/login (SPEC section 5). */
export const loginSchema = z.object({
  email: z.email('Please enter a valid email address').max(254),
  password: textSchema.min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/register: the registration fields without confirmPassword, plus userType (SPEC sections 5 and 7). */
export const registerSchema = z.object({
  firstName: required('First name', 80),
  lastName: required('Last name', 80),
  email: z.email('Please enter a valid email address').max(254),
  specialty: trimmed(120).optional().default(''),
  password: textSchema.min(8, 'Password must be at least 8 characters').max(200),
  acceptedTerms: z.literal(true, 'You must accept the terms and conditions to create an account'),
  userType: userTypeSchema.default('both'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The Sign up dialog's form: the server payload plus confirmPassword, which is never sent (SPEC section 5). */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: textSchema,
    acceptedTerms: z.boolean().refine((value) => value, 'You must accept the terms and conditions to create an account'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** A user as the API returns it: never the password hash (DESIGN decision 1). */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  specialty: z.string().nullable(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  coverColor: z.string(),
  verified: z.boolean(),
  userType: userTypeSchema,
  stripeAccountStatus: z.string().nullable(),
  stripeOnboardingCompleted: z.boolean(),
  acceptedTermsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

// ---------------------------------------------------------------- spaces

export const spaceTypeSchema = z.enum(SPACE_TYPES);
export const pricingPeriodSchema = z.enum(PRICING_PERIODS);

/** A space as the API returns it (SPEC section 3). Prices and coordinates are decimal strings. */
export const spaceSchema = z.object({
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
  optimalSpecialty: z.string().nullable(),
  images: z.array(z.string()),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  rules: z.string().nullable(),
  cancellationPolicy: z.string().nullable(),
  active: z.boolean(),
  /** IANA zone the space's days are counted in (DESIGN decision 3). */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Space = z.infer<typeof spaceSchema>;

const stringList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(z.enum(values)).optional());

/** An optional query number: empty means unset (SPEC: price inputs are cleared when empty). */
const optionalNumber = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? undefined : value),
  numberInputSchema.pipe(z.number().nonnegative().max(MAX_UNIT_PRICE_CENTS / 100)).optional(),
);

/**
 * A space in a list of results (`GET /api/spaces`, issue 10): only what a
 * result card shows, so a page of 24 stays small and cheap to build. The
 * full record is `GET /api/spaces/{id}` ({@link spaceSchema}).
 */
export const spaceCardSchema = spaceSchema.pick({
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
});
export type SpaceCard = z.infer<typeof spaceCardSchema>;

/** GET /api/spaces query (SPEC section 7 search filter, plus ownerId and pagination). */
export const spaceSearchSchema = z.object({
  location: trimmed(200).optional(),
  spaceType: z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), spaceTypeSchema.optional()),
  specialty: z.preprocess((value) => (value === 'any' || value === '' ? undefined : value), trimmed(120).optional()),
  /**
   * The period the price range is in (issue 10: like with like): only spaces
   * priced per hour, per day or per month. 'all' or empty: any period.
   */
  period: z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), pricingPeriodSchema.optional()),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  amenities: stringList(AMENITIES),
  equipment: stringList(EQUIPMENT),
  ownerId: z.uuid().optional(),
  limit: numberInputSchema.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
  offset: numberInputSchema.pipe(z.number().int().min(0).max(1_000_000)).default(0),
  /** Keyset pagination: the `X-Next-Cursor` of the previous page; rows after it (then `offset` more are skipped). */
  after: textSchema.max(200).optional(),
});
export type SpaceSearch = z.input<typeof spaceSearchSchema>;

/**
 * An image in a listing (SPEC section 3): inline image data, which the server
 * stores as a file, or the path of an image we already serve. Other URLs are
 * refused so no user-supplied address reaches an `src` (DESIGN decision 13).
 */
const listingImageSchema = z
  .string()
  .refine(
    (value) => value.startsWith('data:image/') || /^\/(images|uploads)\/[\w-]+(\/[\w-]+)*\.(svg|webp|png|jpe?g)$/.test(value),
    'Please upload only image files',
  );

/** POST /api/spaces (SPEC sections 2, 5 and 7). `ownerId`, when sent, must be the session user. */
export const createSpaceSchema = z.object({
  title: required('Title', 120),
  description: required('Description', 5000),
  spaceType: spaceTypeSchema,
  capacity: numberInputSchema.pipe(z.number().int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(1000)).default(1),
  address: required('Street address', 200),
  city: required('City', 100),
  state: required('State', 50),
  zipCode: textSchema.trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).default([]),
  equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length).default([]),
  optimalSpecialty: trimmed(120).nullish(),
  images: z.array(listingImageSchema).max(MAX_LISTING_IMAGES, 'You can upload a maximum of 10 images').default([]),
  pricePerDay: unitPriceSchema,
  pricePeriod: pricingPeriodSchema.default('daily'),
  rules: trimmed(5000).nullish(),
  cancellationPolicy: trimmed(5000).nullish(),
  availableFrom: z.iso.datetime({ offset: true }).nullish(),
  availableTo: z.iso.datetime({ offset: true }).nullish(),
  latitude: numberInputSchema.pipe(z.number().min(-90).max(90)).nullish(),
  longitude: numberInputSchema.pipe(z.number().min(-180).max(180)).nullish(),
  ownerId: z.uuid().optional(),
});
export type CreateSpaceInput = z.input<typeof createSpaceSchema>;

/** The answer of DELETE /api/spaces/{id}: a space with booking history is archived, not deleted (DESIGN decision 15). */
export const deleteSpaceResultSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type DeleteSpaceResult = z.infer<typeof deleteSpaceResultSchema>;

// ---------------------------------------------------------------- bookings

/** A booking's start or end: a local date (daily, monthly) or local date and time (hourly). */
export const bookingInstantSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'Use YYYY-MM-DD or YYYY-MM-DDTHH:mm');

export const bookingDetailsSchema = z.object({
  startDate: bookingInstantSchema,
  endDate: bookingInstantSchema,
  notes: trimmed(2000).optional(),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

/** POST /api/create-booking-payment-intent (SPEC section 7). `amount` is the client's total in dollars, checked by the server. */
export const createBookingPaymentIntentSchema = z.object({
  spaceId: z.uuid(),
  userId: z.uuid().optional(),
  amount: moneySchema.optional(),
  bookingDetails: bookingDetailsSchema,
  /** One per booking attempt: asking twice returns the same payment intent (DESIGN decision 6). */
  idempotencyKey: textSchema.min(8).max(100).optional(),
});

export const bookingPaymentIntentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  /** Total the renter pays, decimal dollars. */
  amount: z.string(),
  platformFeeAmount: z.string(),
  ownerConnected: z.boolean(),
  isFirstTransaction: z.boolean(),
  units: z.number().int(),
});
export type BookingPaymentIntent = z.infer<typeof bookingPaymentIntentSchema>;

/** POST /api/bookings (SPEC section 7, plus the payment intent that paid for it). */
export const createBookingSchema = z.object({
  spaceId: z.uuid(),
  renterId: z.uuid().optional(),
  startDate: bookingInstantSchema,
  endDate: bookingInstantSchema,
  totalPrice: moneySchema,
  status: z.enum(BOOKING_STATUSES).optional(),
  notes: trimmed(2000).nullish(),
  paymentIntentId: textSchema.min(1).max(200),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

export const bookingSchema = z.object({
  id: z.uuid(),
  spaceId: z.uuid(),
  renterId: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  totalPrice: z.string(),
  platformFeeAmount: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  space: z.object({ title: z.string(), city: z.string(), state: z.string(), timeZone: z.string(), pricePeriod: pricingPeriodSchema }).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

// ---------------------------------------------------------------- payments

/** POST /api/demo-payments/confirm: the demo card form (DESIGN decision 6). Nothing is charged. */
export const demoPaymentConfirmSchema = z.object({
  clientSecret: textSchema.min(1).max(200),
  cardNumber: textSchema.transform((value) => value.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: textSchema.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is incomplete."),
  cvc: textSchema.regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type DemoPaymentConfirmInput = z.input<typeof demoPaymentConfirmSchema>;

/** The answer of POST /api/demo-payments/confirm when the payment succeeded. */
export const demoPaymentResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});
export type DemoPaymentResult = z.infer<typeof demoPaymentResultSchema>;

/** GET /api/config: the public subset of the configuration the browser may see. */
export const publicConfigSchema = z.object({
  payments: z.enum(['demo', 'stripe', 'none']),
  stripePublishableKey: z.string().nullable(),
  mapTileUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// ---------------------------------------------------------------- errors

/** Every error answer (DESIGN decision 12). */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
