/**
 * Registration and login (DESIGN decision 1): argon2id password hashes,
 * emails compared lower-cased, unique email enforced by the database.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginSchema, registerSchema } from '../../shared/schemas';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { users } from '../db/schema';
import { conflict, unauthorized } from '../http/errors';
import { checkNewPassword } from './password-check';
import { sessionUserColumns, type SessionUser } from './session';

/** Hashes a password with argon2id (the library's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A valid argon2id hash of a random password, verified against when the email is unknown so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;

/**
 * Creates a user, after calling `beforeCreate` (the sign-up throttle) and then checking the password
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
    const [user] = await db
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
    return user!;
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('An account with this email already exists.');
    throw error;
  }
}

/**
 * Checks an email and password.
 * @throws HttpError 401 for an unknown email or a wrong password (one message for both)
 */
export async function authenticate(db: Database, input: z.output<typeof loginSchema>): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email.toLowerCase())).limit(1);
  const stored = user?.passwordHash ?? (await (decoyHash ??= hashPassword(`decoy-${Math.random()}`)));
  const ok = await verify(stored, input.password).catch(() => false);
  if (!user || !ok) throw unauthorized('Invalid email or password.');
  const { passwordHash: _hash, ...withoutHash } = user;
  return withoutHash;
}
