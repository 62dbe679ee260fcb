/**
 * How a person is named and addressed, in the app and in emails: "Dr." only for a person whose
 * specialty takes it (`DOCTOR_SPECIALTIES` in ./constants.ts). Every view and email template that
 * could put a title before a name asks these functions rather than writing "Dr." itself.
 */
import { DOCTOR_SPECIALTIES } from './constants';

/** What naming a person needs: the names, and the specialty when it is known. */
export interface NamedPerson {
  firstName: string;
  lastName: string;
  /** Free text (the profile's field suggests `SPECIALTIES`); null or missing: no title. */
  specialty?: string | null;
}

const doctorSpecialties = new Set<string>(DOCTOR_SPECIALTIES.map((specialty) => specialty.toLowerCase()));

/**
 * The title a person with this specialty is addressed by: 'Dr.' for physicians, dentists and the
 * other doctoral professions, null otherwise (therapists, nurses, counsellors, no specialty, or
 * a specialty typed that is not one of the known ones). Case and outer spaces do not matter.
 */
export function honorific(specialty: string | null | undefined): 'Dr.' | null {
  return specialty && doctorSpecialties.has(specialty.trim().toLowerCase()) ? 'Dr.' : null;
}

/** The name a page shows for a person: "Dr. Jordan Avery" for a family physician, "Elena Rodriguez" for a physical therapist. */
export function displayName(person: NamedPerson): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const title = honorific(person.specialty);
  return title ? `${title} ${name}` : name;
}

/** How an email addresses its reader after "Hello": "Dr. Avery" with a title, the first name ("Elena") without. */
export function salutation(person: NamedPerson): string {
  const title = honorific(person.specialty);
  return title ? `${title} ${person.lastName}`.trim() : person.firstName;
}
