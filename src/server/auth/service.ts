/**
 * Registration and login (docs/decisions/009-identity-from-the-session.md): argon2id password hashes,
 * emails compared lower-cased, unique email enforced by the database.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_SUSPENDED_MESSAGE, type changePasswordSchema, type loginSchema, type registerSchema } from '../../shared/schemas/auth';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { endAccountLinks } from './account-tokens';
import { sendEmailVerification } from './email-verification';
import { notifyPasswordChanged } from './password-changed';
import { checkNewPassword } from './password-check';
import { deleteUserSessions, sessionUserColumns, type SessionUser } from './session';
import type { AuthThrottle } from './throttle';

/** Hashes a password with argon2id (the library's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A valid argon2id hash of a random password, verified against when the email is unknown so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;

/**
 * Creates a user and sends the welcome email with its verification link (./email-verification.ts) in
 * the same transaction, after calling `beforeCreate` (the sign-up throttle) and then checking the password
 * (`checkNewPassword`: the strength estimation runs in a worker pool). The throttle comes first so
 * that one address cannot queue estimations without limit; a refused weak password counts as an attempt.
 * @throws HttpError 400 for a weak or common password (issue on `body.password`)
 * @throws HttpError 409 when the email is already registered
 * @throws whatever `beforeCreate` throws (429 from the throttle)
 */
export async function registerUser(
  db: Database,
  input: z.output<typeof registerSchema>,
  beforeCreate: () => Promise<void> = async () => {},
): Promise<SessionUser> {
  await beforeCreate();
  await checkNewPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          specialty: input.specialty || null,
          userType: input.userType,
          acceptedTermsAt: new Date(),
        })
        .returning(sessionUserColumns);
      await sendEmailVerification(tx, user!.id, 'welcome');
      return user!;
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('An account with this email already exists.');
    throw error;
  }
}

/**
 * Checks an email and password.
 * @throws HttpError 401 for an unknown email or a wrong password (one message for both), 403 for a
 *   suspended account's right password (docs/decisions/029-operators-and-the-audit-log.md)
 */
export async function authenticate(db: Database, input: z.output<typeof loginSchema>): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email.toLowerCase())).limit(1);
  const stored = user?.passwordHash ?? (await (decoyHash ??= hashPassword(`decoy-${Math.random()}`)));
  const ok = await verify(stored, input.password).catch(() => false);
  if (!user || !ok) throw unauthorized('Invalid email or password.');
  // Told only to whoever knows the password, so it reveals nothing about who has an account.
  if (user.suspendedAt) throw forbidden(ACCOUNT_SUSPENDED_MESSAGE);
  const { passwordHash: _hash, ...withoutHash } = user;
  return withoutHash;
}

/** Messages of the current-password check (Change password, a new email). */
export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Enter your current password',
  wrong: 'Your current password is not correct',
} as const;

/**
 * Checks the signed-in user's current password before a change of credentials (a new password or
 * email; ASVS 3.7.1), counted as a login is: a wrong password uses up one of the account's and the
 * address's failed attempts (src/server/auth/throttle.ts), so a stolen session cannot guess it freely.
 * @param address the client address (`request.ip`)
 * @throws HttpError 400 with an issue on `body.currentPassword` when it is missing or wrong
 * @throws HttpError 429 with Retry-After when the account or the address has no failed attempts left
 */
export async function verifyCurrentPassword(
  db: Database,
  throttle: AuthThrottle,
  user: Pick<SessionUser, 'id' | 'email'>,
  currentPassword: string | undefined,
  address: string,
): Promise<void> {
  if (!currentPassword) {
    throw badRequest(CURRENT_PASSWORD_MESSAGES.missing, [{ path: 'body.currentPassword', message: CURRENT_PASSWORD_MESSAGES.missing }]);
  }
  const attempt = await throttle.beginLogin(user.email, address);
  let ok: boolean;
  try {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    ok = row ? await verify(row.passwordHash, currentPassword).catch(() => false) : false;
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!ok) throw badRequest(CURRENT_PASSWORD_MESSAGES.wrong, [{ path: 'body.currentPassword', message: CURRENT_PASSWORD_MESSAGES.wrong }]);
  await attempt.succeeded();
}

/**
 * Changes the signed-in user's password (ASVS 3.3.3): the current password must be right
 * ({@link verifyCurrentPassword}), the new one passes the sign-up rules (src/shared/password.ts), and
 * every other session of the user ends in the same transaction, which also ends the account's emailed
 * links and calendar feed URL ({@link endAccountLinks}) and sends the "your password was changed"
 * email; the session of `keepToken` lives on.
 * @param keepToken the token of the session that asked (it stays signed in)
 * @param address the client address (`request.ip`), for the failed-attempt counts
 * @returns how many other sessions ended
 * @throws HttpError 400 with an issue on `body.currentPassword` (missing or wrong) or `body.newPassword` (weak)
 * @throws HttpError 429 when too many wrong current passwords were tried
 */
export async function changePassword(
  db: Database,
  throttle: AuthThrottle,
  user: SessionUser,
  input: z.output<typeof changePasswordSchema>,
  { keepToken, address }: { keepToken: string; address: string },
): Promise<number> {
  await verifyCurrentPassword(db, throttle, user, input.currentPassword, address);
  await checkNewPassword(input.newPassword, user, 'body.newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning({ id: users.id });
    if (!row) throw notFound('User not found.');
    const ended = await deleteUserSessions(tx, user.id, keepToken);
    await endAccountLinks(tx, user.id);
    await notifyPasswordChanged(tx, user.id, 'change');
    return ended;
  });
}
