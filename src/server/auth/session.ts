/**
 * Sessions (DESIGN decision 1): an httpOnly, SameSite=Lax cookie holds a
 * random 256-bit token; the sessions table keeps only its SHA-256, so a
 * database leak does not leak live sessions. Identity comes from here only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';

export const SESSION_COOKIE = 'clinicshare_session';
/** Sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/** The columns of a user that the program may hold: every one but the password hash (DESIGN decision 1). */
export const sessionUserColumns = userColumns;

/** A user row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set from the session cookie before every handler. */
    user: SessionUser | null;
    /** When the session of `user` ends (null without one). */
    sessionExpiresAt: Date | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for `userId` and returns its token (for the cookie). */
export async function createSession(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // Housekeeping: drop this user's expired sessions.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

/** The user of a live session token and when the session ends, or null. */
export async function findSession(db: Database, token: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({ user: sessionUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Ends the session of `token` (no error if it is already gone). */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Sets the session cookie; `secure` in production. */
export function setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date }, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: session.expiresAt });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * The signed-in user.
 * @throws HttpError 401 without a session
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The signed-in user, who must be `claimedUserId` when one is given (a
 * `userId`, `renterId` or path id from the request).
 * @throws HttpError 401 without a session, 403 when the ids differ
 */
export function requireSelf(request: FastifyRequest, claimedUserId: string | undefined): SessionUser {
  const user = requireUser(request);
  if (claimedUserId !== undefined && claimedUserId !== user.id) throw forbidden('You can only act as yourself.');
  return user;
}
