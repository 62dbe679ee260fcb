/**
 * What operators do from the console (docs/decisions/029-operators-and-the-audit-log.md;
 * docs/product.md#the-console): find users and listings, suspend and reinstate accounts, take
 * listings down and restore them; and, from the command line only, grant and revoke the role.
 *
 * Each action locks its record, checks that it applies, makes its change, appends its audit record
 * (./audit.ts) and tells the user (`notify()`), all in one transaction. Hiding a listing is
 * `active = false`, which every reader of the listings already asks (search, the map, the sitemap,
 * bookings, favourites), with the reason kept beside it (`taken_down_at`, `owner_suspended`).
 */
import { and, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_SEARCH_LIMIT, type AdminSpace, type AdminSpaceStatus, type AdminUser } from '../../shared/schemas/admin';
import type { UserRole } from '../../shared/schemas/fields';
import { endAccountLinks } from '../auth/account-tokens';
import { deleteUserSessions, type SessionUser } from '../auth/session';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { notify } from '../notifications/notify';
import { recordAudit } from './audit';

/** `text` as a LIKE pattern's literal part (its `\`, `%` and `_` escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `%text%`, lower-cased, for a case-insensitive contains. */
const containsPattern = (text: string) => `%${likeLiteral(text.toLowerCase())}%`;

/** Whether `id` is a UUID (a console route's `:id` that is not one answers 404, as an unknown one). */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

// ------------------------------------------------------------------------------------------ users

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  // Qualified by hand: inside a subquery Drizzle would write the outer column unqualified, as the inner table's.
  listingsCount: sql<number>`(select count(*)::int from ${medicalSpaces} where ${medicalSpaces.ownerId} = "users"."id")`,
  bookingsCount: sql<number>`(select count(*)::int from ${bookings} where ${bookings.renterId} = "users"."id")`,
};

/** Users with their counts, newest first. */
const selectUsers = (db: Database, where: SQL | undefined) =>
  db.select(userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(ADMIN_SEARCH_LIMIT);
type UserListRow = Awaited<ReturnType<typeof selectUsers>>[number];

function toAdminUser(row: UserListRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    listingsCount: Number(row.listingsCount),
    bookingsCount: Number(row.bookingsCount),
  };
}

/**
 * Users whose name or email contains `q` (case-insensitive; a user's id also finds them), newest
 * first, at most {@link ADMIN_SEARCH_LIMIT}, with how many listings and bookings each has.
 */
export async function searchUsers(db: Database, q: string): Promise<AdminUser[]> {
  const pattern = containsPattern(q);
  const where = q
    ? or(
        sql`lower(${users.email}) like ${pattern}`,
        sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
        isUuid(q) ? eq(users.id, q) : undefined,
      )
    : undefined;
  return (await selectUsers(db, where)).map(toAdminUser);
}

/** User `id` as the console lists them. @throws HttpError 404 for an unknown user */
export async function adminUserById(db: Database, id: string): Promise<AdminUser> {
  const [row] = await selectUsers(db, eq(users.id, id));
  if (!row) throw notFound('User not found.');
  return toAdminUser(row);
}

/** The user row locked for an action (`FOR UPDATE`), or 404. */
async function lockUser(tx: Database, id: string) {
  if (!isUuid(id)) throw notFound('User not found.');
  const [row] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      role: users.role,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!row) throw notFound('User not found.');
  return row;
}

/** The listings a suspension hides: those listed now or taken down (not the archived ones, which stay archived). */
const hideableBy = (ownerId: string) =>
  and(eq(medicalSpaces.ownerId, ownerId), or(eq(medicalSpaces.active, true), isNotNull(medicalSpaces.takenDownAt)));

/**
 * Suspends user `id` for `reason`: every session ends at once, so do the account's emailed links and
 * its calendar feed URL (`endAccountLinks`), the account can no longer log in,
 * its listings leave search and their pages answer 410, and an email (and notification) tells the
 * user why. The caller closes the user's live sockets (`request.sessionsEndedFor`).
 * @param actor the operator, who may not suspend themselves
 * @returns the user as the console lists them
 * @throws HttpError 404 for an unknown user, 400 for oneself, 409 when already suspended
 */
export async function suspendUser(db: Database, actor: SessionUser, id: string, reason: string): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.id === actor.id) throw badRequest('You cannot suspend your own account.');
    if (user.suspendedAt) throw conflict('This account is already suspended.');
    const suspendedAt = new Date();
    await tx.update(users).set({ suspendedAt, suspensionReason: reason }).where(eq(users.id, id));
    const sessionsEnded = await deleteUserSessions(tx, id);
    await endAccountLinks(tx, id);
    const hidden = await tx
      .update(medicalSpaces)
      .set({ ownerSuspended: true, active: false })
      .where(hideableBy(id))
      .returning({ id: medicalSpaces.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.suspend',
      targetType: 'user',
      targetId: id,
      reason,
      before: { suspendedAt: null, suspensionReason: null },
      after: {
        suspendedAt: suspendedAt.toISOString(),
        suspensionReason: reason,
        sessionsEnded,
        hiddenListings: hidden.map((row) => row.id),
      },
    });
    await notify(tx, {
      userId: id,
      kind: 'account_suspended',
      title: 'Your ClinicShare account is suspended',
      body: `You can no longer log in, and your listings are hidden. The reason: ${reason}`,
      data: { reason },
    });
  });
  return adminUserById(db, id);
}

