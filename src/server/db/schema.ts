/**
 * Drizzle schema: the entities of docs/product.md#data plus sessions and the demo payment
 * provider's intents. Constraints Drizzle cannot declare (extensions, the bookings exclusion
 * constraint) live in custom migrations under `migrations/`.
 */
import { sql } from 'drizzle-orm';
import type { Schedule } from '../../shared/schemas/schedules';
import type { Recurrence } from '../../shared/schemas/booking-series';
import { CONTACT_TOPICS } from '../../shared/schemas/contact';
import { ROOM_FEATURES, type RoomFeature } from '../../shared/schemas/room-features';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from '../../shared/schemas/reports';
import { DEFAULT_TIME_ZONE, US_STATES } from '../../shared/time-zones';
import { PAYMENT_STATUSES } from '../../shared/payment-lifecycle';
import { TURNOVER_CHECKLIST_MAX_ITEMS, type Weekday } from '../../shared/constants';
import { DEFAULT_TURNOVER_CHECKLIST } from '../../shared/schemas/turnover-checklist';
import type { StandingBookingOffer } from '../../shared/schemas/standing-bookings';
import { NO_SHOW_DISPUTE_MAX_CHARS, TURNOVER_NOTE_MAX_CHARS } from '../../shared/schemas/stays';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A plain SQL string literal of `text`, which holds no quote (state codes, zone names, weekdays). */
function sqlString(text: string): string {
  if (!/^[\w/+-]+$/.test(text)) throw new Error(`Not a plain SQL literal: ${text}`);
  return `'${text}'`;
}

/**
 * `timeZoneForState` (src/shared/time-zones.ts) as SQL over the `state` column: a CASE built from
 * the one list of states, states grouped by zone. A change of the list changes this expression,
 * and `drizzle-kit generate` the column.
 */
const TIME_ZONE_OF_STATE = (() => {
  const byZone = new Map<string, string[]>();
  for (const [code, { timeZone }] of Object.entries(US_STATES)) byZone.set(timeZone, [...(byZone.get(timeZone) ?? []), code]);
  const lists = [...byZone].map(
    ([zone, codes]) => `when upper(btrim("state")) in (${codes.map(sqlString).join(', ')}) then ${sqlString(zone)}`,
  );
  return `case ${lists.join(' ')} else ${sqlString(DEFAULT_TIME_ZONE)} end`;
})();

/** An `int4multirange[]` column as PostgreSQL writes it (`{"{[480,720)}","{}"}`); only SQL reads it. */
const int4MultirangeArray = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange[]' });

/** An `int4multirange` column as PostgreSQL writes it (`{[480,720),[780,1020)}`); only SQL reads it. */
const int4Multirange = customType<{ data: string; driverData: string }>({ dataType: () => 'int4multirange' });

