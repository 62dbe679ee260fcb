/**
 * Sessions (docs/decisions/009-identity-from-the-session.md): an httpOnly, SameSite=Lax cookie holds a
 * random 256-bit token; the sessions table keeps only its SHA-256, so a
 * database leak does not leak live sessions. Identity comes from here only.
 *
 * A session ends 30 days after login ({@link SESSION_TTL_MS}) or after
 * `SESSION_IDLE_DAYS` without a request (ASVS 3.3.2), whichever comes first.
 * In production the cookie is `__Host-clinicshare_session` (RFC 6265bis
 * "Cookie Name Prefixes": Secure, Path=/ and no Domain, so neither a sibling
 * subdomain nor a plain-HTTP page can plant or overwrite it; ASVS 3.4.4).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';

export const SESSION_COOKIE = 'clinicshare_session';
/** The session cookie's name in production (RFC 6265bis `__Host-` prefix). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's `last_seen_at` is written at most this often (5 minutes), so reads stay reads. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The idle period when none is configured: 14 days (`SESSION_IDLE_DAYS`'s default). */
export const DEFAULT_SESSION_IDLE_MS = 14 * DAY_MS;

/** How this application names, sends and ends sessions (from {@link sessionSettings}). */
export interface SessionSettings {
  /** The cookie's name: {@link SECURE_SESSION_COOKIE} when `secure`, else {@link SESSION_COOKIE}. */
  cookieName: string;
  /** Whether the cookie is `Secure` (production). */
  secure: boolean;
  /** Milliseconds a session may go unused before it ends. */
  idleMs: number;
}

/** The session settings of `config`: the `__Host-` cookie in production, the idle period of `SESSION_IDLE_DAYS`. */
export function sessionSettings(config: Pick<Config, 'env' | 'sessionIdleDays'>): SessionSettings {
  const secure = config.env === 'production';
  return { cookieName: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, secure, idleMs: config.sessionIdleDays * DAY_MS };
}
const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/** The columns of a user that the program may hold: every one but the password hash (docs/decisions/009-identity-from-the-session.md). */
export const sessionUserColumns = userColumns;

/** A user row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set from the session cookie before every handler. */
    user: SessionUser | null;
    /** When the session of `user` ends (null without one). */
    sessionExpiresAt: Date | null;
    /**
     * Set by a route that ended every session of a user without being signed in as them (a password
     * reset, an operator's suspension): the user's live sockets are closed once it has answered
     * (src/server/messages/routes.ts).
     */
    sessionsEndedFor?: string;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for `userId` and returns its token (for the cookie). */
export async function createSession(
  db: Database,
  userId: string,
  idleMs = DEFAULT_SESSION_IDLE_MS,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, lastSeenAt: new Date(now) });
  // Housekeeping: drop this user's ended sessions (past their lifetime or idle too long).
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - idleMs)))));
  return { token, expiresAt };
}

/**
 * The user of a live session token and when the session ends: its lifetime's end or its idle end,
 * whichever comes first. A session last seen more than {@link SESSION_TOUCH_INTERVAL_MS} ago is
 * marked seen now (one conditional UPDATE every few minutes per session, never on every request).
 * A token that is past either end, or whose account is suspended, is deleted and null is returned.
 * @param idleMs the idle period ({@link SessionSettings.idleMs})
 */
export async function findSession(
  db: Database,
  token: string,
  idleMs = DEFAULT_SESSION_IDLE_MS,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const tokenHash = hashToken(token);
  const now = Date.now();
  const [row] = await db
    .select({ user: sessionUserColumns, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - idleMs)),
        // A suspended account's sessions are deleted as it is suspended; none it could still hold counts.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  if (!row) {
    // Past its lifetime or idle end, unknown, or of a suspended account: the session is gone for good.
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    lastSeenAt = new Date(now);
    // Conditional, so concurrent requests of one session write once.
    await db
      .update(sessions)
      .set({ lastSeenAt })
      .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, new Date(now - SESSION_TOUCH_INTERVAL_MS))));
  }
  const idleEnd = lastSeenAt.getTime() + idleMs;
  return { user: row.user, expiresAt: new Date(Math.min(row.expiresAt.getTime(), idleEnd)) };
}

/** Ends the session of `token` (no error if it is already gone). */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session of `userId` but the one of `keepToken` (a password change), or all of them.
 * @returns how many sessions ended
 */
export async function deleteUserSessions(db: Pick<Database, 'delete'>, userId: string, keepToken?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepToken === undefined ? undefined : ne(sessions.tokenHash, hashToken(keepToken))))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

/** The session token the request carries in the cookie of `settings`, if any. */
export function sessionToken(request: FastifyRequest, settings: Pick<SessionSettings, 'cookieName'>): string | undefined {
  return request.cookies[settings.cookieName];
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Path=/, no Domain; `Secure` (and `__Host-`) in production. */
export function setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date }, settings: SessionSettings): void {
  reply.setCookie(settings.cookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    expires: session.expiresAt,
  });
}

/** Clears the session cookie (with the attributes it was set with: a `__Host-` cookie is only replaced by a Secure one). */
export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings): void {
  reply.clearCookie(settings.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure });
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