/**
 * Lifts the suspension of user `id`: the account can log in again, and its listings hidden by the
 * suspension are listed again (those also taken down stay down).
 * @throws HttpError 404 for an unknown user, 409 when not suspended
 */
export async function reinstateUser(db: Database, actor: SessionUser, id: string): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user.suspendedAt) throw conflict('This account is not suspended.');
    await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, id));
    const relisted = await tx
      .update(medicalSpaces)
      .set({ ownerSuspended: false, active: sql`${medicalSpaces.takenDownAt} is null` })
      .where(and(eq(medicalSpaces.ownerId, id), eq(medicalSpaces.ownerSuspended, true)))
      .returning({ id: medicalSpaces.id, active: medicalSpaces.active });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reinstate',
      targetType: 'user',
      targetId: id,
      before: { suspendedAt: user.suspendedAt.toISOString(), suspensionReason: user.suspensionReason },
      after: { suspendedAt: null, suspensionReason: null, listedAgain: relisted.filter((row) => row.active).map((row) => row.id) },
    });
    await notify(tx, {
      userId: id,
      kind: 'account_reinstated',
      title: 'Your ClinicShare account is active again',
      body: 'You can log in again, and your listings are back in search.',
      link: '/profile',
    });
  });
  return adminUserById(db, id);
}

// --------------------------------------------------------------------------------------- listings

/** Where a listing stands, from the columns that say why it is hidden (the one rule of {@link AdminSpaceStatus}). */
function spaceStatus(row: { active: boolean; takenDownAt: Date | null; ownerSuspended: boolean }): AdminSpaceStatus {
  if (row.takenDownAt) return 'taken_down';
  if (row.ownerSuspended) return 'owner_suspended';
  return row.active ? 'listed' : 'archived';
}

const spaceColumns = {
  id: medicalSpaces.id,
  title: medicalSpaces.title,
  city: medicalSpaces.city,
  state: medicalSpaces.state,
  ownerId: medicalSpaces.ownerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  active: medicalSpaces.active,
  takenDownAt: medicalSpaces.takenDownAt,
  takedownReason: medicalSpaces.takedownReason,
  ownerSuspended: medicalSpaces.ownerSuspended,
  createdAt: medicalSpaces.createdAt,
};

/** Listings with their owners, newest first. */
const selectSpaces = (db: Database, where: SQL | undefined) =>
  db
    .select(spaceColumns)
    .from(medicalSpaces)
    .innerJoin(users, eq(users.id, medicalSpaces.ownerId))
    .where(where)
    .orderBy(desc(medicalSpaces.createdAt), desc(medicalSpaces.id))
    .limit(ADMIN_SEARCH_LIMIT);
type SpaceListRow = Awaited<ReturnType<typeof selectSpaces>>[number];

function toAdminSpace(row: SpaceListRow): AdminSpace {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    state: row.state,
    ownerId: row.ownerId,
    ownerName: `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
    ownerEmail: row.ownerEmail,
    status: spaceStatus(row),
    takenDownAt: row.takenDownAt?.toISOString() ?? null,
    takedownReason: row.takedownReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Listings whose title, city, address or owner's email contains `q` (case-insensitive; a listing's
 * id also finds it), whatever their status, newest first, at most {@link ADMIN_SEARCH_LIMIT}.
 */
export async function searchSpaces(db: Database, q: string): Promise<AdminSpace[]> {
  const pattern = containsPattern(q);
  const where = q
    ? or(
        sql`lower(${medicalSpaces.title}) like ${pattern}`,
        sql`lower(${medicalSpaces.city}) like ${pattern}`,
        sql`lower(${medicalSpaces.address}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
        isUuid(q) ? eq(medicalSpaces.id, q) : undefined,
      )
    : undefined;
  return (await selectSpaces(db, where)).map(toAdminSpace);
}

async function adminSpaceById(db: Database, id: string): Promise<AdminSpace> {
  const [row] = await selectSpaces(db, eq(medicalSpaces.id, id));
  if (!row) throw notFound('Space not found.');
  return toAdminSpace(row);
}

