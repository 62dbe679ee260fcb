/**
 * The field schemas every other schema module builds on: text without control
 * characters, trimmed and required text, the user type. src/shared/schemas.ts
 * re-exports them; src/shared/profile-schemas.ts uses them without importing
 * schemas.ts (no import cycle).
 */
import { z } from 'zod';
import { USER_TYPES } from './constants';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL
 * and C1). PostgreSQL rejects NUL in text, and none of them belongs in what a
 * person types, so every text input refuses them here, once (issue
 * "Hardening": bad input is a 4xx, never a 500).
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
