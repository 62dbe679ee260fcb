/**
 * Zod schemas shared by the client forms and the server routes (STYLE: one
 * schema per form or payload). Response types are inferred from the same
 * schemas, never written twice.
 */
import { z } from 'zod';
import {
  AMENITIES,
  BOOKING_STATUSES,
  CANCELLATION_POLICY_TIERS,
  DEFAULT_PAGE_SIZE,
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  EQUIPMENT,
  LICENSE_VERIFICATION_STATES,
  MAX_LISTING_IMAGES,
  MAX_PAGE_SIZE,
  MAX_UNIT_PRICE_CENTS,
  MIN_UNIT_PRICE_CENTS,
  MAX_THREAD_MESSAGES,
  MESSAGE_MAX_LENGTH,
  PRICING_PERIODS,
  SPACE_TYPES,
} from './constants';
import { formatUsd, toCents } from './money';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordMatchesEmail, passwordStrengthProblem, passwordUserInputs } from './password';
import { currentPasswordSchema, required, textSchema, trimmed, userTypeSchema } from './schema-fields';
import { isUsStateCode } from './time-zones';

// The shared field schemas. The profile form's schemas live apart, in src/shared/profile-schemas.ts,
// and are imported from there: their phone metadata must not reach every page (issue 10).
export { textSchema, userTypeSchema } from './schema-fields';

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

/** A listing's unit price: a money amount from {@link MIN_UNIT_PRICE_CENTS} to {@link MAX_UNIT_PRICE_CENTS} (per hour, day or month). */
export const unitPriceSchema = moneySchema
  .refine(
    // Plain comparisons: these also run on text that failed the amount format (toCents would throw).
    (value) => Number(value) <= MAX_UNIT_PRICE_CENTS / 100,
    `The price can be at most ${formatUsd(MAX_UNIT_PRICE_CENTS, { compact: true })}`,
  )
  .refine((value) => Number(value) >= MIN_UNIT_PRICE_CENTS / 100, `The price must be at least ${formatUsd(MIN_UNIT_PRICE_CENTS)}`);

/** A path segment naming a record: any short text (a malformed id is simply not found). */
export const idParamSchema = textSchema.max(100);

// ---------------------------------------------------------------- users

