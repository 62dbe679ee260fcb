/**
 * Certificates of insurance and licence states: the pure rules both sides use
 * (docs/decisions/030-insurance-certificates-and-licence-states.md).
 */
import { US_STATES, isUsStateCode } from './time-zones';

/**
 * The local `YYYY-MM-DD` date of an instant in `timeZone`, with the platform's Intl (no date
 * library: the space page loads this module on its first paint).
 */
function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The date `days` after `date`, both `YYYY-MM-DD` (calendar arithmetic, no zone). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The largest certificate file, bytes (10 MB). */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;

/** What a certificate file may be, by its content: a PDF or a photo or scan. */
export const CERTIFICATE_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type CertificateMediaType = (typeof CERTIFICATE_MEDIA_TYPES)[number];

/** How many days before a certificate's expiry its holder is told, by email and in the app: each once. */
export const CERTIFICATE_EXPIRY_NOTICE_DAYS = [30, 7] as const;

/**
 * The expiry notice due at `today` for a certificate expiring on `expiresOn` (both `YYYY-MM-DD`):
 * the fewest days of {@link CERTIFICATE_EXPIRY_NOTICE_DAYS} still ahead of the expiry, or null
 * (more than 30 days ahead, or expired).
 */
export function dueExpiryNotice(expiresOn: string, today: string): number | null {
  if (expiresOn < today) return null;
  const due = [...CERTIFICATE_EXPIRY_NOTICE_DAYS].sort((a, b) => a - b).find((days) => expiresOn <= addDays(today, days));
  return due ?? null;
}

export const CERTIFICATE_TOO_LARGE = 'The certificate file must be at most 10 MB.';
/** The 413 of a certificate that does not fit the holder's upload storage (`UPLOAD_QUOTA_MB`, shared with their images). */
export function certificateStorageFullMessage(megabytes: number): string {
  return `Your uploads have used your storage (${Number(megabytes.toFixed(2))} MB). Please contact support to upload more.`;
}
export const CERTIFICATE_NOT_A_DOCUMENT = 'Upload the certificate as a PDF or an image (PNG, JPEG or WebP).';
export const CERTIFICATE_EXPIRED = 'The expiry date is in the past: upload a certificate that is still valid.';

/**
 * The earliest date that is "today" anywhere in the US (American Samoa, UTC-11): an expiry before
 * it is in the past for everyone, so the check never refuses a certificate valid today where its
 * holder is.
 */
export function earliestUsToday(now: Date): string {
  return localDay(now, US_STATES.AS.timeZone);
}

/** The local date (`YYYY-MM-DD`) of a booking's last day: the day its last moment falls on in the space's zone. */
export function bookingLastDay(endAt: Date, timeZone: string): string {
  return localDay(new Date(endAt.getTime() - 1), timeZone);
}

/** Whether a certificate expiring on `expiresOn` (inclusive) covers `lastDay`; no certificate covers nothing. */
export function certificateCovers(expiresOn: string | null | undefined, lastDay: string): boolean {
  return expiresOn != null && expiresOn >= lastDay;
}

/** The 409 of a hold on a space that requires insurance, when the renter's certificate does not cover `lastDay`. */
export function insuranceRequiredMessage(expiresOn: string | null | undefined, lastDay: string): string {
  return expiresOn
    ? `This space requires proof of insurance valid through ${lastDay}, and your certificate expires on ${expiresOn}. Upload a current certificate on your profile, then book again.`
    : 'This space requires proof of insurance. Upload your certificate of insurance on your profile, then book again.';
}

/** What the space page says up front of a listing that requires insurance. */
export const REQUIRES_INSURANCE_NOTICE =
  'This space requires proof of insurance: a certificate of insurance on your profile, valid through the last day you book.';

/** The states of a licence from the NPI registry's taxonomies: USPS codes, upper-cased, once each, sorted. */
export function licenceStatesOf(states: readonly (string | null | undefined)[]): string[] {
  const codes = states.map((state) => (state ?? '').trim().toUpperCase()).filter(isUsStateCode);
  return [...new Set(codes)].sort();
}

/**
 * The warning when a renter books a space in a state where they hold no verified licence, or null.
 * Not blocking: the renter may practise there under another licence the registry does not name.
 * @param renter whether their licence is verified, and its states (empty unless verified)
 * @param spaceState the space's USPS state code
 */
export function licenceStateWarning(renter: { verified: boolean; licenseStates: readonly string[] }, spaceState: string): string | null {
  const state = spaceState.toUpperCase();
  if (renter.verified && renter.licenseStates.includes(state)) return null;
  const name = isUsStateCode(state) ? US_STATES[state].name : state;
  if (!renter.verified) return `No verified licence is on file for ${name}, where this space is. Make sure you may practise there.`;
  return `This space is in ${name}; the verified licence on file is for ${renter.licenseStates.join(', ') || 'no state'}. Make sure you may practise in ${name}.`;
}
