/**
 * The profile form's schemas (PUT /api/users/{id}, docs/product.md#validation and #api-calls),
 * shared by the Edit Profile form and the server route.
 *
 * A module of its own because the phone check needs libphonenumber-js and
 * its metadata (about 35 KB of compressed JavaScript): only the profile page
 * imports this module, so only it loads them (docs/decisions/007-a-light-first-page.md;
 * tests/unit/client-bundle.test.ts).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { isValidNpi, looksLikeNpi, normalizeNpi } from '../npi';
import { businessNameSchema, taxIdSchema, currentPasswordSchema, required, textSchema, trimmed, userTypeSchema } from './fields';

/** A hex colour for a profile cover (it reaches a style attribute: docs/decisions/017-security-headers.md). */
export const coverColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #3b82f6');

/**
 * A phone number in a real format, stored as E.164 (+15551234567) through
 * libphonenumber-js; numbers without a country code are read as US numbers.
 * Empty means no phone.
 */
export const phoneSchema = textSchema
  .trim()
  .max(40)
  .transform((value, ctx) => {
    if (value === '') return null;
    const phone = parsePhoneNumberFromString(value, 'US');
    if (!phone?.isValid()) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, like (617) 555-0123 or +44 20 7946 0958' });
      return z.NEVER;
    }
    return phone.number;
  });

/**
 * A license number: free text, except that 10 digits are read as a US NPI and
 * must carry a valid check digit (src/shared/npi.ts). Empty means none.
 */
export const licenseNumberSchema = textSchema
  .trim()
  .max(40)
  .transform((value, ctx) => {
    if (value === '') return null;
    if (looksLikeNpi(value)) {
      if (!isValidNpi(value)) {
        ctx.addIssue({ code: 'custom', message: 'This NPI is not valid: check the 10 digits (the last one is a check digit).' });
        return z.NEVER;
      }
      return normalizeNpi(value);
    }
    return value;
  });

/**
 * A profile or cover image: inline image data, which the server stores
 * through the image pipeline, or the path of an image we serve; null removes it.
 */
export const profileImageSchema = z
  .string()
  .refine(
    (value) => value.startsWith('data:image/') || /^\/uploads\/[\w-]+(\/[\w-]+)*\.(webp|png|jpe?g)$/.test(value),
    'Please upload only image files',
  )
  .nullable();

/**
 * PUT /api/users/{id} (docs/product.md#validation and #api-calls): a partial of the user. `id`,
 * `verified` and the payment fields are not part of it and cannot be set. A new email
 * needs `currentPassword`.
 */
export const updateUserSchema = z.object({
  firstName: required('First name', 80).optional(),
  lastName: required('Last name', 80).optional(),
  email: z.email('Please enter a valid email address').max(254).optional(),
  phone: phoneSchema.nullish(),
  specialty: trimmed(120).nullish(),
  bio: trimmed(2000).nullish(),
  licenseNumber: licenseNumberSchema.nullish(),
  userType: userTypeSchema.optional(),
  profileImage: profileImageSchema.optional(),
  coverImage: profileImageSchema.optional(),
  coverColor: coverColorSchema.optional(),
  /** Printed on the user's receipts when set (docs/decisions/027-receipts-and-agreements.md); empty or null removes it. */
  businessName: businessNameSchema.nullish(),
  taxId: taxIdSchema.nullish(),
  /** Needed when `email` changes the address (ASVS 3.7.1); never stored. */
  currentPassword: currentPasswordSchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
