/**
 * The listing wizard's values, step rules and payload (docs/product.md#listing-a-space and
 * #validation: four steps; Next only when the current step is valid). Every rule comes
 * from the shared `createSpaceSchema`, so the wizard and the server agree.
 */
import { z } from 'zod';
import {
  DEFAULT_CANCELLATION_POLICY_TIER,
  DEFAULT_PRICING_PERIOD,
  WEEKDAYS,
  type Amenity,
  type CancellationPolicyTier,
  type Equipment,
  type PricingPeriod,
  type SpaceType,
  type Weekday,
} from '@/shared/constants';
import { agreementTermsSchema, unitPriceSchema } from '@/shared/schemas/fields';
import type { RoomFeature } from '@/shared/schemas/room-features';
import { blockedDatesSchema, scheduleSchema, type OpeningInterval, type ScheduleInput, type Session } from '@/shared/schemas/schedules';
import { lacksSessions, listingFieldsSchema, SESSIONS_REQUIRED, type CreateSpaceInput, type SpaceDetail } from '@/shared/schemas/spaces';
import { DEFAULT_TURNOVER_CHECKLIST, turnoverChecklistSchema } from '@/shared/schemas/turnover-checklist';
import { findUsStateCode } from '@/shared/time-zones';
import { ACCESS_INSTRUCTIONS_MAX, DEFAULT_REVEAL_HOURS, MAX_REVEAL_HOURS, MIN_REVEAL_HOURS, type AccessMethod } from '@/shared/access';
import { STANDING_MINIMUM_TERM_MONTHS_MAX, STANDING_NOTICE_DAYS_MAX, STANDING_NOTICE_DAYS_MIN } from '@/shared/constants';
import type { StandingBilling } from '@/shared/schemas/standing-bookings';

export interface ListingFormValues {
  title: string;
  spaceType: string;
  description: string;
  capacity: string;
  address: string;
  city: string;
  /** A USPS state or territory code (`US_STATES`), or empty. */
  state: string;
  zipCode: string;
  amenities: Amenity[];
  equipment: Equipment[];
  /** The room features the owner states (`ROOM_FEATURES`). */
  features: RoomFeature[];
  optimalSpecialty: string;
  /** Display URLs of uploaded images; the first is the card image. */
  images: string[];
  pricePerDay: string;
  pricePeriod: PricingPeriod;
  rules: string;
  /** The owner's own terms, added to each booking's space-use agreement (docs/decisions/027-receipts-and-agreements.md). */
  agreementTerms: string;
  cancellationPolicy: string;
  /** False: request-to-book, the owner accepts or declines each booking (docs/decisions/005-bookings-as-holds.md). */
  instantBook: boolean;
  /** "Require proof of insurance" (docs/decisions/030-insurance-certificates-and-licence-states.md). */
  requiresInsurance: boolean;
  /** "Check-in required": a renter who does not check in may be marked a no-show (src/shared/stays.ts). */
  requiresCheckIn: boolean;
  /** The turnover checklist, one item a line (`turnoverChecklist`). */
  turnoverChecklist: string;
  /** The refund rule of cancellations (`src/shared/cancellation.ts`). */
  cancellationPolicyTier: CancellationPolicyTier;
  /** YYYY-MM-DD or empty. */
  availableFrom: string;
  availableTo: string;
  /** The pin: the geocoded point, or where the owner dragged it. */
  latitude: number | null;
  longitude: number | null;
  /** True once the owner has moved the pin: then its position is sent, else the server geocodes. */
  pinned: boolean;
  /** When the space can be booked (docs/product.md#schedules). */
  schedule: ScheduleFormValues;
  /** Closed date ranges, end inclusive; the note is private to the owner. */
  blockedDates: BlockedDateFormValues[];
  /** How a confirmed renter gets in (src/shared/access.ts): the instructions below, or a door code per booking. */
  accessMethod: AccessMethod;
  /** Whole hours before the start (1-72) that the renter is shown the way in, as typed. */
  accessRevealHours: string;
  /** Private: shown only to confirmed renters, from the reveal. */
  accessInstructions: string;
  /** "Offer standing bookings" (src/shared/schemas/standing-bookings.ts); never sent for a listing priced per month. */
  standingOffered: boolean;
  /** The billings offered, weekly and/or monthly in advance. */
  standingBilling: StandingBilling[];
  /** Whole days of notice a renter gives to end one (7-90), as typed. */
  standingNoticeDays: string;
  /** Whole months it runs at least (0-12), as typed. */
  standingMinimumTermMonths: string;
}

