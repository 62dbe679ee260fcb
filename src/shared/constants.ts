/**
 * Business constants of ClinicShare (docs/product.md#constants). Every list here is the
 * single source for the client's forms and filters, the server's validation
 * and the seed data.
 */

/** Space types, in the order of docs/product.md#constants. */
export const SPACE_TYPES = [
  'Dental Suite',
  'Consultation Room',
  'Surgical Suite',
  'Examination Room',
  'Physical Therapy Room',
  'Laboratory',
  'Radiology Suite',
] as const;
export type SpaceType = (typeof SPACE_TYPES)[number];

/** Amenities (docs/product.md#constants). The search filter shows the first {@link FILTER_AMENITY_COUNT}. */
export const AMENITIES = [
  'Wi-Fi',
  'Parking',
  'Reception Area',
  'Sterilization Room',
  'Private Entrance',
  'Staff Lounge',
  'Recovery Room',
  'Waiting Area',
  'Air Conditioning',
  'Heating',
  'Natural Light',
  'Security System',
] as const;
export type Amenity = (typeof AMENITIES)[number];
export const FILTER_AMENITY_COUNT = 8;

/** Equipment (docs/product.md#constants). The search filter shows the first {@link FILTER_EQUIPMENT_COUNT}. */
export const EQUIPMENT = [
  'Digital X-Ray',
  'Dental Chairs',
  'Autoclave',
  'Ultrasonic Cleaner',
  'Examination Table',
  'Medical Equipment Cart',
  'EKG Machine',
  'Operating Table',
  'Surgical Lights',
  'Anesthesia Machine',
  'Monitoring Systems',
  'Defibrillator',
  'Ventilator',
  'CT Scanner',
  'MRI Machine',
  'Ultrasound Machine',
  // Physical therapy's own (after the filter's first eleven, which stay as they were).
  'Treatment Table',
  'Parallel Bars',
  'Exercise Equipment',
  'Electrotherapy Unit',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];
export const FILTER_EQUIPMENT_COUNT = 11;