/** A `datemultirange` column as PostgreSQL writes it (`{[2026-12-24,2026-12-27)}`); only SQL reads it. */
const dateMultirange = customType<{ data: string; driverData: string }>({ dataType: () => 'datemultirange' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    licenseNumber: text('license_number'),
    specialty: text('specialty'),
    bio: text('bio'),
    profileImage: text('profile_image'),
    coverImage: text('cover_image'),
    coverColor: text('cover_color').notNull().default('#3b82f6'),
    /** Set only by the server, when the NPI registry confirms the license (docs/decisions/021-professional-verification.md). */
    verified: boolean('verified').notNull().default(false),
    /** Where the license check stands: none, pending, verified, not_found, name_mismatch, unsupported, in_use (`src/shared/constants.ts`). */
    licenseVerification: text('license_verification', {
      enum: ['none', 'pending', 'verified', 'not_found', 'name_mismatch', 'unsupported', 'in_use'],
    })
      .notNull()
      .default('none'),
    licenseCheckedAt: timestamp('license_checked_at', { withTimezone: true }),
    /**
     * The US states (USPS codes) of the verified license, as the NPI registry names them in its
     * taxonomies; empty unless `license_verification` is `verified` (docs/decisions/030-insurance-certificates-and-licence-states.md).
     */
    licenseStates: text('license_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    userType: text('user_type', { enum: ['lister', 'renter', 'both'] })
      .notNull()
      .default('both'),
    stripeConnectAccountId: text('stripe_connect_account_id'),
    stripeAccountStatus: text('stripe_account_status'),
    stripeOnboardingCompleted: boolean('stripe_onboarding_completed').notNull().default(false),
    /** The connected account can take charges (Stripe `charges_enabled`), kept fresh by `account.updated`. */
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    /** The owner has submitted the onboarding details (Stripe `details_submitted`). */
    stripeDetailsSubmitted: boolean('stripe_details_submitted').notNull().default(false),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    /** When the user opened the link of a verification email; null until then (blocks nothing, shown to owners). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Email on or off per kind of notification (docs/decisions/022-notifications-and-email.md); in-app notifications are always sent. */
    emailBookingUpdates: boolean('email_booking_updates').notNull().default(true),
    emailReminders: boolean('email_reminders').notNull().default(true),
    emailMessages: boolean('email_messages').notNull().default(true),
    /** The renter's business name and tax ID, printed on their receipts when set (docs/decisions/027-receipts-and-agreements.md). */
    businessName: text('business_name'),
    taxId: text('tax_id'),
    /**
     * `admin`: an operator, who may use the console (docs/decisions/029-operators-and-the-audit-log.md);
     * granted and revoked only from the command line (`npm run admin:grant`, `admin:revoke`).
     */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** When an operator suspended the account (null: not suspended): it cannot log in and its listings are hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The operator's reason, as the suspension email gave it. */
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    // One license number is verified on at most one account at a time.
    uniqueIndex('users_verified_license_unique')
      .on(t.licenseNumber)
      .where(sql`${t.verified}`),
    check('users_user_type_check', sql`${t.userType} in ('lister', 'renter', 'both')`),
  ],
);

/**
 * A user's card saved for later off-session charges (docs/decisions/039-saved-cards.md;
 * https://docs.stripe.com/payments/save-and-reuse): one per user. The provider's customer is kept
 * once created, with or without a card; the card columns are null until one is saved and again once
 * it is removed. `consentedAt` is when the user agreed to have it charged without them present.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's customer (Stripe `cus_...`, demo `cus_demo_...`). */
    customerId: text('customer_id').notNull(),
    /** The saved payment method (Stripe `pm_...`), null when no card is saved. */
    paymentMethodId: text('payment_method_id'),
    /** The card's brand as the provider names it (`visa`, `mastercard`...) and its last 4 digits. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'saved_cards_card_check',
      sql`(${t.paymentMethodId} is null) = (${t.cardBrand} is null) and (${t.paymentMethodId} is null) = (${t.cardLast4} is null) and (${t.paymentMethodId} is null or ${t.consentedAt} is not null)`,
    ),
  ],
);

/** Server-side sessions (docs/decisions/009-identity-from-the-session.md): the cookie holds a random token, we keep its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the session last answered a request: an idle session ends (`SESSION_IDLE_DAYS`). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const medicalSpaces = pgTable(
  'medical_spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    spaceType: text('space_type').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 7 }),
    longitude: numeric('longitude', { precision: 10, scale: 7 }),
    pricePerDay: numeric('price_per_day', { precision: 10, scale: 2 }).notNull(),
    pricePeriod: text('price_period', { enum: ['hourly', 'daily', 'monthly', 'session'] })
      .notNull()
      .default('daily'),
    capacity: integer('capacity').notNull().default(1),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    equipment: text('equipment')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The room features the owner states (`ROOM_FEATURES`, src/shared/schemas/room-features.ts): identifiers, never free text. */
    features: text('features')
      .array()
      .$type<RoomFeature[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    optimalSpecialty: text('optimal_specialty'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: timestamp('available_from', { withTimezone: true }),
    availableTo: timestamp('available_to', { withTimezone: true }),
    rules: text('rules'),
    cancellationPolicy: text('cancellation_policy'),
    /** The owner's own terms, appended to the space-use agreement of each booking (docs/decisions/027-receipts-and-agreements.md). */
    agreementTerms: text('agreement_terms'),
    /** Request-to-book when false: the owner accepts or declines each booking (docs/decisions/005-bookings-as-holds.md). */
    instantBook: boolean('instant_book').notNull().default(true),
    /**
     * "Require proof of insurance": a hold needs the renter's certificate of insurance valid through
     * the booking's last day (docs/decisions/030-insurance-certificates-and-licence-states.md).
     */
    requiresInsurance: boolean('requires_insurance').notNull().default(false),
    /** "Check-in required": its renters check in, and one who does not may be marked a no-show (src/shared/stays.ts). */
    requiresCheckIn: boolean('requires_check_in').notNull().default(false),
    /** The items both sides attest at the room's turnover (`booking_turnovers`), at most 10. */
    turnoverChecklist: text('turnover_checklist')
      .array()
      .notNull()
      .default(sql.raw(`array[${DEFAULT_TURNOVER_CHECKLIST.map((item) => `'${item}'`).join(', ')}]::text[]`)),
    /** The refund rule of cancellations (`src/shared/cancellation.ts`). */
    cancellationPolicyTier: text('cancellation_policy_tier', { enum: ['flexible', 'moderate', 'strict'] })
      .notNull()
      .default('flexible'),
    /**
     * Listed: in search, on the map and bookable. False when the owner removed a space with bookings
     * (archived), when an operator took it down, or while its owner is suspended
     * (docs/decisions/029-operators-and-the-audit-log.md); every reader of the listings asks this column.
     */
    active: boolean('active').notNull().default(true),
    /** When an operator took the listing down (null: not taken down); its page answers 410. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    /** The operator's reason, as the owner was told it. */
    takedownReason: text('takedown_reason'),
    /** Hidden while its owner is suspended: reinstating the owner lists it again (unless it is also taken down). */
    ownerSuspended: boolean('owner_suspended').notNull().default(false),
    /**
     * Opening hours, sessions, buffer, notice and horizon (`scheduleSchema`, docs/product.md#schedules);
     * null: open every day, all day. Blocked dates are `space_blocked_dates`.
     */
    schedule: jsonb('schedule').$type<Schedule>(),
    createdAt: createdAt(),
    /**
     * What the location search matches (docs/decisions/014-search-in-the-database.md):
     * city, state, address and title, lower-cased (a plain LIKE is cheaper than ILIKE), in one
     * column with one trigram index. The fields are joined with U+001F, a control character no
     * search text may contain, so a search never matches across two fields.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("city" || chr(31) || "state" || chr(31) || "address" || chr(31) || "title")`,
    ),
    /**
     * The IANA zone the space's local dates and times are counted in (`timeZoneForState` of its
     * state), stored so that search by availability reads it rather than deriving it per
     * row (docs/decisions/014-search-in-the-database.md).
     */
    timeZone: text('time_zone').notNull().generatedAlwaysAs(sql.raw(TIME_ZONE_OF_STATE)),
    /**
     * What each kind of day offers with nothing booked (`dayOffer` of src/shared/availability.ts on a
     * reference date, written by src/server/schedules/space-days.ts whenever the schedule, pricing
     * period or state is): `day_windows[k]` the minutes of the day a booking of hours fits in,
     * `day_last_starts[k]` minutes from the day's first instant to the latest free start (-1: none),
     * for k = 1 (Monday) ... 7 (Sunday) on a day of 24 hours, 8 the day the clocks go forward, 9 back
     * (docs/decisions/014-search-in-the-database.md). `space_days` holds the dates bookings change.
     */
    dayWindows: int4MultirangeArray('day_windows'),
    dayLastStarts: integer('day_last_starts').array(),
    /**
     * Written with the template, for search to read without the schedule's JSON: the space's zone as its
     * place in the zones search binds its per-zone values in (src/server/schedules/day-kinds.ts), the
     * minimum notice in hours and the horizon in days (0: none).
     */
    zoneSlot: smallint('zone_slot'),
    noticeHours: smallint('notice_hours'),
    horizonDays: smallint('horizon_days'),
    /** The version of the rules `day_windows`, `day_last_starts` and `space_days` were written by (null: never; the sweep writes them again). */
    daysVersion: integer('days_version'),
    /**
     * The space's blocked dates (`space_blocked_dates`, ends inclusive) as one value, so that search by
     * availability tells a blocked date from the row it reads. Written by src/server/schedules/space-days.ts
     * in the transaction that changes them.
     */
    blockedDateRanges: dateMultirange('blocked_date_ranges')
      .notNull()
      .default(sql`'{}'`),
    /**
     * The published renter reviews of the space (docs/decisions/028-reviews.md): how many, the sum
     * of their ratings and the average to two decimals (0 while there are none; the API says null).
     * Kept by `foldPublishedRatings` (src/server/ratings/stored-rating.ts) in the transaction that counts a
     * review, so search sorts and filters by rating on one index.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }).notNull().default('0'),
    /**
     * How a confirmed renter gets in (src/shared/access.ts): the owner's `access_instructions`, or a
     * door code per booking from the listing's lock (`access_codes`); revealed to the renter
     * `access_reveal_hours` before the start. The instructions are private: never in the public detail.
     */
    accessMethod: text('access_method', { enum: ['instructions', 'door_code'] })
      .notNull()
      .default('instructions'),
    accessRevealHours: integer('access_reveal_hours').notNull().default(24),
    accessInstructions: text('access_instructions'),
    /**
     * The listing's offer of standing bookings (`standingBookingOfferSchema`: billings, notice days, minimum
     * term months); null: none. Never on a listing priced per month, which weekly recurrence does not fit.
     */
    standingBookings: jsonb('standing_bookings').$type<StandingBookingOffer>(),
  },
  (t) => [
    check('medical_spaces_capacity_check', sql`${t.capacity} >= 1`),
    check('medical_spaces_access_method_check', sql`${t.accessMethod} in ('instructions', 'door_code')`),
    check('medical_spaces_access_reveal_hours_check', sql`${t.accessRevealHours} between 1 and 72`),
    check('medical_spaces_price_check', sql`${t.pricePerDay} >= 0`),
    check('medical_spaces_standing_bookings_check', sql`${t.standingBookings} is null or ${t.pricePeriod} <> 'monthly'`),
    check('medical_spaces_price_period_check', sql`${t.pricePeriod} in ('hourly', 'daily', 'monthly', 'session')`),
    check('medical_spaces_cancellation_policy_tier_check', sql`${t.cancellationPolicyTier} in ('flexible', 'moderate', 'strict')`),
    // Only known identifiers, whatever writes the row (the list is the shared one: a change to it is a migration).
    check('medical_spaces_turnover_checklist_check', sql.raw(`cardinality("turnover_checklist") <= ${TURNOVER_CHECKLIST_MAX_ITEMS}`)),
    check('medical_spaces_features_check', sql.raw(`"features" <@ array[${ROOM_FEATURES.map(sqlString).join(', ')}]::text[]`)),
    index('medical_spaces_owner_id_idx').on(t.ownerId),
    index('medical_spaces_space_type_idx').on(t.spaceType),
    index('medical_spaces_price_idx').on(t.pricePerDay),
    index('medical_spaces_period_price_idx').on(t.pricePeriod, t.pricePerDay),
    // text_pattern_ops: serves equality and the ZIP prefix search (`LIKE '787%'`) whatever the collation.
    index('medical_spaces_zip_code_idx').using('btree', sql`${t.zipCode} text_pattern_ops`),
    // Newest first over active spaces: the list's order, keyset and deep offsets. It covers the
    // location, type and price filters, so picking a page's ids is an index-only scan.
    index('medical_spaces_active_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.active}`),
    index('medical_spaces_lat_lng_idx').on(t.latitude, t.longitude),
    index('medical_spaces_amenities_idx').using('gin', t.amenities),
    index('medical_spaces_equipment_idx').using('gin', t.equipment),
    index('medical_spaces_features_idx').using('gin', t.features),
    index('medical_spaces_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('medical_spaces_specialty_idx').on(sql`lower(${t.optimalSpecialty})`),
    // Best rated first (ties newest first) over active spaces, and the "4+ stars" filter: both read
    // this index (backwards for the sort), as the newest-first index serves the default order.
    index('medical_spaces_active_rating_idx')
      .on(t.ratingAverage, t.createdAt, t.id)
      .where(sql`${t.active}`),
  ],
);

/**
 * The words of each space's `search_text` (runs of characters between ASCII spaces, punctuation and
 * control characters, as `location_words` splits them, migration 0029), with its creation instant:
 * a location search walks the spaces having a word, newest first, rather than the newest-first index
 * past every space that does not match (docs/decisions/014-search-in-the-database.md). Kept by
 * `medical_spaces`' triggers.
 */
export const spaceLocationWords = pgTable(
  'space_location_words',
  {
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.word, t.createdAt, t.spaceId] }), index('space_location_words_space_id_idx').on(t.spaceId)],
);

