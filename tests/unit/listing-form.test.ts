/** The listing wizard's step rules (src/client/features/spaces/lib/listing-form.ts): what is missing, blocked dates in the picker's words, optional equipment. */
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
  toPayload,
  type ListingFormValues,
} from '../../src/client/features/spaces/lib/listing-form';
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