/** The schedule as the wizard edits it; {@link toSchedule} turns it into `scheduleSchema`'s input. */
export interface ScheduleFormValues {
  /** "Open every day, all day": `weeklyHours: null`. */
  openAllDay: boolean;
  /** Each weekday's opening intervals (empty: closed that day); ignored while `openAllDay`. */
  weeklyHours: Record<Weekday, OpeningInterval[]>;
  sessions: Session[];
  bufferMinutes: number;
  /** Whole hours, as typed. */
  minNoticeHours: string;
  /** Whole days, as typed; empty: no limit. */
  maxAdvanceDays: string;
}

export interface BlockedDateFormValues {
  /** YYYY-MM-DD. */
  start: string;
  end: string;
  note: string;
}

const closedWeek = (): Record<Weekday, OpeningInterval[]> =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Record<Weekday, OpeningInterval[]>;

export const EMPTY_SCHEDULE: ScheduleFormValues = {
  openAllDay: true,
  weeklyHours: closedWeek(),
  sessions: [],
  bufferMinutes: 0,
  minNoticeHours: '0',
  maxAdvanceDays: '',
};

/** The sessions the wizard suggests (docs/product.md#schedules: Morning 8-12, Afternoon 1-5, Evening 5-9). */
export const SUGGESTED_SESSIONS: readonly Session[] = [
  { name: 'Morning', start: '08:00', end: '12:00' },
  { name: 'Afternoon', start: '13:00', end: '17:00' },
  { name: 'Evening', start: '17:00', end: '21:00' },
];

/**
 * The equipment the listing wizard offers first for each space type (kept with the wizard, so that
 * only the listing pages load it) (the rest behind "Show all
 * equipment"); equipment is optional, so a room with none of these lists none.
 */
export const EQUIPMENT_BY_SPACE_TYPE: Record<SpaceType, readonly Equipment[]> = {
  'Dental Suite': ['Dental Chairs', 'Digital X-Ray', 'Autoclave', 'Ultrasonic Cleaner', 'Medical Equipment Cart', 'Monitoring Systems'],
  'Consultation Room': ['Examination Table', 'Medical Equipment Cart', 'EKG Machine', 'Ultrasound Machine'],
  'Surgical Suite': [
    'Operating Table',
    'Surgical Lights',
    'Anesthesia Machine',
    'Monitoring Systems',
    'Defibrillator',
    'Ventilator',
    'Autoclave',
    'Medical Equipment Cart',
  ],
  'Examination Room': ['Examination Table', 'Medical Equipment Cart', 'EKG Machine', 'Ultrasound Machine', 'Defibrillator'],
  'Physical Therapy Room': [
    'Treatment Table',
    'Parallel Bars',
    'Exercise Equipment',
    'Electrotherapy Unit',
    'Ultrasound Machine',
    'Examination Table',
  ],
  Laboratory: ['Autoclave', 'Ultrasonic Cleaner', 'Medical Equipment Cart', 'Monitoring Systems'],
  'Radiology Suite': ['Digital X-Ray', 'CT Scanner', 'MRI Machine', 'Ultrasound Machine', 'Monitoring Systems'],
};

export const LISTING_STEPS = ['Basic Information', 'Location Details', 'Amenities & Equipment', 'Pricing & Policies'] as const;

export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  spaceType: '',
  description: '',
  capacity: '1',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  amenities: [],
  equipment: [],
  features: [],
  optimalSpecialty: '',
  images: [],
  pricePerDay: '',
  pricePeriod: DEFAULT_PRICING_PERIOD,
  rules: '',
  agreementTerms: '',
  cancellationPolicy: '',
  instantBook: true,
  requiresInsurance: false,
  requiresCheckIn: false,
  turnoverChecklist: DEFAULT_TURNOVER_CHECKLIST.join('\n'),
  cancellationPolicyTier: DEFAULT_CANCELLATION_POLICY_TIER,
  availableFrom: '',
  availableTo: '',
  latitude: null,
  longitude: null,
  pinned: false,
  schedule: EMPTY_SCHEDULE,
  blockedDates: [],
  accessMethod: 'instructions',
  accessRevealHours: String(DEFAULT_REVEAL_HOURS),
  accessInstructions: '',
  standingOffered: false,
  standingBilling: ['weekly', 'monthly'],
  standingNoticeDays: '30',
  standingMinimumTermMonths: '0',
};

