/**
 * A user as the API returns it, and the answer of PUT /api/users/{id}. The profile form's own schemas
 * are in ./profile.ts.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { LICENSE_VERIFICATION_STATES } from '../constants';
import { userRoleSchema, userTypeSchema } from './fields';

/** A user as the API returns it: never the password hash (docs/decisions/009-identity-from-the-session.md). */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  specialty: z.string().nullable(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  coverColor: z.string(),
  /** Printed on the user's receipts (only the user sees these: docs/decisions/027-receipts-and-agreements.md). */
  businessName: z.string().nullable().default(null),
  taxId: z.string().nullable().default(null),
  verified: z.boolean(),
  /** Whether the account's email was confirmed with an emailed link (it blocks nothing; owners see it on requests). */
  emailVerified: z.boolean().default(false),
  /** Where the license (NPI) check stands; `verified` is true only for `verified`. */
  licenseVerification: z.enum(LICENSE_VERIFICATION_STATES).default('none'),
  /** The US states (USPS codes) of the verified license, as the NPI registry names them; empty unless verified. */
  licenseStates: z.array(z.string()).default([]),
  userType: userTypeSchema,
  stripeAccountStatus: z.string().nullable(),
  stripeOnboardingCompleted: z.boolean(),
  acceptedTermsAt: z.string().nullable(),
  /** `admin` opens the console at /admin (docs/decisions/029-operators-and-the-audit-log.md). */
  role: userRoleSchema.default('user'),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
/** The answer of PUT /api/users/{id} (docs/product.md#api-calls: "may contain user"). */
export const updateUserResultSchema = /* @__PURE__ */ z.object({ user: userSchema });