/** The 56 medical specialties (docs/product.md#constants). */
export const SPECIALTIES = [
  'Acupuncture',
  'Allergy and Immunology',
  'Anesthesiology',
  'Audiology',
  'Cardiology',
  'Chiropractic',
  'Colorectal Surgery',
  'Counseling',
  'Dentistry',
  'Dermatology',
  'Emergency Medicine',
  'Endocrinology',
  'Endodontics',
  'Family Medicine',
  'Gastroenterology',
  'General Practice',
  'Geriatrics',
  'Hematology',
  'Infectious Disease',
  'Internal Medicine',
  'Massage Therapy',
  'Nephrology',
  'Neurology',
  'Neurosurgery',
  'Nutrition and Dietetics',
  'Obstetrics and Gynecology',
  'Occupational Therapy',
  'Oncology',
  'Ophthalmology',
  'Optometry',
  'Oral Surgery',
  'Orthodontics',
  'Orthopedics',
  'Otolaryngology (ENT)',
  'Pain Management',
  'Pathology',
  'Pediatric Dentistry',
  'Pediatrics',
  'Periodontics',
  'Physical Medicine and Rehabilitation',
  'Physical Therapy',
  'Plastic Surgery',
  'Podiatry',
  'Prosthodontics',
  'Psychiatry',
  'Psychology',
  'Pulmonology',
  'Radiology',
  'Rheumatology',
  'Speech Therapy',
  'Sports Medicine',
  'Surgery',
  'Urgent Care',
  'Urology',
  'Vascular Surgery',
  'Wound Care',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

/**
 * The specialties whose practitioners are addressed as "Dr." (src/shared/names.ts): physicians,
 * dentists, and the other doctoral professions (audiologists, chiropractors, optometrists,
 * podiatrists, psychologists). Therapists, counsellors, dietitians, acupuncturists and
 * wound-care nurses are not: a title a person does not hold is a misstatement on a page about
 * licensed care. A specialty not listed here (a new one, or free text) takes no title.
 */
export const DOCTOR_SPECIALTIES = [
  'Allergy and Immunology',
  'Anesthesiology',
  'Audiology',
  'Cardiology',
  'Chiropractic',
  'Colorectal Surgery',
  'Dentistry',
  'Dermatology',
  'Emergency Medicine',
  'Endocrinology',
  'Endodontics',
  'Family Medicine',
  'Gastroenterology',
  'General Practice',
  'Geriatrics',
  'Hematology',
  'Infectious Disease',
  'Internal Medicine',
  'Nephrology',
  'Neurology',
  'Neurosurgery',
  'Obstetrics and Gynecology',
  'Oncology',
  'Ophthalmology',
  'Optometry',
  'Oral Surgery',
  'Orthodontics',
  'Orthopedics',
  'Otolaryngology (ENT)',
  'Pain Management',
  'Pathology',
  'Pediatric Dentistry',
  'Pediatrics',
  'Periodontics',
  'Physical Medicine and Rehabilitation',
  'Plastic Surgery',
  'Podiatry',
  'Prosthodontics',
  'Psychiatry',
  'Psychology',
  'Pulmonology',
  'Radiology',
  'Rheumatology',
  'Sports Medicine',
  'Surgery',
  'Urgent Care',
  'Urology',
  'Vascular Surgery',
] as const satisfies readonly Specialty[];

/**
 * Pricing periods (docs/product.md#constants); `daily` is the default. A `session` listing is
 * priced per session and booked one named session at a time (its schedule's `sessions`).
 */
export const PRICING_PERIODS = ['hourly', 'daily', 'monthly', 'session'] as const;
export type PricingPeriod = (typeof PRICING_PERIODS)[number];
export const DEFAULT_PRICING_PERIOD: PricingPeriod = 'daily';

/** Price suffix labels shown after a price: "/hr", "/day", "/mo" (docs/product.md#constants). */
export const PRICING_PERIOD_LABELS: Record<PricingPeriod, string> = {
  hourly: 'hr',
  daily: 'day',
  monthly: 'mo',
  session: 'session',
};

/** User types (docs/product.md#who-it-is-for); `both` is the default at registration. */
export const USER_TYPES = ['lister', 'renter', 'both'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Profile labels of the user types (docs/product.md#profile). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  lister: 'Space Lister',
  renter: 'Space Renter',
  both: 'Lister & Renter',
};

/**
 * Booking statuses (docs/decisions/005-bookings-as-holds.md): a hold awaiting payment, a request
 * awaiting the owner's answer, and the outcomes. The transitions between
 * them live in `booking-lifecycle.ts`.
 */
export const BOOKING_STATUSES = ['awaiting_payment', 'pending', 'confirmed', 'declined', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold the space's time (the no-overlap constraint covers these). */
export const BLOCKING_BOOKING_STATUSES = ['awaiting_payment', 'pending', 'confirmed'] as const satisfies readonly BookingStatus[];

/** How long a hold keeps the dates while the renter pays, in minutes (docs/decisions/005-bookings-as-holds.md). */
export const HOLD_MINUTES = 15;

/**
 * The space-use agreement template's version (src/shared/agreement.ts): what the booking dialog
 * shows, what checkout's `agreementVersion` must name, and what each acceptance stores
 * (docs/decisions/027-receipts-and-agreements.md). A change of the template's wording is a new version.
 */
export const AGREEMENT_VERSION = '2026-11-25';
/** Unpaid holds (bookings in payment whose hold has not ended) one renter may have at once; one more is a 429. */
export const MAX_UNPAID_HOLDS = 5;
/** Payment intents for bookings (holds) one account may ask for per hour. */
export const BOOKING_HOLDS_PER_HOUR = 30;

/** How long an owner has to answer a booking request, in hours; a request also expires at its start. */
export const REQUEST_ANSWER_HOURS = 48;

/** Cancellation policy tiers a listing picks (docs/decisions/005-bookings-as-holds.md); the refund rules are in `cancellation.ts`. */
export const CANCELLATION_POLICY_TIERS = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicyTier = (typeof CANCELLATION_POLICY_TIERS)[number];
export const DEFAULT_CANCELLATION_POLICY_TIER: CancellationPolicyTier = 'flexible';

/** Platform fee on a renter's first confirmed booking with an owner, in basis points (10%). docs/product.md#constants, docs/decisions/011-platform-fee-on-a-first-booking.md. */
export const FIRST_BOOKING_FEE_BASIS_POINTS = 1000;

/** Listing and profile image limits (docs/product.md#validation and #constants). */
export const MAX_LISTING_IMAGES = 10;
/** A listing's turnover checklist (src/shared/schemas/turnover-checklist.ts) holds at most this many items, each of at most {@link TURNOVER_ITEM_MAX_CHARS} characters. */
export const TURNOVER_CHECKLIST_MAX_ITEMS = 10;
export const TURNOVER_ITEM_MAX_CHARS = 120;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest image accepted, in pixels (width x height): a decompression-bomb guard; 50 megapixels covers any camera photo. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Default cover colour of a profile (docs/product.md#data). */
export const DEFAULT_COVER_COLOR = '#3b82f6';

/**
 * Default house rules shown on a space without its own (docs/product.md#space-page). The cancellation
 * policy needs no default: every listing has its refund tier, printed in words (src/shared/cancellation.ts).
 */
export const DEFAULT_RULES_TEXT = 'Standard professional use guidelines apply.';

/** Image used for a space without images (docs/product.md#data); shipped with the app. */
export const DEFAULT_SPACE_IMAGE = '/images/default-space.svg';

/** Display counts (docs/product.md#constants). */
export const FEATURED_SPACES_COUNT = 3;
export const SEARCH_SKELETON_COUNT = 6;
export const STRUCTURED_DATA_RESULTS = 10;
export const META_DESCRIPTION_LENGTH = 150;

/** Pagination of list endpoints: default and largest page size. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/**
 * Money limits a card processor accepts: Stripe charges
 * at most $999,999.99 in USD (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts),
 * so no unit price or booking total may go beyond these. Cents.
 */
export const MAX_UNIT_PRICE_CENTS = 100_000_00;
export const MAX_BOOKING_TOTAL_CENTS = 999_999_99;

/**
 * The smallest booking payment, cents: $1.00 (the payment minimum of docs/product.md#validation;
 * Stripe refuses USD charges under $0.50,
 * https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
 * A total below it is 400 "Invalid Amount" before any provider call.
 */
export const MIN_BOOKING_TOTAL_CENTS = 100;
/** The smallest unit price of a listing, cents: one unit must be a payable booking. */
export const MIN_UNIT_PRICE_CENTS = MIN_BOOKING_TOTAL_CENTS;

/** The smallest donation, cents (docs/product.md#validation and #constants: at least $1). */
export const DONATION_MIN_CENTS = 100;
/** The largest donation, cents: Stripe's USD limit, as for a booking total. */
export const DONATION_MAX_CENTS = MAX_BOOKING_TOTAL_CENTS;

/**
 * The longest booking, in units of each pricing period: a year of days, two years of months, 31 days
 * of hours, one session (a session booking is exactly one of the listing's sessions).
 */
export const MAX_BOOKING_UNITS = { hourly: 31 * 24, daily: 366, monthly: 24, session: 1 } as const;

/**
 * Schedules (docs/product.md#schedules): the weekdays of weekly opening hours, in ISO order
 * (Monday first), and the limits of a listing's schedule, its blocked dates and the
 * availability and recurrence requests made of it.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Every time of a schedule is on this step, minutes. */
export const SCHEDULE_STEP_MINUTES = 15;
/**
 * The times of day of the search's availability filter (docs/product.md#search), local to each
 * space: the usual half-day sessions. No window ('Any time') asks for any free slot that day.
 */
export const SEARCH_TIME_WINDOWS = {
  morning: { label: 'Morning', start: '08:00', end: '12:00' },
  afternoon: { label: 'Afternoon', start: '13:00', end: '17:00' },
} as const;
export type SearchTimeWindow = keyof typeof SEARCH_TIME_WINDOWS;
/** Opening intervals per weekday. */
export const MAX_INTERVALS_PER_DAY = 6;
/** Named sessions of a session listing. */
export const MAX_SESSIONS = 6;
/** The longest buffer between two bookings (cleaning and turnover), minutes. */
export const MAX_BUFFER_MINUTES = 240;
/** The longest minimum notice, hours (30 days). */
export const MAX_MIN_NOTICE_HOURS = 720;
/** The farthest booking horizon, days (two years). */
export const MAX_ADVANCE_DAYS = 730;
/** Blocked date ranges per listing. */
export const MAX_BLOCKED_DATE_RANGES = 100;
/** The most days one availability request covers. */
export const MAX_AVAILABILITY_DAYS = 93;
/** The longest weekly recurrence, weeks from its first occurrence. */
export const MAX_RECURRENCE_WEEKS = 26;

/** Currency of every amount (docs/product.md#constants). */
export const CURRENCY = 'usd';

/** Messaging (docs/product.md#behaviour, #validation and #constants). */
export const MESSAGE_MAX_LENGTH = 5000;
/** The unread badge shows '99+' above this (docs/product.md#header-and-footer). */
export const UNREAD_BADGE_CAP = 99;
/** Unread counts are refreshed this often (docs/product.md#constants). */
export const UNREAD_POLL_MS = 30_000;
/** Waits before each live reconnection attempt: 5 attempts (docs/product.md#constants). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16000] as const;
/** Largest WebSocket frame the server accepts; a bigger one closes the socket. */
export const MAX_SOCKET_FRAME_BYTES = 16 * 1024;
/** Messages in one thread answer, newest kept. */
export const MAX_THREAD_MESSAGES = 500;

/** Messages one user may send per minute, over HTTP and the live socket together (docs/decisions/020-abuse-limits.md). */
export const MESSAGES_PER_MINUTE = 60;

/**
 * Where a profile's license check stands (docs/decisions/021-professional-verification.md): no number, the
 * registry could not be asked yet (retried on the next save or by the retry
 * button), verified, not an active NPI, a name that differs from the
 * registry's, or a license number that is not an NPI (only NPIs can be checked).
 * in_use: the number is verified on another account (one account per NPI; support moves it).
 */
export const LICENSE_VERIFICATION_STATES = ['none', 'pending', 'verified', 'not_found', 'name_mismatch', 'unsupported', 'in_use'] as const;
export type LicenseVerification = (typeof LICENSE_VERIFICATION_STATES)[number];

/** Where people write to us, e.g. to have a verified NPI moved to their account. */
export const SUPPORT_EMAIL = 'support@clinicshare.example';

/**
 * Standing bookings (src/shared/standing-bookings.ts): a listing's offer asks for this much notice, in
 * days (UK therapy rooms ask a month), and a minimum term of at most this many months.
 */
export const STANDING_NOTICE_DAYS_MIN = 7;
export const STANDING_NOTICE_DAYS_MAX = 90;
export const STANDING_MINIMUM_TERM_MONTHS_MAX = 12;
/** A standing booking's period is charged this many days before it starts (billed in advance). */
export const STANDING_CHARGE_DAYS_AHEAD = 3;
/** Days after a failed first charge attempt that it is tried again; after the last, no more. */
export const STANDING_RETRY_DAYS = [1, 3, 5] as const;
