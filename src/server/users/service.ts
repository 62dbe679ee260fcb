/**
 * Profiles (SPEC sections 2 Profile, 5 and 7; DESIGN decisions 1, 8 and 17):
 * a user edits their own profile; images go through the image pipeline; a
 * license number is checked against the NPI registry, and only the server
 * sets `verified`.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateUserSchema } from '../../shared/profile-schemas';
import type { User } from '../../shared/schemas';
import { sessionUserColumns, type SessionUser } from '../auth/session';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { storeDataUrlImage, type ImageOwner } from '../storage/images';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';
import { verifyLicense } from '../verification/npi-registry';
import { toUser } from './serialize';

export type UpdateUserData = z.output<typeof updateUserSchema>;

/** A profile image as stored: inline data goes through the pipeline (counted against the user's image storage); paths and null pass through. */
async function storedImage(storage: FileStorage, image: string | null | undefined, owner: ImageOwner): Promise<string | null | undefined> {
  if (image && image.startsWith('data:')) return storeDataUrlImage(storage, image, 'profiles', owner);
  return image;
}

/**
 * Updates the profile of `current` with the fields given. A change of the
 * license number or the name checks the license again.
 * @throws HttpError 409 when the email belongs to another account, 413/415 for a bad image, 413 past the user's image storage
 */
export async function updateUser(
  db: Database,
  storage: FileStorage,
  registryUrl: string,
  current: SessionUser,
  input: UpdateUserData,
  quota: UploadQuota,
): Promise<User> {
  const owner = { userId: current.id, quota };
  const [profileImage, coverImage] = await Promise.all([storedImage(storage, input.profileImage, owner), storedImage(storage, input.coverImage, owner)]);
  const next = {
    firstName: input.firstName ?? current.firstName,
    lastName: input.lastName ?? current.lastName,
    licenseNumber: input.licenseNumber === undefined ? current.licenseNumber : input.licenseNumber,
  };
  const recheck =
    next.licenseNumber !== current.licenseNumber ||
    next.firstName !== current.firstName ||
    next.lastName !== current.lastName ||
    current.licenseVerification === 'pending';
  const licenseVerification = recheck ? await verifyLicense(db, registryUrl, next) : current.licenseVerification;

  try {
    const [row] = await db
      .update(users)
      .set({
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.specialty !== undefined ? { specialty: input.specialty || null } : {}),
        ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
        ...(input.licenseNumber !== undefined ? { licenseNumber: input.licenseNumber } : {}),
        ...(input.userType !== undefined ? { userType: input.userType } : {}),
        ...(profileImage !== undefined ? { profileImage } : {}),
        ...(coverImage !== undefined ? { coverImage } : {}),
        ...(input.coverColor !== undefined ? { coverColor: input.coverColor } : {}),
        ...(recheck ? { licenseVerification, verified: licenseVerification === 'verified', licenseCheckedAt: new Date() } : {}),
      })
      .where(eq(users.id, current.id))
      .returning(sessionUserColumns);
    if (!row) throw notFound('User not found.');
    return toUser(row);
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('An account with this email already exists.');
    throw error;
  }
}

/**
 * Asks the registry again for a profile whose check is pending (the retry button).
 * @returns the user with the new verification state
 */
export async function retryLicenseVerification(db: Database, registryUrl: string, current: SessionUser): Promise<User> {
  const licenseVerification = await verifyLicense(db, registryUrl, current);
  const [row] = await db
    .update(users)
    .set({ licenseVerification, verified: licenseVerification === 'verified', licenseCheckedAt: new Date() })
    .where(eq(users.id, current.id))
    .returning(sessionUserColumns);
  return toUser(row!);
}
