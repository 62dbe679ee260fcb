/**
 * Profiles (docs/product.md#profile, #validation and #api-calls;
 * decisions 009, 006 and 021 in docs/decisions/):
 * a user edits their own profile; images go through the image pipeline; a
 * license number is checked against the NPI registry, and only the server
 * sets `verified`. One license number is verified on at most one account at a
 * time (the unique index users_verified_license_unique, migration 0009).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { NPI_IN_USE_MESSAGE } from '../../shared/npi';
import type { updateUserSchema } from '../../shared/schemas/profile';
import type { User } from '../../shared/schemas/users';
import { emailChanged as sendNewEmailLinks } from '../auth/email-verification';
import { toUser } from '../auth/public-user';
import { sessionUserColumns, type SessionUser } from '../auth/session';
import { SQLSTATE, sqlConstraint, sqlState, type Database } from '../db/client';
import { users } from '../db/schema';
import { conflict, HttpError, notFound } from '../http/errors';
import { storeDataUrlImage, type ImageOwner } from '../storage/images';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';
import { verifyLicense, type LicenseCheck } from '../verification/npi-registry';

export type UpdateUserData = z.output<typeof updateUserSchema>;

/** A profile image as stored: inline data goes through the pipeline (counted against the user's image storage); paths and null pass through. */
async function storedImage(storage: FileStorage, image: string | null | undefined, owner: ImageOwner): Promise<string | null | undefined> {
  if (image && image.startsWith('data:')) return storeDataUrlImage(storage, image, 'profiles', owner);
  return image;
}

/** The unique index that keeps a license number verified on one account at a time. */
const VERIFIED_LICENSE_INDEX = 'users_verified_license_unique';

/** Whether `licenseNumber` is verified on an account other than `userId`. */
async function verifiedElsewhere(db: Database, licenseNumber: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.licenseNumber, licenseNumber), eq(users.verified, true), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The 409 of a claim on a number verified on another account; its issue names the field, for the form. */
const licenseInUse = () => new HttpError(409, NPI_IN_USE_MESSAGE, [{ path: 'licenseNumber', message: NPI_IN_USE_MESSAGE }]);

/** Whether `error` is the write that would have verified a second account with one license number. */
const isVerifiedLicenseConflict = (error: unknown) =>
  sqlState(error) === SQLSTATE.uniqueViolation && sqlConstraint(error) === VERIFIED_LICENSE_INDEX;

/**
 * Where the license check of account `userId` with `profile` stands: in_use when the number is
 * verified on another account (the registry is not asked), else the registry's answer.
 */
async function checkLicense(
  db: Database,
  registryUrl: string,
  userId: string,
  profile: { licenseNumber: string | null; firstName: string; lastName: string },
): Promise<LicenseCheck> {
  if (profile.licenseNumber && (await verifiedElsewhere(db, profile.licenseNumber, userId))) return IN_USE;
  return verifyLicense(db, registryUrl, profile);
}

/** The check of a number verified on another account: no states. */
const IN_USE: LicenseCheck = { verification: 'in_use', licenseStates: [] };

/** The columns a license check sets: its state, `verified`, the verified license's states and when it was checked. */
const licenseColumns = (check: LicenseCheck) => ({
  licenseVerification: check.verification,
  verified: check.verification === 'verified',
  licenseStates: check.verification === 'verified' ? check.licenseStates : [],
  licenseCheckedAt: new Date(),
});

/**
 * Updates the profile of `current` with the fields given. A change of the
 * license number or the name checks the license again. A new email is stored unverified, and in the
 * same transaction the links sent to the old address stop working and the new one gets a
 * verification link (auth/email-verification.ts `emailChanged`). Keeping a number that
 * another account has since verified saves the profile with the license `in_use`.
 * @throws HttpError 409 when the email belongs to another account, or the new
 *   license number is verified on another account (nothing is changed; the
 *   answer's issue has the path `licenseNumber`); 413/415 for a bad image, 413 past the user's image storage
 */
export async function updateUser(
  db: Database,
  storage: FileStorage,
  registryUrl: string,
  current: SessionUser,
  input: UpdateUserData,
  quota: UploadQuota,
): Promise<User> {
  const next = {
    firstName: input.firstName ?? current.firstName,
    lastName: input.lastName ?? current.lastName,
    licenseNumber: input.licenseNumber === undefined ? current.licenseNumber : input.licenseNumber,
  };
  const licenseChanged = next.licenseNumber !== current.licenseNumber;
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
  // One account per NPI: a claim on a number verified elsewhere changes nothing (support moves numbers).
  if (licenseChanged && next.licenseNumber && (await verifiedElsewhere(db, next.licenseNumber, current.id))) throw licenseInUse();

  const owner = { userId: current.id, quota };
  const [profileImage, coverImage] = await Promise.all([
    storedImage(storage, input.profileImage, owner),
    storedImage(storage, input.coverImage, owner),
  ]);
  const recheck =
    licenseChanged ||
    next.firstName !== current.firstName ||
    next.lastName !== current.lastName ||
    current.licenseVerification === 'pending';
  const check = recheck ? await checkLicense(db, registryUrl, current.id, next) : null;
  if (licenseChanged && check?.verification === 'in_use') throw licenseInUse();

  // One transaction per try: a link sent to the old address must never verify the new one.
  const save = (verification: LicenseCheck | null) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}),
          // A new address is not verified yet (its link is sent below).
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.specialty !== undefined ? { specialty: input.specialty || null } : {}),
          ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
          ...(input.licenseNumber !== undefined ? { licenseNumber: input.licenseNumber } : {}),
          ...(input.userType !== undefined ? { userType: input.userType } : {}),
          ...(profileImage !== undefined ? { profileImage } : {}),
          ...(coverImage !== undefined ? { coverImage } : {}),
          ...(input.coverColor !== undefined ? { coverColor: input.coverColor } : {}),
          ...(input.businessName !== undefined ? { businessName: input.businessName } : {}),
          ...(input.taxId !== undefined ? { taxId: input.taxId } : {}),
          ...(verification ? licenseColumns(verification) : {}),
        })
        .where(eq(users.id, current.id))
        .returning(sessionUserColumns);
      if (!row) throw notFound('User not found.');
      if (emailChanged) await sendNewEmailLinks(tx, current.id);
      return row;
    });

  try {
    const row = await save(check).catch((error: unknown) => {
      // Another account was verified with this number between the check and this write.
      if (!isVerifiedLicenseConflict(error)) throw error;
      if (licenseChanged) throw licenseInUse();
      return save(IN_USE);
    });
    return toUser(row);
  } catch (error) {
    if (!(error instanceof HttpError) && sqlState(error) === SQLSTATE.uniqueViolation)
      throw conflict('An account with this email already exists.');
    throw error;
  }
}

/**
 * Asks the registry again for a profile whose check is pending (the retry button).
 * A number verified on another account, even one verified there meanwhile, leaves it `in_use`.
 * @returns the user with the new verification state
 */
export async function retryLicenseVerification(db: Database, registryUrl: string, current: SessionUser): Promise<User> {
  const save = async (check: LicenseCheck) => {
    const [row] = await db.update(users).set(licenseColumns(check)).where(eq(users.id, current.id)).returning(sessionUserColumns);
    return row!;
  };
  const row = await save(await checkLicense(db, registryUrl, current.id, current)).catch((error: unknown) => {
    if (isVerifiedLicenseConflict(error)) return save(IN_USE);
    throw error;
  });
  return toUser(row);
}