/** POST /api/login (SPEC section 5). */
export const loginSchema = z.object({
  email: z.email('Please enter a valid email address').max(254),
  password: textSchema.min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * A new password, wherever one is set (sign-up, change of password): 8 to 128 characters (OWASP ASVS 4.0
 * 2.1.1, 2.1.2). Its strength is checked after this schema: on the server by `checkNewPassword`
 * (src/server/auth/password-check.ts), in a form by `passwordStrengthProblem` (src/shared/password.ts).
 */
export const newPasswordSchema = textSchema.min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

const registerFields = z.object({
  firstName: required('First name', 80),
  lastName: required('Last name', 80),
  email: z.email('Please enter a valid email address').max(254),
  specialty: trimmed(120).optional().default(''),
  password: newPasswordSchema,
  acceptedTerms: z.literal(true, 'You must accept the terms and conditions to create an account'),
  userType: userTypeSchema.default('both'),
});

/** The password must not be the email or its local part (src/shared/password.ts). */
const passwordNotEmail = (form: { email: unknown; password: unknown }, ctx: z.RefinementCtx) => {
  if (typeof form.password === 'string' && typeof form.email === 'string' && passwordMatchesEmail(form.password, form.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.sameAsEmail });
  }
};

/**
 * POST /api/register: the registration fields without confirmPassword, plus userType (SPEC sections 5 and 7).
 * The password's strength (zxcvbn, asynchronous) is checked by the server after this schema, with
 * `checkNewPassword` (src/server/auth/password-check.ts).
 */
export const registerSchema = registerFields.superRefine(passwordNotEmail);
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * The Sign up dialog's form: the server payload plus confirmPassword, which is never sent (SPEC section 5),
 * and the password strength check the server makes. Asynchronous: parse with `parseAsync` (zodResolver does).
 */
export const registerFormSchema = registerFields
  .extend({
    confirmPassword: textSchema,
    acceptedTerms: z.boolean().refine((value) => value, 'You must accept the terms and conditions to create an account'),
  })
  .superRefine(passwordNotEmail)
  .superRefine(async (form, ctx) => {
    const { password } = form;
    if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
    if (typeof form.email === 'string' && passwordMatchesEmail(password, form.email)) return;
    // If the dictionaries cannot load (offline), the server's answer still carries the same message.
    const problem = await passwordStrengthProblem(password, passwordUserInputs(form)).catch(() => null);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

const changePasswordFields = z.object({
  currentPassword: currentPasswordSchema.min(1, 'Enter your current password'),
  newPassword: textSchema.min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(PASSWORD_MAX_LENGTH),
});

const newPasswordDiffers = (form: { currentPassword: string; newPassword: string }) => form.newPassword !== form.currentPassword;
const NEW_PASSWORD_SAME = { message: 'Choose a new password different from your current one', path: ['newPassword'] };

/**
 * PUT /api/users/{id}/password: the current password and a new one, which follows the sign-up rules
 * (src/shared/password.ts; its strength is checked by the server, as at sign-up) and differs from it.
 */
export const changePasswordSchema = changePasswordFields.refine(newPasswordDiffers, NEW_PASSWORD_SAME);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The Change password form: the payload plus confirmPassword, which is never sent. */
export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: textSchema })
  .refine(newPasswordDiffers, NEW_PASSWORD_SAME)
  .refine((form) => form.newPassword === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

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
  /** Where the license (NPI) check stands; `verified` is true only for `verified`. */
  licenseVerification: z.enum(LICENSE_VERIFICATION_STATES).default('none'),
  userType: userTypeSchema,
  stripeAccountStatus: z.string().nullable(),
  stripeOnboardingCompleted: z.boolean(),
  acceptedTermsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The answer of PUT /api/users/{id} (SPEC section 7: "may contain user"). */
export const updateUserResultSchema = z.object({ user: userSchema });

/** POST and DELETE /api/favorites (SPEC section 7). `userId`, when sent, must be the session user. */
export const favoriteSchema = z.object({ userId: z.uuid().optional(), spaceId: z.uuid() });
export type FavoriteInput = z.input<typeof favoriteSchema>;

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
  /** False: request-to-book; the owner accepts or declines each booking (DESIGN decision 4). */
  instantBook: z.boolean(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
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

/**
 * A map's bounding box as `west,south,east,north` in degrees (Leaflet's
 * `getBounds().toBBoxString()`). West east of east means the box crosses the
 * antimeridian.
 */
export const bboxSchema = textSchema
  .max(200)
  .transform((value, ctx) => {
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

/** GET /api/spaces query (SPEC section 7 search filter, plus ownerId and pagination). */
export const spaceSearchSchema = z.object({
  location: locationSearchSchema.optional(),
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
  /** 'Search this area' on the search page's map. */
  bbox: bboxSchema.optional(),
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

/**
 * The state of an address: a USPS state or territory code (`US_STATES` in src/shared/time-zones.ts,
 * whose time zone the space's days are counted in), in any case: "tx" is stored as "TX".
 */
export const usStateSchema = required('State', 50)
  .toUpperCase()
  .refine(isUsStateCode, 'Enter a US state code (e.g. TX).');

/** POST /api/spaces (SPEC sections 2, 5 and 7). `ownerId`, when sent, must be the session user. */
export const createSpaceSchema = z.object({
  title: required('Title', 120),
  description: required('Description', 5000),
  spaceType: spaceTypeSchema,
  capacity: numberInputSchema.pipe(z.number().int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(1000)).default(1),
  address: required('Street address', 200),
  city: required('City', 100),
  state: usStateSchema,
  zipCode: textSchema.trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).default([]),
  equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length).default([]),
  optimalSpecialty: trimmed(120).nullish(),
  images: z.array(listingImageSchema).max(MAX_LISTING_IMAGES, 'You can upload a maximum of 10 images').default([]),
  pricePerDay: unitPriceSchema,
  pricePeriod: pricingPeriodSchema.default('daily'),
  rules: trimmed(5000).nullish(),
  cancellationPolicy: trimmed(5000).nullish(),
  instantBook: z.boolean().default(true),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS).default('flexible'),
  availableFrom: z.iso.datetime({ offset: true }).nullish(),
  availableTo: z.iso.datetime({ offset: true }).nullish(),
  latitude: numberInputSchema.pipe(z.number().min(-90).max(90)).nullish(),
  longitude: numberInputSchema.pipe(z.number().min(-180).max(180)).nullish(),
  ownerId: z.uuid().optional(),
});
export type CreateSpaceInput = z.input<typeof createSpaceSchema>;

/** GET /api/spaces/map-points: the search filters, the map's bounding box and zoom (issue 7 "Maps"). */
export const mapPointsQuerySchema = spaceSearchSchema.omit({ ownerId: true, limit: true, offset: true, after: true, bbox: true }).extend({
  bbox: bboxSchema,
  zoom: numberInputSchema.pipe(z.number().int().min(0).max(22)),
});
export type MapPointsQuery = z.input<typeof mapPointsQuerySchema>;

/** One map marker: a single space (with its id) or a cluster of `count` spaces at their mean position. */
export const mapPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().min(1),
  id: z.uuid().optional(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** The answer of GET /api/spaces/map-points: `total` is the sum of the counts. */
export const mapPointsSchema = z.object({ total: z.number().int(), points: z.array(mapPointSchema) });
export type MapPoints = z.infer<typeof mapPointsSchema>;

/** GET /api/geocode: the wizard's preview of where the server will place an address. */
export const geocodeQuerySchema = z.object({
  address: required('Street address', 200),
  city: required('City', 100),
  state: usStateSchema,
  zipCode: textSchema.trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
});
export const geocodeResultSchema = z.object({
  location: z.object({ latitude: z.number(), longitude: z.number(), source: z.enum(['nominatim', 'zip']) }).nullable(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** What an uploaded image is for (POST /api/uploads?purpose=): a listing photo (default) or a profile picture or cover. */
export const uploadPurposeSchema = z.enum(['space', 'profile']);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;
export const uploadQuerySchema = z.object({ purpose: uploadPurposeSchema.default('space') });

/** The answer of POST /api/uploads: the display image's URL (what a listing stores) and its thumbnail's. */
export const uploadedImageSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

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
  /** The hold that keeps the dates while the renter pays (DESIGN decision 4). */
  bookingId: z.uuid(),
  /** When the hold lapses unpaid, ISO-8601 UTC. */
  holdExpiresAt: z.string(),
  /** False: request-to-book; the card is authorised and the owner answers. */
  instantBook: z.boolean(),
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

/**
 * What a booking's payment has done (the database's `requires_payment`, an
 * intent made but not paid, shows as `none`): `authorized` (a request's card
 * is held), `paid`, `partially_refunded`, `refunded`, `canceled` (released
 * unpaid).
 */
export const BOOKING_PAYMENT_STATUSES = ['none', 'authorized', 'paid', 'partially_refunded', 'refunded', 'canceled'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

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
  units: z.number().int().nullable(),
  instantBook: z.boolean(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
  holdExpiresAt: z.string().nullable(),
  requestExpiresAt: z.string().nullable(),
  /** The refund decided at cancellation (decimal dollars), and who cancelled. */
  refundAmount: z.string().nullable(),
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  /** What the provider has actually refunded of the payment (decimal dollars), "0.00" when nothing. */
  amountRefunded: z.string(),
  cancelledBy: z.enum(['renter', 'owner']).nullable(),
  cancelledAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** A dispute of the payment with the renter's bank, as Stripe reports it (needs_response, under_review, won, lost, warning_*), or null. */
  disputeStatus: z.string().nullable(),
  createdAt: z.string(),
  space: z
    .object({ title: z.string(), city: z.string(), state: z.string(), timeZone: z.string(), pricePeriod: pricingPeriodSchema, ownerId: z.uuid() })
    .optional(),
  /** For an owner's incoming requests (SPEC section 3: booking requests embed the renter). */
  renter: z.object({ firstName: z.string(), lastName: z.string() }).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** PUT /api/bookings/{id}/accept | decline | cancel: `userId`, when sent, must be the session user (SPEC section 7). */
export const bookingAnswerSchema = z.object({ userId: z.uuid().optional() }).nullish();

/** What cancelling a booking would refund now (the Cancel button shows it). */
export const cancellationQuoteSchema = z.object({
  refundAmount: z.string(),
  totalPrice: z.string(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
  /** The first-booking platform fee kept, decimal dollars ("0.00" when none; docs/decisions/008-first-booking-fee-on-cancellation.md). */
  keptFeeAmount: z.string(),
  /** Why the refund is what it is, in plain English. */
  reason: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

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

/** POST /api/stripe/create-connect-account (SPEC section 7): `userId`, when sent, must be the session user; the account's email is the user's own. */
export const createConnectAccountSchema = z
  .object({
    userId: z.uuid().optional(),
    email: textSchema.max(320).optional(),
  })
  .optional();

/** The answer of POST /api/stripe/create-connect-account. */
export const connectAccountSchema = z.object({ accountId: z.string() });
export type ConnectAccount = z.infer<typeof connectAccountSchema>;

/** POST /api/stripe/account-link (SPEC section 7): `userId`, when sent, must be the session user. */
export const accountLinkRequestSchema = z.object({ userId: z.uuid().optional() }).optional();

/** The onboarding link the browser is sent to. */
export const accountLinkSchema = z.object({ url: z.string() });
export type AccountLink = z.infer<typeof accountLinkSchema>;

/** GET /api/stripe/account-status/{userId} (SPEC section 3, Payment account status). */
export const accountStatusSchema = z.object({
  hasAccount: z.boolean(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** The demo onboarding form (POST /api/demo-payments/onboarding, form-encoded). */
export const demoOnboardingSchema = z.object({
  account: textSchema.min(1).max(100),
  return_url: textSchema.min(1).max(2000),
  refresh_url: textSchema.max(2000).optional(),
});

/** A donation in dollars on the wire (25 or "25.50"), read as cents: at least $1 (SPEC section 5), at most {@link DONATION_MAX_CENTS}. */
export const donationAmountSchema = numberInputSchema
  .pipe(
    z
      .number()
      .min(DONATION_MIN_CENTS / 100, 'Please enter an amount of at least $1')
      .max(DONATION_MAX_CENTS / 100, `The amount can be at most ${formatUsd(DONATION_MAX_CENTS)}`)
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), 'Enter an amount in dollars and cents, like 25 or 25.50'),
  )
  .transform((value) => toCents(value));

/** POST /api/create-payment-intent (SPEC section 7: a donation). */
export const createDonationIntentSchema = z.object({
  amount: donationAmountSchema,
  /** One per donation attempt: asking twice returns the same payment intent. */
  idempotencyKey: textSchema.min(8).max(100).optional(),
});

/** The answer of POST /api/create-payment-intent. */
export const donationIntentSchema = z.object({ clientSecret: z.string() });
export type DonationIntent = z.infer<typeof donationIntentSchema>;

/** GET /api/config: the public subset of the configuration the browser may see. */
export const publicConfigSchema = z.object({
  payments: z.enum(['demo', 'stripe', 'none']),
  stripePublishableKey: z.string().nullable(),
  mapTileUrl: z.string().nullable(),
  mapTileAttribution: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// ---------------------------------------------------------------- messages

/** A message's text (SPEC section 5): trimmed, non-empty, at most 5,000 characters. */
export const messageContentSchema = trimmed(MESSAGE_MAX_LENGTH).min(1, 'Message cannot be empty');

/** The Message dialog on the space page (SPEC section 2). */
export const messageFormSchema = z.object({ content: messageContentSchema });
export type MessageFormValues = z.input<typeof messageFormSchema>;

/**
 * POST /api/messages and the socket's `send_message` (SPEC section 7). The
 * sender is the session user: `senderId`, when sent, must be that user.
 * `conversationId` names an existing conversation, or the one the server
 * would open for this sender, receiver and space.
 */
export const sendMessageSchema = z.object({
  conversationId: textSchema.trim().min(1).max(200).optional(),
  senderId: z.uuid().optional(),
  receiverId: z.uuid('Choose who receives the message'),
  spaceId: z.uuid().nullish(),
  content: messageContentSchema,
  messageType: z.literal('text').default('text'),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** A message as the API and the socket return it, with its sender and space embedded (SPEC section 3). */
export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.string(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  spaceId: z.uuid().nullable(),
  content: z.string(),
  messageType: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  sender: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  space: z.object({ title: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** One row of GET /api/users/{id}/conversations (SPEC section 3, Conversation summary). */
export const conversationSummarySchema = z.object({
  conversationId: z.string(),
  otherUser: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  spaceId: z.uuid().nullable(),
  spaceTitle: z.string().nullable(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), senderId: z.uuid() }),
  unreadCount: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/users/{id}/unread-count. */
export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /api/conversations/{conversationId}/read: what was marked read. */
export const markReadResultSchema = z.object({
  conversationId: z.string(),
  /** How many messages were unread and are now read. */
  count: z.number().int().nonnegative(),
  readAt: z.string(),
});
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** Paging of GET /api/users/{id}/messages and a thread. */
export const messageListQuerySchema = z.object({
  limit: numberInputSchema.pipe(z.number().int().min(1).max(MAX_THREAD_MESSAGES)).optional(),
  offset: numberInputSchema.pipe(z.number().int().min(0).max(1_000_000)).default(0),
});

/** Events a client sends over `/ws` (SPEC section 7). */
export const clientSocketEventSchema = z.discriminatedUnion('type', [sendMessageSchema.extend({ type: z.literal('send_message') })]);
export type ClientSocketEvent = z.input<typeof clientSocketEventSchema>;
/** The event types a client may send. */
export const CLIENT_SOCKET_EVENT_TYPES = ['send_message'] as const;

/** Events the server pushes over `/ws` (SPEC section 7; issue 8). */
export const serverSocketEventSchema = z.discriminatedUnion('type', [
  /** A message was stored in one of the user's conversations (sent or received). */
  z.object({ type: z.literal('new_message'), message: messageSchema }),
  /** A conversation changed: lists and counts should be refreshed. */
  z.object({ type: z.literal('conversation_updated'), conversationId: z.string() }),
  /** `readerId` read the messages sent to them in the conversation, up to `readAt`. */
  z.object({ type: z.literal('messages_read'), conversationId: z.string(), readerId: z.uuid(), readAt: z.string() }),
  /** A frame the server could not accept; the socket stays open. */
  z.object({ type: z.literal('error'), message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })).optional() }),
]);
export type ServerSocketEvent = z.infer<typeof serverSocketEventSchema>;

// ---------------------------------------------------------------- errors

/** Every error answer (DESIGN decision 12). */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