/**
 * Every word any space's `search_text` has had (add-only: a word no space has any more only finds
 * nothing), with a trigram index: the words containing a location search's longest word.
 */
export const locationVocabulary = pgTable('location_vocabulary', { word: text('word').primaryKey() }, (t) => [
  index('location_vocabulary_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Dates a listing is closed (holidays, maintenance), `end_date` inclusive, in the space's time zone; the note is the owner's. */
export const spaceBlockedDates = pgTable(
  'space_blocked_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('space_blocked_dates_range_check', sql`${t.endDate} >= ${t.startDate}`),
    index('space_blocked_dates_space_id_idx').on(t.spaceId, t.startDate),
  ],
);

/**
 * An owner's external calendar read into a listing (src/server/calendar-imports/;
 * docs/decisions/038-calendar-import.md): its secret URL (never logged), the validators of its last
 * answer (`etag`, `last_modified`: an unchanged feed costs a 304) and what the last sync did.
 */
export const spaceCalendarImports = pgTable(
  'space_calendar_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The last sync that read the feed (a 304 included); null before the first. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The last attempt, failed or not. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When the sync job reads the feed next (src/server/calendar-imports/sync-schedule.ts); null: at once. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** Failed reads in a row (0 after a read that succeeded): the wait before the next one doubles with each. */
    failures: integer('failures').notNull().default(0),
    /** Busy ranges kept from the last successful read. */
    eventsImported: integer('events_imported').notNull().default(0),
    /** Events of the last read that could not be understood (skipped). */
    eventsSkipped: integer('events_skipped').notNull().default(0),
    /** The last attempt's failure in words; null when it succeeded. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('space_calendar_imports_space_id_idx').on(t.spaceId), index('space_calendar_imports_next_sync_idx').on(t.nextSyncAt)],
);

/**
 * The busy times of an imported calendar, `[start_at, end_at)` in UTC: only when, never the source
 * event's title or details. Replaced as a whole by each successful sync.
 */
export const spaceImportedBusy = pgTable(
  'space_imported_busy',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => spaceCalendarImports.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('space_imported_busy_range_check', sql`${t.endAt} > ${t.startAt}`),
    index('space_imported_busy_import_idx').on(t.importId),
    index('space_imported_busy_space_idx').on(t.spaceId, t.startAt),
  ],
);

/**
 * An imported busy time that overlaps a booking confirmed, pending or held when a sync read it
 * (docs/decisions/038-calendar-import.md): the owner's to decide. `open` until the owner keeps the
 * booking (`kept`: that busy time is ignored for that booking from then on) or cancels it
 * (`cancelled`); an open one goes when its busy time leaves the feed. One row per booking and busy
 * time, so a later sync never raises a kept one again.
 */
export const calendarConflicts = pgTable(
  'calendar_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => spaceCalendarImports.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    busyStartAt: timestamp('busy_start_at', { withTimezone: true }).notNull(),
    busyEndAt: timestamp('busy_end_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'kept', 'cancelled'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('calendar_conflicts_status_check', sql`${t.status} in ('open', 'kept', 'cancelled')`),
    uniqueIndex('calendar_conflicts_busy_booking_idx').on(t.bookingId, t.importId, t.busyStartAt, t.busyEndAt),
    index('calendar_conflicts_owner_idx').on(t.ownerId, t.status),
    index('calendar_conflicts_import_idx').on(t.importId),
  ],
);

/**
 * What a space offers on a local date that its bookings (and holds) change, where it differs from
 * its template (`day_windows`, `day_last_starts`; docs/decisions/014-search-in-the-database.md):
 * `dayOffer` of src/shared/availability.ts, written by src/server/schedules/space-days.ts in the
 * transaction that writes a booking. While a hold counts, `changes_at` is its expiry and the `later_`
 * columns what the date offers once it lapses. No foreign key: writing a row would lock its space's
 * row (FOR KEY SHARE), after the advisory lock of the days, in the order the owner's calls take them
 * the other way round; a space with days has bookings, so it is archived, never deleted.
 */
export const spaceDays = pgTable(
  'space_days',
  {
    spaceId: uuid('space_id').notNull(),
    date: date('date').notNull(),
    windows: int4Multirange('windows').notNull(),
    lastStart: integer('last_start').notNull(),
    changesAt: timestamp('changes_at', { withTimezone: true }),
    laterWindows: int4Multirange('later_windows'),
    laterLastStart: integer('later_last_start'),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.date] }),
    index('space_days_changes_at_idx')
      .on(t.changesAt)
      .where(sql`${t.changesAt} is not null`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorites_user_space_unique').on(t.userId, t.spaceId), index('favorites_space_id_idx').on(t.spaceId)],
);

/**
 * Payments (docs/decisions/035-one-payment-model.md): the unit money moves on, one per single
 * booking and one per series, its id the booking's or the series' id, created with it (the triggers
 * of migrations 0037 and 0041). Its money lives here alone, and only the payment writer
 * (`src/server/payments/payment-writer.ts`) moves its status.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** The whole payment and its platform fee, dollars. */
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    platformFeeAmount: numeric('platform_fee_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** What we last know of the payment (src/shared/payment-lifecycle.ts). */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('none'),
    /** What the provider has refunded of the payment, dollars. */
    amountRefunded: numeric('amount_refunded', { precision: 10, scale: 2 }).notNull().default('0'),
    /**
     * What of the refunds was made keeping the platform fee (`refund_application_fee: false`: a
     * renter's cancellation that kept the first-booking fee, docs/decisions/008-first-booking-fee-on-cancellation.md),
     * dollars. The rest of `amount_refunded` gave the fee back in proportion.
     */
    amountRefundedFeeKept: numeric('amount_refunded_fee_kept', { precision: 10, scale: 2 }).notNull().default('0'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The card network dispute on the payment, as Stripe states it, or null. */
    disputeStatus: text('dispute_status'),
    /**
     * One caller at a time gives money back on the payment (refunds, releases): it claims the payment
     * here first; a claim older than a few minutes is taken over (src/server/bookings/settlement.ts).
     */
    settlingAt: timestamp('settling_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} >= 0`),
    check('payments_status_check', sql.raw(`status in (${PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    uniqueIndex('payments_payment_intent_unique').on(t.stripePaymentIntentId),
  ],
);

/**
 * A standing booking (docs/decisions/041-standing-bookings.md): a weekly schedule with no end date,
 * billed each period in advance. It holds what was agreed; each billing period is a
 * `booking_series` row (`standing_booking_id`, `period_index`) with its own payment.
 */
export const standingBookings = pgTable(
  'standing_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'restrict' }),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The weekdays the first occurrence's times repeat on. */
    weekdays: jsonb('weekdays').$type<Weekday[]>().notNull(),
    /** The first occurrence as asked, in its space's booking format (local `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`). */
    firstStartDate: text('first_start_date').notNull(),
    firstEndDate: text('first_end_date').notNull(),
    billing: text('billing', { enum: ['weekly', 'monthly'] }).notNull(),
    /** The listing's offer when it was made: days of notice to end it, and the minimum term in months. */
    noticeDays: integer('notice_days').notNull(),
    minimumTermMonths: integer('minimum_term_months').notNull(),
    status: text('status', { enum: ['active', 'ending', 'ended'] })
      .notNull()
      .default('active'),
    /** The first occurrence's local date: the anchor of its billing periods. */
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    /** The first local date no longer booked, once it is ending; null while it runs. */
    endsOn: date('ends_on', { mode: 'string' }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    instantBook: boolean('instant_book').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('standing_bookings_notice_check', sql`${t.noticeDays} between 7 and 90`),
    check('standing_bookings_term_check', sql`${t.minimumTermMonths} between 0 and 12`),
    index('standing_bookings_renter_id_idx').on(t.renterId),
    index('standing_bookings_space_id_idx').on(t.spaceId),
  ],
);

/**
 * A recurring series of bookings (docs/decisions/026-booking-series.md), paid by one payment: the
 * `payments` row of the same id (created with the series by the trigger of migration 0037), which
 * alone holds its money (intent, status, what the provider has refunded, the card). Each occurrence
 * is a `bookings` row with `series_id`; its status moves through the state table as any booking's,
 * and its `total_price` and `platform_fee_amount` are its share of the series'.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'restrict' }),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The weekly recurrence asked for: `{ weekdays, until?, count? }` (src/shared/schemas/booking-series.ts). */
    recurrence: jsonb('recurrence').$type<Recurrence>().notNull(),
    /** The whole series' total and platform fee (the fee rule counts the series as one booking), dollars. */
    totalPrice: numeric('total_price', { precision: 10, scale: 2 }).notNull(),
    platformFeeAmount: numeric('platform_fee_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    instantBook: boolean('instant_book').notNull(),
    /** The client's booking attempt: asking twice for one attempt returns the same series. */
    idempotencyKey: text('idempotency_key'),
    /** The standing booking this series is one billing period of (docs/decisions/041-standing-bookings.md), or null. */
    standingBookingId: uuid('standing_booking_id').references(() => standingBookings.id, { onDelete: 'restrict' }),
    /** Which period of its standing booking (0 the first, paid at checkout). */
    periodIndex: integer('period_index'),
    /** Off-session charges of the period claimed so far (each claim one attempt, src/server/standing-bookings). */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** When the period's next charge is due, null when none is (paid, paid at checkout, or given up). */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** Why the last charge failed, as the provider said it (safe to show), or null. */
    chargeFailure: text('charge_failure'),
    createdAt: createdAt(),
  },
  (t) => [
    check('booking_series_total_check', sql`${t.totalPrice} >= 0`),
    uniqueIndex('booking_series_standing_period_unique').on(t.standingBookingId, t.periodIndex),
    index('booking_series_next_charge_idx').on(t.nextChargeAt),
    uniqueIndex('booking_series_renter_attempt_unique').on(t.renterId, t.idempotencyKey),
    index('booking_series_renter_id_idx').on(t.renterId),
  ],
);

/**
 * Bookings: the half-open range [start_at, end_at) in UTC
 * (docs/decisions/003-bookings-as-ranges.md), one row from the first click
 * (docs/decisions/005-bookings-as-holds.md): a hold (`awaiting_payment`) priced once, then moved
 * through `src/shared/booking-lifecycle.ts`. The exclusion constraint `bookings_no_overlap` (custom
 * migration) makes two holding bookings (awaiting_payment, pending, confirmed) of one space overlap
 * impossible.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Bookings are financial records (docs/decisions/019-records-are-kept.md): deleting a space or
    // a user never takes them along.
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'restrict' }),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Hours, days, months or sessions by the space's pricing period. */
    units: integer('units'),
    /**
     * Minutes kept free after the booking (the listing's buffer when it was made): the exclusion
     * constraint checks `[start_at, end_at + buffer)` (docs/decisions/025-schedules.md).
     */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    totalPrice: numeric('total_price', { precision: 10, scale: 2 }).notNull(),
    platformFeeAmount: numeric('platform_fee_amount', { precision: 10, scale: 2 }),
    status: text('status', { enum: ['awaiting_payment', 'pending', 'confirmed', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    /** The listing's settings when the hold was made: they rule this booking even if the listing changes. */
    instantBook: boolean('instant_book').notNull().default(true),
    cancellationPolicyTier: text('cancellation_policy_tier', { enum: ['flexible', 'moderate', 'strict'] })
      .notNull()
      .default('flexible'),
    /**
     * This booking's share of its payment: a single booking's is its payment's status; a series
     * occurrence's follows the series' payment until a refund of its own (none, requires_payment,
     * authorized, paid, canceled, refunded, partially_refunded). Written by the payment writer only.
     */
    paymentStatus: text('payment_status', {
      enum: ['none', 'requires_payment', 'authorized', 'paid', 'canceled', 'refunded', 'partially_refunded'],
    })
      .notNull()
      .default('none'),
    /** A hold keeps the dates until then (status awaiting_payment). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** A request expires unanswered then (status pending). */
    requestExpiresAt: timestamp('request_expires_at', { withTimezone: true }),
    /** The refund decided at cancellation; `refunded_at` is set once the provider has made it. */
    refundAmount: numeric('refund_amount', { precision: 10, scale: 2 }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the payment provider has actually refunded of this booking's share of its payment, dollars (read back from the provider). */
    amountRefunded: numeric('amount_refunded', { precision: 10, scale: 2 }).notNull().default('0'),
    /** The renter's cancellation kept the pair's first-booking platform fee: the pair counts as having transacted. */
    feeRetained: boolean('fee_retained').notNull().default(false),
    /** An owner's Accept has claimed this request and is capturing its payment; other answers wait or get 409. */
    acceptingAt: timestamp('accepting_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['renter', 'owner'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The client's booking attempt: asking twice for one attempt returns the same hold. */
    idempotencyKey: text('idempotency_key'),
    notes: text('notes'),
    /** The series this booking is an occurrence of (its payment is the series'), or null. */
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'restrict' }),
    /** The payment this booking is paid by: its own (`id`) or its series' (`series_id`); set by a trigger of migration 0032. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /**
     * The renter's clickwrap acceptance of the space-use agreement (docs/decisions/027-receipts-and-agreements.md):
     * when, the template version and the SHA-256 (hex) of the text accepted (`src/shared/agreement.ts`).
     */
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    agreementVersion: text('agreement_version'),
    agreementSha256: text('agreement_sha256'),
    /** When the renter checked in and out on the day of the stay (src/shared/stays.ts), or null. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** The listing required check-in when the hold was made: the renter may then be marked a no-show. */
    requiresCheckIn: boolean('requires_check_in').notNull().default(false),
    /** When the owner marked the renter a no-show (src/shared/stays.ts), and the renter's dispute of it; null: none. */
    noShowMarkedAt: timestamp('no_show_marked_at', { withTimezone: true }),
    noShowDisputedAt: timestamp('no_show_disputed_at', { withTimezone: true }),
    noShowDisputeReason: text('no_show_dispute_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_range_check', sql`${t.endAt} > ${t.startAt}`),
    check(
      'bookings_check_out_check',
      sql`${t.checkedOutAt} is null or (${t.checkedInAt} is not null and ${t.checkedOutAt} >= ${t.checkedInAt})`,
    ),
    // A no-show is never checked into, is marked only where check-in was required, and is disputed with a reason.
    check('bookings_no_show_check', sql`${t.noShowMarkedAt} is null or (${t.requiresCheckIn} and ${t.checkedInAt} is null)`),
    check(
      'bookings_no_show_dispute_check',
      sql.raw(
        `("no_show_disputed_at" is null and "no_show_dispute_reason" is null) or ("no_show_marked_at" is not null and ` +
          `"no_show_disputed_at" is not null and length("no_show_dispute_reason") between 1 and ${NO_SHOW_DISPUTE_MAX_CHARS})`,
      ),
    ),
    check('bookings_total_check', sql`${t.totalPrice} >= 0`),
    check('bookings_buffer_minutes_check', sql`${t.bufferMinutes} between 0 and 240`),
    check('bookings_status_check', sql`${t.status} in ('awaiting_payment', 'pending', 'confirmed', 'declined', 'cancelled', 'expired')`),
    uniqueIndex('bookings_renter_attempt_unique').on(t.renterId, t.idempotencyKey),
    index('bookings_renter_id_idx').on(t.renterId, t.startAt),
    index('bookings_space_id_idx').on(t.spaceId, t.startAt),
    index('bookings_payment_id_idx').on(t.paymentId),
    index('bookings_series_id_idx')
      .on(t.seriesId, t.startAt)
      .where(sql`${t.seriesId} is not null`),
    index('bookings_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index('bookings_request_expiry_idx')
      .on(t.requestExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    // Stays that ended lately: the review invitations and reminders (src/server/reviews/invitations.ts).
    index('bookings_confirmed_end_idx')
      .on(t.endAt)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * The turnover checklist's attestations (src/shared/stays.ts): each time the renter (at check-out) or
 * the owner says which of the listing's items were done, with a note. Kept, never changed.
 */
export const bookingTurnovers = pgTable(
  'booking_turnovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    role: text('role', { enum: ['renter', 'owner'] }).notNull(),
    /** The items as attested: `[{ label, done }]`, 1 to 10. */
    items: jsonb('items').$type<{ label: string; done: boolean }[]>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('booking_turnovers_role_check', sql`${t.role} in ('renter', 'owner')`),
    check(
      'booking_turnovers_items_check',
      sql.raw(`jsonb_typeof("items") = 'array' and jsonb_array_length("items") between 1 and ${TURNOVER_CHECKLIST_MAX_ITEMS}`),
    ),
    check('booking_turnovers_note_check', sql.raw(`"note" is null or length("note") <= ${TURNOVER_NOTE_MAX_CHARS}`)),
    index('booking_turnovers_booking_id_idx').on(t.bookingId, t.createdAt),
  ],
);

/**
 * Conversations (docs/decisions/004-live-events-through-the-database-or-redis.md): who may read a
 * thread comes from these stored participants, never from parsing the id. The id keeps docs/product.md's
 * format (docs/product.md#data): `${participantA}-${ownerId}-${spaceId}` for a conversation about a
 * space, where participant B is the space's owner and participant A the other user;
 * `${lowerId}-${higherId}` for one about no space.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    participantA: uuid('participant_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participantB: uuid('participant_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').references(() => medicalSpaces.id, { onDelete: 'set null' }),
    /** When the newest message was sent: orders the conversation list. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('conversations_participants_check', sql`${t.participantA} <> ${t.participantB}`),
    index('conversations_participant_a_idx').on(t.participantA, t.lastMessageAt),
    index('conversations_participant_b_idx').on(t.participantB, t.lastMessageAt),
  ],
);

/** Provider events already handled (Stripe webhooks are delivered at least once): a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').references(() => medicalSpaces.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_receiver_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.readAt} is null`),
    index('messages_sender_idx').on(t.senderId),
    index('messages_receiver_idx').on(t.receiverId, t.createdAt),
  ],
);

/**
 * Payment intents of the demo provider (docs/decisions/012-payment-providers.md): the same life as
 * a Stripe PaymentIntent (requires_payment_method -> succeeded | canceled), with no money moving.
 * `idempotencyKey` makes creation idempotent per attempt.
 */
export const demoPaymentIntents = pgTable(
  'demo_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    /** Cents (bigint: amounts never overflow a 32-bit column). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    applicationFeeAmount: bigint('application_fee_amount', { mode: 'number' }).notNull().default(0),
    /** automatic: paid on confirmation; manual: authorised, then captured or released (request-to-book). */
    captureMethod: text('capture_method', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    /** The owner's connected account the payout goes to (destination charge), if any. */
    destination: text('destination'),
    /** Cents refunded so far. */
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('requires_payment_method'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key'),
    lastPaymentError: text('last_payment_error'),
    /** The test card that paid: its brand as Stripe names it and last 4 digits. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Stripe's `last_payment_error.code` of the last failed attempt (`card_declined`, `authentication_required`). */
    lastPaymentErrorCode: text('last_payment_error_code'),
    /** The demo customer paying (Stripe `customer`), for a card saved at payment or charged later. */
    customerId: text('customer_id'),
    /** The demo payment method that paid, once paid (Stripe `payment_method`). */
    paymentMethodId: text('payment_method_id'),
    /** Stripe `setup_future_usage`: `off_session` keeps the card that pays as the customer's payment method. */
    setupFutureUsage: text('setup_future_usage', { enum: ['off_session'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('demo_payment_intents_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('demo_payment_intents_client_secret_unique').on(t.clientSecret),
  ],
);

/** NPI registry answers, cached (docs/decisions/021-professional-verification.md): one lookup per number per day at most. */
export const npiRegistryCache = pgTable('npi_registry_cache', {
  number: text('number').primaryKey(),
  /** The registry's record of the number, or null when it has none. */
  record: jsonb('record').$type<{
    firstName: string;
    lastName: string;
    active: boolean;
    individual: boolean;
    licenseStates?: string[];
  } | null>(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Geocoding answers, cached (docs/decisions/013-geocoding-on-the-server.md; Nominatim's usage
 * policy asks clients to cache). `query` is the normalised address; null coordinates record that
 * the provider found nothing, so it is not asked again.
 */
export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  latitude: numeric('latitude', { precision: 10, scale: 7 }),
  longitude: numeric('longitude', { precision: 10, scale: 7 }),
  createdAt: createdAt(),
});

/** Images an owner has uploaded, with their stored size: bounds the storage one account can use. */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    /** The display image's URL path (`/uploads/...`). */
    url: text('url').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Bytes stored for the display image and its thumbnail. */
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploaded_images_owner_id_idx').on(t.ownerId)],
);

/** Connected accounts of the demo provider: the local stand-in for Stripe Connect Express onboarding. */
/**
 * The demo provider's transfers to connected accounts (Stripe Transfers,
 * https://docs.stripe.com/api/transfers): owed payouts sent once the owner's demo account is
 * ready (docs/decisions/033-owed-payouts.md). No money moves.
 */
export const demoTransfers = pgTable(
  'demo_transfers',
  {
    id: text('id').primaryKey(),
    destination: text('destination').notNull(),
    /** Cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cents taken back by reversals. */
    amountReversed: bigint('amount_reversed', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    sourceTransaction: text('source_transaction'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Stripe's `transfer_group`: an owner payout's transfers are found by it (src/server/payouts/service.ts). */
    transferGroup: text('transfer_group'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('demo_transfers_idempotency_unique').on(t.idempotencyKey),
    index('demo_transfers_transfer_group_idx').on(t.transferGroup),
    check('demo_transfers_amount_check', sql`${t.amount} > 0 and ${t.amountReversed} between 0 and ${t.amount}`),
  ],
);

/** Reversals of demo transfers (Stripe transfer reversals), one per idempotency key. */
export const demoTransferReversals = pgTable(
  'demo_transfer_reversals',
  {
    id: text('id').primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => demoTransfers.id, { onDelete: 'cascade' }),
    /** Cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_transfer_reversals_idempotency_unique').on(t.idempotencyKey)],
);

/** Customers of the demo provider (Stripe Customers): whom saved cards belong to. */
export const demoCustomers = pgTable('demo_customers', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  /** `customer-<userId>`: one customer per user, as Stripe's idempotency key gives. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Cards saved by the demo provider (Stripe PaymentMethods attached to a customer). The test card
 * number is kept (never a real one: demo payments take only Stripe's test numbers) because it decides
 * how later off-session charges end (https://docs.stripe.com/testing).
 */
export const demoPaymentMethods = pgTable(
  'demo_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => demoCustomers.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('demo_payment_methods_customer_idx').on(t.customerId)],
);

/** Setup intents of the demo provider (Stripe SetupIntents): a card saved without a payment. */
export const demoSetupIntents = pgTable(
  'demo_setup_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => demoCustomers.id, { onDelete: 'cascade' }),
    /** requires_payment_method -> succeeded (Stripe's SetupIntent statuses). */
    status: text('status').notNull().default('requires_payment_method'),
    paymentMethodId: text('payment_method_id').references(() => demoPaymentMethods.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    lastSetupError: text('last_setup_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_setup_intents_client_secret_unique').on(t.clientSecret)],
);

export const demoConnectedAccounts = pgTable('demo_connected_accounts', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Notifications: one row per thing that happened to a user, shown in the app (`inApp`) and the
 * source of its email (docs/decisions/022-notifications-and-email.md). Written in the same
 * transaction as the change it tells of, with the job that emails it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened (`notificationKinds` in src/shared/schemas/notifications.ts). */
    kind: text('kind').notNull(),
    /** One line of what happened, and a sentence more; plain text. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where it leads in the app: a path such as `/profile?tab=bookings`. */
    link: text('link'),
    /** What the email template needs beyond the row (amounts in cents, instants ISO-8601 UTC, the space's time zone...). */
    data: jsonb('data').notNull().default({}),
    /** Shown in the bell; false for security and verification emails, which only email. */
    inApp: boolean('in_app').notNull().default(true),
    /** A key that makes a notification once-only (e.g. `booking_reminder:<booking id>`); a second insert is skipped. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    uniqueIndex('notifications_dedupe_key_unique').on(t.dedupeKey),
  ],
);

/**
 * The mail outbox: every email rendered, kept whether or not it was delivered. With `SMTP_URL`
 * it is sent over SMTP (status `sent`); without it, it stays here (`kept`) and `/dev/mail` shows it.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The RFC 5322 Message-ID (with angle brackets), derived from the job that made it: a retry makes the same one. */
    messageId: text('message_id').notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe...), name -> value. */
    headers: jsonb('headers').notNull().default({}),
    /** Attachments: `{ filename, contentType, content }` with the content as text (an .ics). */
    attachments: jsonb('attachments').notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_messages_message_id_unique').on(t.messageId), index('mail_messages_created_idx').on(t.createdAt)],
);

/** Single-use tokens of emailed links (password reset, email verification): only a SHA-256 of the token is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    /** Hex SHA-256 of the token sent in the link. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_tokens_token_hash_unique').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** When a conversation was last emailed to a participant: new-message emails are batched per conversation. */
export const messageEmailMarks = pgTable(
  'message_email_marks',
  {
    conversationId: text('conversation_id').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the last email about this conversation went to the recipient. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** The newest message that email covered: the next one covers only later messages. */
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.recipientId] })],
);

/** Server secrets generated on first use and shared by every instance (e.g. the key that signs unsubscribe links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  /** Base64url random bytes. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A user's private calendar feed (`/calendar/<token>.ics`): the token is the secret, so only its
 * SHA-256 (hex) is kept, as for sessions. One feed per user; rotating replaces the hash.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token in the feed's URL. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** When the token was last replaced (null: never). */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
);

/**
 * A listing's own calendar feed (src/server/calendar/space-feed.ts): the secret address that other
 * sites (Airbnb-like tools, the owner's own calendar) subscribe to, to see when the space is taken.
 * Kept as the SHA-256 of its token only, like `calendar_feeds`.
 */
export const spaceCalendarFeeds = pgTable(
  'space_calendar_feeds',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => medicalSpaces.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token in the feed's URL. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** When the token was last replaced (null: never). */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('space_calendar_feeds_token_hash_unique').on(t.tokenHash)],
);

/**
 * The last receipt number given in each year (docs/decisions/027-receipts-and-agreements.md): a
 * number is taken by incrementing this row under its row lock, in the transaction that stores the
 * receipt, so numbers are unique, sequential and without gaps per year.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/**
 * Receipts (docs/decisions/027-receipts-and-agreements.md): one per payment, that is one per single
 * booking or one per series, numbered `CS-<year>-<sequence>` when first asked for, and kept: the
 * same payment always prints the same number.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking paid on its own, or null for a series' receipt. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** The series paid as one, or null for a single booking's receipt. */
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'restrict' }),
    /** The UTC year the number was given in, and its place in that year (1, 2, ...). */
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('receipts_one_payment_check', sql`(${t.bookingId} is null) <> (${t.seriesId} is null)`),
    uniqueIndex('receipts_booking_unique').on(t.bookingId),
    uniqueIndex('receipts_series_unique').on(t.seriesId),
    uniqueIndex('receipts_year_sequence_unique').on(t.year, t.sequence),
  ],
);

/**
 * What operators did (docs/decisions/029-operators-and-the-audit-log.md): one row per console
 * action, written in the transaction of its effect. Append-only: the code has no update or
 * delete of it, and a trigger (migration 0020) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The operator; null for an action taken from the command line (`npm run admin:grant`). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    /** What was done: `user.suspend`, `user.reinstate`, `space.take_down`, `space.restore`, `user.grant_admin`, `user.revoke_admin`. */
    action: text('action').notNull(),
    /** The kind of record acted on (`user`, `space`) and its id. */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The operator's reason, when the action takes one. */
    reason: text('reason'),
    /** What the record said before and after the action. */
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt, t.id), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * Reviews (docs/decisions/028-reviews.md): after a stay (a booking, or a whole series) each side
 * may review the other once within 14 days of its end. Double-blind: `published_at` is when the
 * review becomes readable by anyone but its author, set when it is written to the window's close
 * and moved to the instant the other side writes theirs; readers compare it with now, so a window
 * that closes needs no job. A renter's review rates the space (and its owner); `counted_at` is when
 * it entered the space's `rating_*` columns. Never edited after publication, except the owner's
 * one public reply.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking the review was written on (for a series, any of its occurrences). */
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The series reviewed as one stay, or null for a single booking. */
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'restrict' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => medicalSpaces.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorSide: text('author_side', { enum: ['renter', 'owner'] }).notNull(),
    /** Who the review is about: the owner (and their space) for a renter's review, the renter for an owner's. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    /** When the review is (or will be) readable by everyone: the window's close, or when the other side wrote. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** When this renter review entered the space's rating columns; null until then (and for owner reviews). */
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** The space owner's one public reply to a published renter review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) between 1 and 2000`),
    check('reviews_reply_check', sql`${t.reply} is null or char_length(${t.reply}) between 1 and 2000`),
    check('reviews_author_side_check', sql`${t.authorSide} in ('renter', 'owner')`),
    // One review per side per stay: a series counts once.
    uniqueIndex('reviews_stay_side_unique').on(sql`coalesce(${t.seriesId}, ${t.bookingId})`, t.authorSide),
    index('reviews_space_published_idx').on(t.spaceId, t.publishedAt),
    index('reviews_subject_published_idx').on(t.subjectId, t.publishedAt),
    index('reviews_uncounted_idx')
      .on(t.publishedAt)
      .where(sql`${t.countedAt} is null and ${t.authorSide} = 'renter'`),
  ],
);

/**
 * Messages sent with the contact form (`POST /api/contact`, docs/product.md#contact-us), signed in or
 * not, for the operators' inbox. `user_id` is the sender's account when they were signed in (kept
 * when the account goes: the message stays, unlinked).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_messages_topic_check', sql.raw(`"topic" in (${CONTACT_TOPICS.map(sqlString).join(', ')})`)),
    index('contact_messages_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Renters' certificates of insurance (docs/decisions/030-insurance-certificates-and-licence-states.md):
 * the file is in the private file storage (never under the public `/uploads/`) at `storage_key`;
 * a user's current certificate is their newest row. Earlier ones are kept as records (their files are not).
 */
export const insuranceCertificates = pgTable(
  'insurance_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Key in the private file storage (`insurance/<uuid>.<ext>`). */
    storageKey: text('storage_key').notNull(),
    /** The media type found from the file's content: application/pdf, image/png, image/jpeg or image/webp. */
    contentType: text('content_type').notNull(),
    /** The size of the file, bytes. */
    byteSize: integer('byte_size').notNull(),
    insurer: text('insurer').notNull(),
    policyNumber: text('policy_number').notNull(),
    /** The last day the policy covers (inclusive), as the certificate says. */
    expiresOn: date('expires_on').notNull(),
    /**
     * When the file was deleted from the private storage (null: kept, and counted in the holder's
     * upload quota): a replaced certificate's file is, since only the current one is ever served
     * (src/server/insurance/service.ts). The row stays as a record.
     */
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('insurance_certificates_user_id_idx').on(t.userId, t.createdAt),
    index('insurance_certificates_expires_on_idx').on(t.expiresOn),
  ],
);

