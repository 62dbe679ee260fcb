/**
 * The demo accounts (data/users.json). All of them share one password; the
 * documented accounts are `owner@demo.clinicshare.test`,
 * `renter@demo.clinicshare.test` and the operator `admin@demo.clinicshare.test`
 * (who opens the console at /admin: docs/decisions/029-operators-and-the-audit-log.md).
 * Phone numbers use the fictional 555-01xx range.
 */
import { z } from 'zod';
import { SPECIALTIES, USER_TYPES } from '../../shared/constants';
import users from './data/users.json' with { type: 'json' };
import { parseDataFile } from './data-file';

export interface DemoUser {
  key: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  specialty: string | null;
  userType: 'lister' | 'renter' | 'both';
  bio: string | null;
  phone: string | null;
  licenseNumber: string | null;
  verified: boolean;
  /** `admin` for the demo operator (`admin@demo.clinicshare.test`), who may open the console; else `user`. */
  role: 'user' | 'admin';
}

/** The password of every demo account. */
export const DEMO_PASSWORD = 'clinicshare-demo';

const DOMAIN = 'demo.clinicshare.test';

/** A demo account as data/users.json holds it: its email is `<key>@demo.clinicshare.test`. */
export const demoUserSeedSchema = z.strictObject({
  /** Names the user in the other demo files, and their email's local part. */
  key: z.string().regex(/^[a-z]+(\.[a-z]+)*$/, 'lower-case words joined by dots'),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  specialty: z.enum(SPECIALTIES).nullable(),
  userType: z.enum(USER_TYPES),
  bio: z.string().min(1).nullable(),
  phone: z
    .string()
    .regex(/^\(\d{3}\) 555-01\d\d$/, 'a phone number in the fictional 555-01xx range, e.g. (312) 555-0142')
    .nullable(),
  /** Begins with the state that granted it ('OR-PSY-2318'): the seed reads the licence state from it. */
  licenseNumber: z
    .string()
    .regex(/^[A-Z]{2}-/, 'a licence number that begins with its two-letter state and a dash')
    .nullable(),
  verified: z.boolean(),
  role: z.enum(['user', 'admin']).optional(),
});

export const demoUserSeedsSchema = z.array(demoUserSeedSchema).superRefine((seeds, context) => {
  const keys = seeds.map((seed) => seed.key);
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index) context.addIssue({ code: 'custom', message: `a second user ${key}`, path: [index, 'key'] });
  });
  for (const key of ['owner', 'renter', 'admin']) {
    if (!keys.includes(key)) context.addIssue({ code: 'custom', message: `no user ${key}: the seed and the docs name it` });
  }
});

const seeds = parseDataFile('users.json', demoUserSeedsSchema, users);

/** The demo accounts, owners first. */
export const demoUsers: DemoUser[] = seeds.map(({ role, ...user }) => ({
  ...user,
  role: role ?? 'user',
  email: `${user.key}@${DOMAIN}`,
  password: DEMO_PASSWORD,
}));

/** Keys of the demo users who own spaces (userType lister or both), in a fixed order. */
export const DEMO_OWNER_KEYS: string[] = demoUsers.filter((user) => user.userType !== 'renter').map((user) => user.key);