/** The listings of `ownerId`, whatever their status, newest first: at most {@link ADMIN_SEARCH_LIMIT}, and how many there are. */
export async function listingsOf(db: Database, ownerId: string): Promise<{ items: AdminSpace[]; total: number }> {
  const rows = await selectSpaces(db, eq(medicalSpaces.ownerId, ownerId));
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(medicalSpaces)
    .where(eq(medicalSpaces.ownerId, ownerId));
  return { items: rows.map(toAdminSpace), total: Number(counted?.total ?? 0) };
}

/** The listing row locked for an action (`FOR UPDATE`), or 404. */
async function lockSpace(tx: Database, id: string) {
  if (!isUuid(id)) throw notFound('Space not found.');
  const [row] = await tx
    .select({
      id: medicalSpaces.id,
      ownerId: medicalSpaces.ownerId,
      title: medicalSpaces.title,
      active: medicalSpaces.active,
      takenDownAt: medicalSpaces.takenDownAt,
      takedownReason: medicalSpaces.takedownReason,
      ownerSuspended: medicalSpaces.ownerSuspended,
    })
    .from(medicalSpaces)
    .where(eq(medicalSpaces.id, id))
    .for('update');
  if (!row) throw notFound('Space not found.');
  return row;
}

/**
 * Takes listing `id` down for `reason`: it leaves search and the map, it cannot be booked, its page
 * answers 410, and its owner is told why (notification and email).
 * @throws HttpError 404 for an unknown listing, 409 when already taken down or archived by its owner
 */
export async function takeDownSpace(db: Database, actor: SessionUser, id: string, reason: string): Promise<AdminSpace> {
  await db.transaction(async (tx) => {
    const space = await lockSpace(tx, id);
    const status = spaceStatus(space);
    if (status === 'taken_down') throw conflict('This listing is already taken down.');
    if (status === 'archived') throw conflict('This listing was removed by its owner: it is not listed.');
    const takenDownAt = new Date();
    await tx.update(medicalSpaces).set({ takenDownAt, takedownReason: reason, active: false }).where(eq(medicalSpaces.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'space.take_down',
      targetType: 'space',
      targetId: id,
      reason,
      before: { status, takenDownAt: null, takedownReason: null },
      after: { status: 'taken_down', takenDownAt: takenDownAt.toISOString(), takedownReason: reason },
    });
    await notify(tx, {
      userId: space.ownerId,
      kind: 'listing_taken_down',
      title: `Your listing "${space.title}" was taken down`,
      body: `It no longer appears in search and cannot be booked. The reason: ${reason}`,
      data: { spaceId: id, reason },
    });
  });
  return adminSpaceById(db, id);
}

/**
 * Restores listing `id`: listed again, unless its owner is suspended (then it comes back with
 * the owner's reinstatement).
 * @throws HttpError 404 for an unknown listing, 409 when it is not taken down
 */
export async function restoreSpace(db: Database, actor: SessionUser, id: string): Promise<AdminSpace> {
  await db.transaction(async (tx) => {
    const space = await lockSpace(tx, id);
    if (!space.takenDownAt) throw conflict('This listing is not taken down.');
    const after = { takenDownAt: null, takedownReason: null, ownerSuspended: space.ownerSuspended };
    await tx
      .update(medicalSpaces)
      .set({ takenDownAt: null, takedownReason: null, active: !space.ownerSuspended })
      .where(eq(medicalSpaces.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'space.restore',
      targetType: 'space',
      targetId: id,
      before: { status: 'taken_down', takenDownAt: space.takenDownAt.toISOString(), takedownReason: space.takedownReason },
      after: { status: spaceStatus({ active: !space.ownerSuspended, ...after }), ...after },
    });
    await notify(tx, {
      userId: space.ownerId,
      kind: 'listing_restored',
      title: `Your listing "${space.title}" is restored`,
      body: space.ownerSuspended
        ? 'It will be listed again when your account is reinstated.'
        : 'It is back in search and can be booked again.',
      link: `/spaces/${id}`,
      data: { spaceId: id },
    });
  });
  return adminSpaceById(db, id);
}

// ---------------------------------------------------------------------------------- the role itself

/**
 * Gives or takes the operator role of the account of `email`, from the command line only
 * (`npm run admin:grant`, `admin:revoke`; never through the API), with an audit record whose
 * actor is null. The last operator cannot be revoked: the admins are locked while counted, so two
 * revocations at once cannot both pass.
 * @returns what changed: `granted`/`revoked`, or `unchanged` when the account already had that role
 * @throws HttpError 404 for an unknown email, 409 when revoking the last operator
 */
export async function setRole(db: Database, email: string, role: UserRole): Promise<'granted' | 'revoked' | 'unchanged'> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update');
    if (!user) throw notFound(`No account has the email ${email}.`);
    if (user.role === role) return 'unchanged';
    if (role === 'user' && admins.length <= 1) throw conflict('This is the last admin: grant the role to someone else first.');
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorId: null,
      action: role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role },
    });
    return role === 'admin' ? 'granted' : 'revoked';
  });
}