/**
 * The status history of every booking (docs/decisions/031-console-refunds-and-booking-history.md):
 * one row per status a booking entered, written by the trigger `bookings_status_history` of
 * migration 0022 in the transaction of the change itself (on INSERT and on every UPDATE that
 * changes `status`), whichever code path made it, so the history cannot miss or invent a change.
 * Rows `reconstructed` were written by the migration for bookings older than the table: the
 * status they held then, at the instant their timestamps say (`cancelled_at`, else `created_at`).
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The status left, or null for the booking's first. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** When (the clock of the change's statement). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Written by the migration from the booking's timestamps, not seen happening. */
    reconstructed: boolean('reconstructed').notNull().default(false),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.at)],
);

/**
 * Refunds made by an operator from the console (docs/decisions/031-console-refunds-and-booking-history.md).
 * A row is written before the provider is asked (`completed_at` null: the claim), so that one
 * refund at a time runs per payment (the partial unique index on `payment_intent_id`) and the
 * same request (`idempotency_key`, per booking) makes one refund; `completed_at` is set with the
 * booking's new figures and the audit record, in one transaction.
 */
export const consoleRefunds = pgTable(
  'console_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    paymentIntentId: text('payment_intent_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Cents asked for. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the provider had refunded of the payment before, and after, cents. */
    refundedBeforeCents: bigint('refunded_before_cents', { mode: 'number' }).notNull(),
    refundedAfterCents: bigint('refunded_after_cents', { mode: 'number' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('console_refunds_request_unique').on(t.bookingId, t.idempotencyKey),
    uniqueIndex('console_refunds_one_in_flight')
      .on(t.paymentIntentId)
      .where(sql`${t.completedAt} is null`),
  ],
);

/**
 * Users' reports of a listing, a review, a message or a user (docs/decisions/032-reports-and-the-overview.md),
 * the operators' queue: open while `resolved_at` is null; resolving one records what was done
 * (`resolution`, `resolution_note`, by whom), with its audit record in the same transaction.
 * `target_id` is not a foreign key (it points into one of four tables); a report outlives what it is about.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolution: text('resolution', { enum: REPORT_ACTIONS }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    check('reports_target_type_check', sql.raw(`"target_type" in (${REPORT_TARGET_TYPES.map(sqlString).join(', ')})`)),
    check('reports_reason_check', sql.raw(`"reason" in (${REPORT_REASONS.map(sqlString).join(', ')})`)),
    check('reports_comment_check', sql`char_length(${t.comment}) <= 2000`),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Owner payouts owed by the platform (docs/decisions/033-owed-payouts.md). A payment is made as a
 * destination charge when the owner's connected account can take charges at checkout; otherwise it
 * is charged on the platform's account (Stripe "separate charges and transfers",
 * https://docs.stripe.com/connect/separate-charges-and-transfers) and gets one row here, for its
 * payment (`payment_id`, a single booking's or a series').
 *
 * - `owed`: nothing transferred yet; what is owed is the payment's payout statement
 *   (`payoutFigures` in src/shared/receipt.ts) while the booking or series holds money.
 * - `transferred`: `amount` (dollars) was sent to the owner's connected account by
 *   `stripe_transfer_id` at `transferred_at`, with the idempotency key `payout-<payment id>`;
 *   `reversed_amount` is what later refunds took back from it.
 * - `void`: the payment ended with nothing for the owner (released, declined, refunded in full)
 *   before any transfer.
 */
export const ownerPayouts = pgTable(
  'owner_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['owed', 'transferred', 'void'] })
      .notNull()
      .default('owed'),
    /** Dollars transferred to the owner (0 until transferred). */
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** Dollars taken back from the transfer by later refunds (transfer reversals). */
    reversedAmount: numeric('reversed_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** The connected account it was sent to and the provider's transfer id. */
    destination: text('destination'),
    stripeTransferId: text('stripe_transfer_id'),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    /**
     * The payment's `amount_refunded` (dollars) the transfer was last settled against: a payment
     * whose refunds differ has a reversal to make (src/server/payouts/service.ts).
     */
    refundsSettled: numeric('refunds_settled', { precision: 10, scale: 2 }).notNull().default('0'),
    /**
     * One run at a time settles a row with the provider (a transfer or a reversal): it claims the
     * row here first; a claim older than a few minutes (a run that died) is taken over.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * The transfer attempt, recorded before the provider is first called and kept for every retry
     * (src/server/payouts/service.ts): the dollars to send, frozen then, and the idempotency key; its
     * `transfer_group` is named by the row's id. Null before any attempt.
     */
    attemptAmount: numeric('attempt_amount', { precision: 10, scale: 2 }),
    attemptKey: text('attempt_key'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_payouts_status_check', sql`${t.status} in ('owed', 'transferred', 'void')`),
    uniqueIndex('owner_payouts_payment_unique').on(t.paymentId),
    index('owner_payouts_owner_idx').on(t.ownerId, t.status),
  ],
);

/**
 * Door codes of bookings (src/server/access/): one made by the listing's lock provider per
 * confirmed booking of a `door_code` listing, opening the lock from 15 minutes before the start to
 * 15 minutes after the end. `deleted_at` is set once the provider deleted it (cancelled, ended,
 * or replaced when the booking's times changed); at most one live code per booking.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The provider that made it (`LOCKS`: demo or http) and its id there. */
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    /** The code itself: shown only to the owner and, inside the reveal window, the renter; never logged. */
    code: text('code').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_codes_live_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Every reveal of a booking's way in: one row per answer of `GET /api/bookings/{id}/access` that
 * carried a door code or instructions, to whom (the renter or the owner) and what.
 */
export const accessReveals = pgTable(
  'access_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['renter', 'owner'] }).notNull(),
    /** What the answer carried: `code`, `instructions` or both (`code,instructions`). */
    revealed: text('revealed').notNull(),
    /** The live code shown, if any. */
    accessCodeId: uuid('access_code_id').references(() => accessCodes.id, { onDelete: 'set null' }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_reveals_booking_idx').on(t.bookingId, t.revealedAt)],
);

/**
 * Every reschedule of a booking (docs/decisions/040-rescheduling.md): a move made at once on an
 * instant-book listing (`accepted` when written), or a renter's request on a request-to-book one
 * (`requested` until the owner accepts or declines it, or the renter asks for another time:
 * `cancelled`). The history stays; moves made or asked for count toward `MAX_RESCHEDULES`. The
 * price difference is in cents: positive charged, negative refunded.
 */
export const bookingReschedules = pgTable(
  'booking_reschedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    fromStartAt: timestamp('from_start_at', { withTimezone: true }).notNull(),
    fromEndAt: timestamp('from_end_at', { withTimezone: true }).notNull(),
    toStartAt: timestamp('to_start_at', { withTimezone: true }).notNull(),
    toEndAt: timestamp('to_end_at', { withTimezone: true }).notNull(),
    /** The units of the new range (hours, days, months or one session). */
    toUnits: integer('to_units').notNull(),
    status: text('status', { enum: ['requested', 'accepted', 'declined', 'cancelled'] }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The new range's quoted total and the difference (`priceDifference` of src/shared/reschedule.ts), cents. */
    newTotalCents: integer('new_total_cents').notNull(),
    priceDifferenceCents: integer('price_difference_cents').notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('booking_reschedules_status_check', sql`${t.status} in ('requested', 'accepted', 'declined', 'cancelled')`),
    check('booking_reschedules_range_check', sql`${t.toEndAt} > ${t.toStartAt} and ${t.fromEndAt} > ${t.fromStartAt}`),
    index('booking_reschedules_booking_idx').on(t.bookingId, t.createdAt),
    // One open request per booking: a second one asked at once fails (409).
    uniqueIndex('booking_reschedules_open_idx')
      .on(t.bookingId)
      .where(sql`${t.status} = 'requested'`),
  ],
);
