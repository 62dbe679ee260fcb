/**
 * US National Provider Identifiers (NPI): format and check digit, shared by
 * the profile form and the server (docs/decisions/021-professional-verification.md).
 *
 * An NPI is 10 digits whose last digit is a Luhn check digit computed over the
 * first 9 digits prefixed with the card issuer prefix 80840 (CMS, "Requirements
 * for Check Digit Computation": https://www.cms.gov/regulations-and-guidance/administrative-simplification/nationalprovidentstand/downloads/npicheckdigit.pdf).
 * Example from CMS: 123456789 has the check digit 3, so 1234567893 is valid.
 */
import { SUPPORT_EMAIL } from './constants';

/**
 * Why a number cannot be claimed, or stays unverified: it is verified on another account
 * (one account per NPI; the API's 409 and the profile's license status say it).
 */
export const NPI_IN_USE_MESSAGE = `This NPI is already verified on another ClinicShare account. If it is yours, contact ${SUPPORT_EMAIL} to have it moved.`;

/** Spaces and dashes people type inside a number are ignored. */
export function normalizeNpi(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn check digit of the 9-digit NPI body, with the 80840 prefix. */
export function npiCheckDigit(body: string): number {
  if (!/^\d{9}$/.test(body)) throw new RangeError(`An NPI body is 9 digits: ${body}`);
  const digits = `80840${body}`;
  let sum = 0;
  // Luhn: from the rightmost digit of the body, double every other digit (the check digit will sit to its right).
  for (let index = digits.length - 1, double = true; index >= 0; index--, double = !double) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `text` (after {@link normalizeNpi}) is a 10-digit NPI with a valid check digit. */
export function isValidNpi(text: string): boolean {
  const npi = normalizeNpi(text);
  if (!/^\d{10}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** Whether a license number looks like an NPI at all (10 digits), so it should be checked as one. */
export function looksLikeNpi(text: string): boolean {
  return /^\d{10}$/.test(normalizeNpi(text));
}
