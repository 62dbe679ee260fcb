/**
 * The user as the API shows it (`userSchema`): never the password hash or
 * the connected-account id (docs/decisions/009-identity-from-the-session.md).
 */
import type { User } from '../../shared/schemas/users';
import type { users } from '../db/schema';

type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** Public shape of a user row; dates as ISO-8601 UTC strings. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    licenseNumber: row.licenseNumber,
    specialty: row.specialty,
    bio: row.bio,
    profileImage: row.profileImage,
    coverImage: row.coverImage,
    coverColor: row.coverColor,
    businessName: row.businessName,
    taxId: row.taxId,
    verified: row.verified,
    emailVerified: row.emailVerifiedAt !== null,
    licenseVerification: row.licenseVerification,
    licenseStates: row.licenseStates,
    userType: row.userType,
    stripeAccountStatus: row.stripeAccountStatus,
    stripeOnboardingCompleted: row.stripeOnboardingCompleted,
    acceptedTermsAt: row.acceptedTermsAt?.toISOString() ?? null,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}
