/**
 * "Dr." only for a person whose profession takes it (src/shared/names.ts): physicians, dentists and
 * the other doctoral professions; not therapists, counsellors, dietitians or nurses, and not a
 * person with no specialty or one we do not know.
 */
import { describe, expect, it } from 'vitest';
import { DOCTOR_SPECIALTIES, SPECIALTIES } from '../../src/shared/constants';
import { displayName, honorific, salutation } from '../../src/shared/names';

/** The known specialties whose practitioners are not addressed as "Dr.". */
const UNTITLED = [
  'Acupuncture',
  'Counseling',
  'Massage Therapy',
  'Nutrition and Dietetics',
  'Occupational Therapy',
  'Physical Therapy',
  'Speech Therapy',
  'Wound Care',
];

describe('honorific', () => {
  it('gives "Dr." to physicians, dentists and the other doctoral professions', () => {
    for (const specialty of ['Family Medicine', 'Psychiatry', 'Surgery', 'Dentistry', 'Oral Surgery', 'Orthodontics']) {
      expect(honorific(specialty), specialty).toBe('Dr.');
    }
    for (const specialty of ['Psychology', 'Chiropractic', 'Optometry', 'Podiatry', 'Audiology']) {
      expect(honorific(specialty), specialty).toBe('Dr.');
    }
  });

  it('gives no title to therapists, counsellors, dietitians, acupuncturists and wound-care nurses', () => {
    for (const specialty of UNTITLED) expect(honorific(specialty), specialty).toBeNull();
  });

  it('decides every known specialty: each is either titled or in the untitled list', () => {
    const decided = new Set<string>([...DOCTOR_SPECIALTIES, ...UNTITLED]);
    expect(SPECIALTIES.filter((specialty) => !decided.has(specialty))).toEqual([]);
    expect(DOCTOR_SPECIALTIES.filter((specialty) => UNTITLED.includes(specialty))).toEqual([]);
  });

  it('gives no title without a specialty, or for one it does not know', () => {
    expect(honorific(null)).toBeNull();
    expect(honorific(undefined)).toBeNull();
    expect(honorific('')).toBeNull();
    expect(honorific('Registered Nurse')).toBeNull();
    expect(honorific('Physical Therapist')).toBeNull();
  });

  it('reads a typed specialty whatever its case and outer spaces', () => {
    expect(honorific('  dentistry ')).toBe('Dr.');
    expect(honorific('FAMILY MEDICINE')).toBe('Dr.');
    expect(honorific(' physical therapy')).toBeNull();
  });
});

describe('displayName and salutation', () => {
  it('name a physician with the title', () => {
    const physician = { firstName: 'Jordan', lastName: 'Avery', specialty: 'Family Medicine' };
    expect(displayName(physician)).toBe('Dr. Jordan Avery');
    expect(salutation(physician)).toBe('Dr. Avery');
  });

  it('name a therapist, or a person without a specialty, without it', () => {
    const therapist = { firstName: 'Elena', lastName: 'Rodriguez', specialty: 'Physical Therapy' };
    expect(displayName(therapist)).toBe('Elena Rodriguez');
    expect(salutation(therapist)).toBe('Elena');
    expect(displayName({ firstName: 'Daniel', lastName: 'Reyes', specialty: null })).toBe('Daniel Reyes');
    expect(displayName({ firstName: 'Daniel', lastName: 'Reyes' })).toBe('Daniel Reyes');
  });
});
