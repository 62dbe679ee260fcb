/**
 * The field schemas every other schema module builds on: text without control characters, trimmed and
 * required text, the user type, numbers and money amounts as forms and query strings send them, record ids.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { MAX_UNIT_PRICE_CENTS, MIN_UNIT_PRICE_CENTS, USER_TYPES } from '../constants';
import { formatUsd } from '../money';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL
 * and C1). PostgreSQL rejects NUL in text, and none of them belongs in what a
 * person types, so every text input refuses them here, once (bad input is a
 * 4xx, never a 500: docs/decisions/016-errors-as-json.md).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Any text input: a string without control characters (see {@link CONTROL_CHARACTERS}). Build every string field on it. */
export const textSchema = z.string().refine((value) => !CONTROL_CHARACTERS.test(value), 'Remove the control characters from this text');

/** Text trimmed and at most `max` characters (empty allowed). */
export const trimmed = (max: number) => textSchema.trim().max(max);

/** Trimmed text of 1 to `max` characters; empty gives '{label} is required'. */
export const required = (label: string, max = 200) => textSchema.trim().min(1, `${label} is required`).max(max);

/**
 * The current password, asked before a change of credentials (a new password or email): any
 * password that could have been stored, so as long as the login form accepts.
 */
export const currentPasswordSchema = textSchema.max(200);

/** lister, renter or both (docs/product.md#who-it-is-for). */
export const userTypeSchema = z.enum(USER_TYPES);

/** A user's role: `admin` may use the console (docs/decisions/029-operators-and-the-audit-log.md); granted only from the command line. */
export const USER_ROLES = ['user', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * A number input: a JSON number or a plain decimal string ("12", "-3.5"), as
 * query strings and forms send them. Empty strings, booleans, arrays, hex
 * ("0x10") and exponents are refused rather than coerced, so a number means
 * exactly what was typed.
 */
export const numberInputSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, 'Enter a number')
        .transform(Number),
    ],
    'Enter a number',
  )
  .pipe(z.number().finite('Enter a number'));
/** A money amount on the wire: a non-negative decimal string with at most 2 decimals (docs/decisions/010-money-in-integer-cents.md). */
export const moneySchema = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter an amount like 120 or 120.50'));
/** A listing's unit price: a money amount from {@link MIN_UNIT_PRICE_CENTS} to {@link MAX_UNIT_PRICE_CENTS} (per hour, day or month). */
export const unitPriceSchema = moneySchema
  .refine(
    // Plain comparisons: these also run on text that failed the amount format (toCents would throw).
    (value) => Number(value) <= MAX_UNIT_PRICE_CENTS / 100,
    `The price can be at most ${formatUsd(MAX_UNIT_PRICE_CENTS, { compact: true })}`,
  )
  .refine((value) => Number(value) >= MIN_UNIT_PRICE_CENTS / 100, `The price must be at least ${formatUsd(MIN_UNIT_PRICE_CENTS)}`);
/** A path segment naming a record: any short text (a malformed id is simply not found). */
export const idParamSchema = /* @__PURE__ */ textSchema.max(100);

/* The fields a user or a listing adds for receipts and agreements (docs/decisions/027-receipts-and-agreements.md). */

/** Longest business name printed on a receipt, characters. */
export const BUSINESS_NAME_MAX = 200;
/** Longest tax ID (an EIN is 10 characters with its dash; a VAT number up to 14; room for others), characters. */
export const TAX_ID_MAX = 40;
/** Longest text of an owner's own agreement terms, characters. */
export const AGREEMENT_TERMS_MAX = 5000;

/** Trimmed text where empty means none (stored as null). */
const optionalText = (schema: z.ZodString) => schema.transform((value) => (value === '' ? null : value));

/** The renter's business name for receipts: trimmed, at most {@link BUSINESS_NAME_MAX}; empty removes it. */
export const businessNameSchema = optionalText(textSchema.trim().max(BUSINESS_NAME_MAX, `At most ${BUSINESS_NAME_MAX} characters`));

/**
 * The renter's tax ID for receipts (an EIN like 12-3456789, a VAT or other number): trimmed, at most
 * {@link TAX_ID_MAX}, letters, digits, spaces and `-./` only; empty removes it.
 */
export const taxIdSchema = optionalText(
  textSchema
    .trim()
    .max(TAX_ID_MAX, `At most ${TAX_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9 ./-]*$/, 'Use only letters, digits, spaces and - . /'),
);

/** An owner's own terms added to the agreement of each booking: trimmed, at most {@link AGREEMENT_TERMS_MAX}; empty removes them. */
export const agreementTermsSchema = optionalText(
  textSchema.trim().max(AGREEMENT_TERMS_MAX, `Your own terms can be at most ${AGREEMENT_TERMS_MAX.toLocaleString('en-US')} characters`),
);
