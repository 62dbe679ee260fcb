/**
 * Favourites (docs/product.md#data and #behaviour): one per user and space; adding and
 * removing are idempotent; lists leave archived spaces out (docs/decisions/019-records-are-kept.md).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Space } from '../../shared/schemas/spaces';
import type { Database } from '../db/client';
import { favorites, medicalSpaces } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { findSpaceRow, toSpace } from '../spaces/service';

/**
 * Adds a space to a user's favourites (no error when it is one already).
 * @returns whether it was added now
 * @throws HttpError 404 unknown space, 400 a space that is no longer listed
 */
export async function addFavorite(db: Database, userId: string, spaceId: string): Promise<boolean> {
  const space = await findSpaceRow(db, spaceId);
  if (!space) throw notFound('Space not found.');
  if (!space.active) throw badRequest('This space is no longer listed.');
  const rows = await db.insert(favorites).values({ userId, spaceId }).onConflictDoNothing().returning({ id: favorites.id });
  return rows.length > 0;
}

/** Removes a space from a user's favourites (no error when it is not one). */
export async function removeFavorite(db: Database, userId: string, spaceId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.spaceId, spaceId)));
}

/** A user's favourite spaces, newest favourite first; archived spaces are left out. */
export async function listFavoriteSpaces(db: Database, userId: string): Promise<Space[]> {
  const rows = await db
    .select({ space: medicalSpaces })
    .from(favorites)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, favorites.spaceId))
    .where(and(eq(favorites.userId, userId), eq(medicalSpaces.active, true)))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map((row) => toSpace(row.space));
}
