/** The listing wizard's step rules (src/client/features/spaces/lib/listing-form.ts): what is missing, blocked dates in the picker's words, optional equipment, the standing bookings offer. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_FIRST_DAY_MISSING,
  BLOCKED_LAST_DAY_MISSING,
  BLOCKED_ORDER,
  EMPTY_LISTING,
  EQUIPMENT_BY_SPACE_TYPE,
  isStepValid,
  missingFields,
  scheduleErrors,
  STANDING_BILLING_ORDER,
  stepErrors,
  toPayload,
  type ListingFormValues,
} from '../../src/client/features/spaces/lib/listing-form';
import { standingOfferText } from '../../src/client/features/spaces/lib/standing-offer-text';
import {
  STANDING_BILLING,
  STANDING_BILLING_REQUIRED,
  STANDING_MINIMUM_TERM_MESSAGE,
  STANDING_NOTICE_MESSAGE,
  standingBookingOfferSchema,
} from '../../src/shared/schemas/standing-bookings';
import { EQUIPMENT, SPACE_TYPES } from '../../src/shared/constants';
import { futureDate } from '../helpers/dates';

const listing = (values: Partial<ListingFormValues>): ListingFormValues => ({ ...EMPTY_LISTING, ...values });

describe('missingFields', () => {
  it('names the fields that keep a step from being complete, by their labels', () => {
    expect(missingFields(0, listing({ title: 'Exam room' }))).toEqual(['Description', 'Space type']);
    expect(missingFields(1, listing({ address: '1 Main St', city: 'Boston' }))).toEqual(['State', 'ZIP code']);
    expect(missingFields(2, listing({}))).toEqual(['Amenities (at least one)']);
    expect(missingFields(3, listing({}))).toEqual(['Price']);
  });

  it('is empty for a complete step', () => {
    const basics = listing({ title: 'Exam room', description: 'A bright room.', spaceType: 'Examination Room' });
    expect(missingFields(0, basics)).toEqual([]);
  });
});

describe('equipment', () => {
  it('is optional: step 3 needs an amenity only', () => {
    expect(isStepValid(2, listing({ amenities: ['Wi-Fi'], equipment: [] }))).toBe(true);
  });

  it('is offered by space type, physical therapy equipment included, from the one list', () => {
    for (const type of SPACE_TYPES) {
      expect(EQUIPMENT_BY_SPACE_TYPE[type].length).toBeGreaterThan(0);
      for (const item of EQUIPMENT_BY_SPACE_TYPE[type]) expect(EQUIPMENT).toContain(item);
    }
    expect(EQUIPMENT_BY_SPACE_TYPE['Physical Therapy Room']).toEqual(expect.arrayContaining(['Treatment Table', 'Parallel Bars']));
  });
});

describe('blocked dates in the wizard', () => {
  it('say nothing of a row just added and left blank, and do not send it', () => {
    const values = listing({ blockedDates: [{ start: '', end: '', note: '' }] });
    expect(scheduleErrors(values)).toEqual({});
    expect(toPayload(values).blockedDates).toEqual([]);
  });

  it('ask for the missing day and the order in the picker’s words, never a typed format', () => {
    const day = futureDate(10);
    const rows = (start: string, end: string) => scheduleErrors(listing({ blockedDates: [{ start, end, note: '' }] }));
    expect(rows(day, '')).toEqual({ 'blockedDates.0.end': BLOCKED_LAST_DAY_MISSING });
    expect(rows('', day)).toEqual({ 'blockedDates.0.start': BLOCKED_FIRST_DAY_MISSING });
    expect(rows(futureDate(12), day)).toEqual({ 'blockedDates.0.end': BLOCKED_ORDER });
    for (const message of Object.values({ ...rows(day, ''), ...rows('', day), ...rows(futureDate(12), day) })) {
      expect(message).not.toMatch(/YYYY|\d{4}-\d{2}-\d{2}/);
    }
    expect(rows(day, day)).toEqual({});
  });

  it('point a blank row’s neighbours’ errors at their own rows', () => {
    const day = futureDate(10);
    const values = listing({
      blockedDates: [
        { start: '', end: '', note: '' },
        { start: day, end: day, note: 'x'.repeat(201) },
      ],
    });
    expect(Object.keys(scheduleErrors(values))).toEqual(['blockedDates.1.note']);
  });
});

describe('the standing bookings offer', () => {
  const offered = (values: Partial<ListingFormValues>) =>
    listing({ pricePerDay: '90', standingOffered: true, standingBilling: ['weekly'], ...values });

  it('is sent as the offer when chosen, null otherwise or on a listing priced per month', () => {
    expect(toPayload(listing({})).standingBookings).toBeNull();
    const values = offered({ standingBilling: ['monthly', 'weekly'], standingNoticeDays: '30', standingMinimumTermMonths: '3' });
    expect(toPayload(values).standingBookings).toEqual({ billing: ['weekly', 'monthly'], noticeDays: 30, minimumTermMonths: 3 });
    expect(toPayload({ ...values, pricePeriod: 'monthly' }).standingBookings).toBeNull();
    expect(isStepValid(3, { ...values, pricePeriod: 'monthly', standingNoticeDays: '' })).toBe(true);
  });

  it('names what is missing or out of range', () => {
    expect(missingFields(3, offered({ standingBilling: [], standingNoticeDays: '6', standingMinimumTermMonths: '1.5' }))).toEqual([
      'Standing bookings billing',
      'Notice (days)',
      'Minimum term (months)',
    ]);
  });

  it('says what the server’s schema says', () => {
    const errors = stepErrors(3, offered({ standingBilling: [], standingNoticeDays: '91', standingMinimumTermMonths: '13' }));
    expect(errors).toMatchObject({
      standingBilling: STANDING_BILLING_REQUIRED,
      standingNoticeDays: STANDING_NOTICE_MESSAGE,
      standingMinimumTermMonths: STANDING_MINIMUM_TERM_MESSAGE,
    });
  });

  it('follows the server’s schema: the step is valid exactly when the schema accepts what it sends', () => {
    const typed = fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.constantFrom('', '7.5', 'abc', ' 30 ', '007'));
    fc.assert(
      fc.property(fc.subarray([...STANDING_BILLING]), typed, typed, (billing, notice, term) => {
        const values = offered({ standingBilling: billing, standingNoticeDays: notice, standingMinimumTermMonths: term });
        const accepted = standingBookingOfferSchema.safeParse(toPayload(values).standingBookings).success;
        expect(STANDING_BILLING).toEqual(STANDING_BILLING_ORDER);
        expect(isStepValid(3, values)).toBe(accepted);
      }),
    );
  });

  it('reads as the space page shows it', () => {
    expect(standingOfferText({ billing: ['weekly', 'monthly'], noticeDays: 30, minimumTermMonths: 3 })).toBe(
      "Billed weekly or monthly in advance, 30 days' notice, 3-month minimum term.",
    );
    expect(standingOfferText({ billing: ['monthly'], noticeDays: 7, minimumTermMonths: 0 })).toBe(
      "Billed monthly in advance, 7 days' notice, no minimum term.",
    );
  });
});