const basics = listingFieldsSchema.pick({ title: true, description: true, spaceType: true, capacity: true });
const location = listingFieldsSchema.pick({ address: true, city: true, state: true, zipCode: true });
const pricing = z.object({
  // At least $1.00 (the server's minimum), so above 0 as step 4 needs.
  pricePerDay: unitPriceSchema,
  availableTo: z.string(),
  agreementTerms: agreementTermsSchema,
});

export type FieldErrors = Partial<Record<keyof ListingFormValues, string>>;

function issuesOf(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof ListingFormValues;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** The field errors of one step (0-based); an empty object when the step is valid. */
export function stepErrors(step: number, values: ListingFormValues): FieldErrors {
  switch (step) {
    case 0:
      return issuesOf(basics.safeParse({ ...values, spaceType: values.spaceType || undefined, capacity: values.capacity.trim() }));
    case 1:
      return issuesOf(location.safeParse(values));
    case 2: {
      const errors: FieldErrors = {};
      // Equipment is optional: not every room has any (docs/product.md#listing-a-space).
      if (values.amenities.length === 0) errors.amenities = 'Choose at least one amenity';
      return errors;
    }
    default: {
      const errors = issuesOf(pricing.safeParse(values));
      if (values.availableFrom && values.availableTo && values.availableTo < values.availableFrom) {
        errors.availableTo = 'The last day must be on or after the first day';
      }
      const schedule = scheduleErrors(values);
      const first = Object.keys(schedule).find((key) => !key.startsWith('blockedDates'));
      if (first) errors.schedule = schedule[first];
      const blocked = Object.keys(schedule).find((key) => key.startsWith('blockedDates'));
      if (blocked) errors.blockedDates = schedule[blocked];
      // The rules of `listingAccessInputSchema` (src/shared/schemas/access.ts), which the server applies; checked
      // here without it, so that the schema stays out of every page's first load (tests/e2e/first-load-budget.test.ts).
      const hours = Number(values.accessRevealHours.trim() || Number.NaN);
      if (!Number.isInteger(hours) || hours < MIN_REVEAL_HOURS || hours > MAX_REVEAL_HOURS) {
        errors.accessRevealHours = `Enter whole hours from ${MIN_REVEAL_HOURS} to ${MAX_REVEAL_HOURS}`;
      }
      if (values.accessInstructions.trim().length > ACCESS_INSTRUCTIONS_MAX) {
        errors.accessInstructions = `Use at most ${ACCESS_INSTRUCTIONS_MAX.toLocaleString('en-US')} characters`;
      }
      const checklist = turnoverChecklistSchema.safeParse(checklistItems(values.turnoverChecklist));
      if (!checklist.success) errors.turnoverChecklist = checklist.error.issues[0]!.message;
      Object.assign(errors, standingOfferErrors(values));
      return errors;
    }
  }
}

/** The names of the wizard's fields as their labels say them, for "Complete these to continue". */
export const FIELD_LABELS: Partial<Record<keyof ListingFormValues, string>> = {
  title: 'Title',
  spaceType: 'Space type',
  description: 'Description',
  capacity: 'Capacity',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  amenities: 'Amenities (at least one)',
  pricePerDay: 'Price',
  availableTo: 'Available until',
  agreementTerms: 'Your own agreement terms',
  schedule: 'Opening hours or sessions',
  blockedDates: 'Blocked dates',
  accessRevealHours: 'Reveal the way in (hours before)',
  accessInstructions: 'Access instructions',
  turnoverChecklist: 'Turnover checklist',
  standingBilling: 'Standing bookings billing',
  standingNoticeDays: 'Notice (days)',
  standingMinimumTermMonths: 'Minimum term (months)',
};

/** Whether the wizard sends an offer of standing bookings: offered, and not priced per month (they repeat weekly). */
export function offersStanding(values: Pick<ListingFormValues, 'standingOffered' | 'pricePeriod'>): boolean {
  return values.standingOffered && values.pricePeriod !== 'monthly';
}

/** Whole number as typed, or NaN ("" and "1.5" are not). */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The billings in the order they are sent and shown (`STANDING_BILLING`). */
export const STANDING_BILLING_ORDER = ['weekly', 'monthly'] as const satisfies readonly StandingBilling[];

/**
 * The offer's errors, by the rules and in the words of `standingBookingOfferSchema`
 * (src/shared/schemas/standing-bookings.ts), which the server applies; checked here without it (any runtime
 * import of that module brings its schemas into every page's first load: tests/e2e/first-load-budget.test.ts),
 * and held to it by tests/unit/listing-form.test.ts. None when no offer is sent.
 */
function standingOfferErrors(values: ListingFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!offersStanding(values)) return errors;
  if (values.standingBilling.length === 0) errors.standingBilling = 'Offer weekly or monthly billing, or both';
  const notice = wholeNumber(values.standingNoticeDays);
  if (!(notice >= STANDING_NOTICE_DAYS_MIN && notice <= STANDING_NOTICE_DAYS_MAX)) {
    errors.standingNoticeDays = `Notice must be whole days from ${STANDING_NOTICE_DAYS_MIN} to ${STANDING_NOTICE_DAYS_MAX}`;
  }
  const term = wholeNumber(values.standingMinimumTermMonths);
  if (!(term >= 0 && term <= STANDING_MINIMUM_TERM_MONTHS_MAX)) {
    errors.standingMinimumTermMonths = `The minimum term must be whole months from 0 to ${STANDING_MINIMUM_TERM_MONTHS_MAX}`;
  }
  return errors;
}

/** The payload's `standingBookings`: the offer, or null (none, or a listing priced per month). Billings in weekly, monthly order. */
function toStandingOffer(values: ListingFormValues): CreateSpaceInput['standingBookings'] {
  if (!offersStanding(values)) return null;
  return {
    billing: STANDING_BILLING_ORDER.filter((billing) => values.standingBilling.includes(billing)),
    noticeDays: wholeNumber(values.standingNoticeDays),
    minimumTermMonths: wholeNumber(values.standingMinimumTermMonths),
  };
}

/** The items of the checklist's text: one a line, trimmed, blank lines left out. */
export function checklistItems(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The labels of the fields that keep step `step` (0-based) from being complete, in the form's order; empty when it is. */
export function missingFields(step: number, values: ListingFormValues): string[] {
  return Object.keys(stepErrors(step, values)).map((key) => FIELD_LABELS[key as keyof ListingFormValues] ?? key);
}

export function isStepValid(step: number, values: ListingFormValues): boolean {
  return Object.keys(stepErrors(step, values)).length === 0;
}

/** The payload's `access`: empty instructions remove them. */
function toAccess(values: ListingFormValues): NonNullable<CreateSpaceInput['access']> {
  return {
    method: values.accessMethod,
    revealHoursBefore: values.accessRevealHours.trim(),
    instructions: values.accessInstructions.trim() || null,
  };
}

const dayToInstant = (day: string) => (day ? `${day}T00:00:00.000Z` : null);

/** The POST/PUT body (`createSpaceSchema`). The pin is sent only when the owner moved it; otherwise the server geocodes. */
export function toPayload(values: ListingFormValues): CreateSpaceInput {
  return {
    title: values.title,
    spaceType: values.spaceType as CreateSpaceInput['spaceType'],
    description: values.description,
    capacity: values.capacity.trim(),
    address: values.address,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    amenities: values.amenities,
    equipment: values.equipment,
    features: values.features,
    optimalSpecialty: values.optimalSpecialty || null,
    images: values.images,
    pricePerDay: values.pricePerDay.trim(),
    pricePeriod: values.pricePeriod,
    rules: values.rules || null,
    agreementTerms: values.agreementTerms.trim() || null,
    cancellationPolicy: values.cancellationPolicy || null,
    instantBook: values.instantBook,
    requiresInsurance: values.requiresInsurance,
    requiresCheckIn: values.requiresCheckIn,
    turnoverChecklist: checklistItems(values.turnoverChecklist),
    cancellationPolicyTier: values.cancellationPolicyTier,
    availableFrom: dayToInstant(values.availableFrom),
    availableTo: dayToInstant(values.availableTo),
    latitude: values.pinned ? values.latitude : null,
    longitude: values.pinned ? values.longitude : null,
    schedule: toSchedule(values.schedule, values.pricePeriod),
    blockedDates: toBlockedDates(values.blockedDates),
    access: toAccess(values),
    standingBookings: toStandingOffer(values),
  };
}

/**
 * The `schedule` of the payload: null when it says nothing beyond "open every day, all day" (a
 * listing without a schedule), else `scheduleSchema`'s input with every weekday listed. Sessions
 * are sent only for a listing priced per session (the editor shows them only then).
 */
export function toSchedule(schedule: ScheduleFormValues, pricePeriod: PricingPeriod): ScheduleInput | null {
  const sessions = pricePeriod === 'session' ? schedule.sessions : [];
  const notice = schedule.minNoticeHours.trim() === '' ? 0 : Number(schedule.minNoticeHours);
  const horizon = schedule.maxAdvanceDays.trim() === '' ? null : Number(schedule.maxAdvanceDays);
  if (schedule.openAllDay && sessions.length === 0 && schedule.bufferMinutes === 0 && notice === 0 && horizon === null) return null;
  return {
    weeklyHours: schedule.openAllDay ? null : schedule.weeklyHours,
    sessions,
    bufferMinutes: schedule.bufferMinutes,
    minNoticeHours: notice,
    maxAdvanceDays: horizon,
  };
}

/** Asked for in the blocked-dates rows (after input or an attempt to go on), in the picker's words. */
export const BLOCKED_FIRST_DAY_MISSING = 'Choose the first day';
export const BLOCKED_LAST_DAY_MISSING = 'Choose the last day';
export const BLOCKED_ORDER = 'The last day must be on or after the first day';

/** A row just added and left blank: ignored, neither an error nor sent. */
function isEmptyRange(range: BlockedDateFormValues): boolean {
  return !range.start && !range.end && !range.note.trim();
}

/** The indexes of the rows that are sent (not blank). */
function filledRows(ranges: BlockedDateFormValues[]): number[] {
  return ranges.flatMap((range, index) => (isEmptyRange(range) ? [] : [index]));
}

function toBlockedDates(ranges: BlockedDateFormValues[]) {
  return ranges
    .filter((range) => !isEmptyRange(range))
    .map((range) => ({ start: range.start, end: range.end, note: range.note.trim() || null }));
}

/** The wizard's schedule of a saved one (null: open every day, all day). */
export function fromSchedule(schedule: SpaceDetail['schedule']): ScheduleFormValues {
  if (!schedule) return EMPTY_SCHEDULE;
  const week = closedWeek();
  const openAllDay = !schedule.weeklyHours || !WEEKDAYS.some((day) => (schedule.weeklyHours?.[day]?.length ?? 0) > 0);
  for (const day of WEEKDAYS) week[day] = schedule.weeklyHours?.[day] ?? [];
  return {
    openAllDay,
    weeklyHours: week,
    sessions: schedule.sessions,
    bufferMinutes: schedule.bufferMinutes,
    minNoticeHours: String(schedule.minNoticeHours),
    maxAdvanceDays: schedule.maxAdvanceDays == null ? '' : String(schedule.maxAdvanceDays),
  };
}

/**
 * The schedule's and blocked dates' errors, by path (`weeklyHours.mon.1.start`, `sessions.0.end`,
 * `bufferMinutes`, `blockedDates.0.end`...), from the shared `scheduleSchema` and
 * `blockedDatesSchema`; an empty object when both are valid.
 */
export function scheduleErrors(values: Pick<ListingFormValues, 'schedule' | 'blockedDates' | 'pricePeriod'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const schedule = toSchedule(values.schedule, values.pricePeriod);
  const parsed = scheduleSchema.safeParse(schedule ?? {});
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.'), issue.message);
  if (!values.schedule.openAllDay && WEEKDAYS.every((day) => values.schedule.weeklyHours[day].length === 0)) {
    add('weeklyHours', 'Add opening hours to at least one day, or choose "Open every day, all day"');
  }
  if (lacksSessions(values.pricePeriod, schedule)) add('sessions', SESSIONS_REQUIRED);
  // In the picker's words: its fields are "first day" and "last day", and a date picker never types a format.
  values.blockedDates.forEach((range, index) => {
    if (isEmptyRange(range)) return;
    if (!range.start) add(`blockedDates.${index}.start`, BLOCKED_FIRST_DAY_MISSING);
    else if (!range.end) add(`blockedDates.${index}.end`, BLOCKED_LAST_DAY_MISSING);
    else if (range.end < range.start) add(`blockedDates.${index}.end`, BLOCKED_ORDER);
  });
  if (Object.keys(errors).some((key) => key.startsWith('blockedDates.'))) return errors;
  const blocked = blockedDatesSchema.safeParse(toBlockedDates(values.blockedDates));
  if (!blocked.success) {
    for (const issue of blocked.error.issues) {
      // Indexes of the sent ranges are those of the non-empty rows.
      const [index, ...rest] = issue.path;
      const row = typeof index === 'number' ? filledRows(values.blockedDates)[index] : undefined;
      add(['blockedDates', ...(row === undefined ? issue.path : [row, ...rest])].join('.'), issue.message);
    }
  }
  return errors;
}

/** The wizard filled with a space and its blocked dates (/edit-space/{id}). */
export function fromSpace(space: SpaceDetail): ListingFormValues {
  return {
    title: space.title,
    spaceType: space.spaceType,
    description: space.description,
    capacity: String(space.capacity),
    address: space.address,
    city: space.city,
    // A listing saved before codes were checked may say "Texas": the select shows its code, or asks for one.
    state: findUsStateCode(space.state) ?? '',
    zipCode: space.zipCode,
    amenities: space.amenities as Amenity[],
    equipment: space.equipment as Equipment[],
    features: space.features,
    optimalSpecialty: space.optimalSpecialty ?? '',
    images: space.images,
    pricePerDay: space.pricePerDay,
    pricePeriod: space.pricePeriod,
    rules: space.rules ?? '',
    agreementTerms: space.agreementTerms ?? '',
    cancellationPolicy: space.cancellationPolicy ?? '',
    instantBook: space.instantBook,
    requiresInsurance: space.requiresInsurance,
    requiresCheckIn: space.requiresCheckIn,
    turnoverChecklist: space.turnoverChecklist.join('\n'),
    cancellationPolicyTier: space.cancellationPolicyTier,
    availableFrom: space.availableFrom?.slice(0, 10) ?? '',
    availableTo: space.availableTo?.slice(0, 10) ?? '',
    latitude: space.latitude === null ? null : Number(space.latitude),
    longitude: space.longitude === null ? null : Number(space.longitude),
    pinned: false,
    schedule: fromSchedule(space.schedule),
    blockedDates: space.blockedDates.map((range) => ({ start: range.start, end: range.end, note: range.note ?? '' })),
    accessMethod: space.access.method,
    accessRevealHours: String(space.access.revealHoursBefore),
    accessInstructions: space.access.instructions ?? '',
    standingOffered: space.standingBookings !== null,
    standingBilling: space.standingBookings?.billing ?? EMPTY_LISTING.standingBilling,
    standingNoticeDays: String(space.standingBookings?.noticeDays ?? EMPTY_LISTING.standingNoticeDays),
    standingMinimumTermMonths: String(space.standingBookings?.minimumTermMonths ?? EMPTY_LISTING.standingMinimumTermMonths),
  };
}

// ---------------------------------------------------------------- draft

interface Draft {
  values: ListingFormValues;
  step: number;
}

/** The local-storage key of a wizard's draft: per signed-in user, one for a new listing and one per edited space. */
export function draftKey(userId: string, spaceId?: string): string {
  return `clinicshare:listing-draft:${userId}:${spaceId ?? 'new'}`;
}

/** The saved draft, or null when there is none or it does not parse. */
export function readDraft(key: string): Draft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (!parsed.values || typeof parsed.step !== 'number') return null;
    return {
      values: { ...EMPTY_LISTING, ...parsed.values },
      step: Math.min(Math.max(0, Math.trunc(parsed.step)), LISTING_STEPS.length - 1),
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}
