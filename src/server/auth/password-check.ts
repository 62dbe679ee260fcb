/**
 * The checks of a new password on the server (sign-up, change of password), cheapest first:
 * length and the email (no estimation for a password refused by those), then the zxcvbn-ts
 * strength estimation (src/shared/password.ts) in a worker pool from piscina, so that it never
 * blocks the event loop: a long password takes a good part of a second to estimate, during which
 * a main-thread estimation would answer no other request. It reads no more than the
 * first {@link PASSWORD_ESTIMATE_LENGTH} characters.
 *
 * Callers run their throttle (e.g. `AuthThrottle.register`) before this check, so one client cannot
 * queue estimations without limit.
 *
 * The pool has one thread per core (`os.availableParallelism()`) and is made on first use, once per
 * process; idle threads do not keep the process alive. (No lower thread priority: on a shared host a
 * niced thread starves behind other processes, and the operating system already lets the mostly idle
 * main thread run first when a request arrives.)
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import {
  PASSWORD_ESTIMATE_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordMatchesEmail,
  passwordUserInputs,
} from '../../shared/password';
import { badRequest } from '../http/errors';
import type { PasswordStrengthTask } from './password-worker';

/** `true` in the production bundle (esbuild `define` in scripts/build.mjs); not defined when running from the sources. */
declare const SERVER_BUNDLE: boolean | undefined;

/** Idle worker threads beyond the first end after this long. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Where the worker is: beside the bundle in production (dist/server/password-worker.js, built from
 * password-worker.ts), or the TypeScript source loaded through tsx's loader (vitest, `npm run dev`).
 * The bundle's `import.meta.url` is the source file's own URL (scripts/build.mjs), hence the path
 * from src/server/auth to dist/server.
 */
function workerOptions(): { filename: string; execArgv?: string[] } {
  if (typeof SERVER_BUNDLE !== 'undefined' && SERVER_BUNDLE) {
    return { filename: fileURLToPath(new URL('../../../dist/server/password-worker.js', import.meta.url)) };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: fileURLToPath(new URL('./password-worker.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

let pool: Piscina<PasswordStrengthTask, string | null> | undefined;

function passwordPool(): Piscina<PasswordStrengthTask, string | null> {
  pool ??= new Piscina<PasswordStrengthTask, string | null>({
    ...workerOptions(),
    minThreads: 1,
    maxThreads: availableParallelism(),
    idleTimeout: IDLE_TIMEOUT_MS,
  });
  return pool;
}

/**
 * The zxcvbn-ts estimation of `password` in the worker pool.
 * @param userInputs the user's own words (see `passwordUserInputs`)
 * @returns the message to show under the password field, or `null` when the password is strong enough
 */
export function estimatePasswordStrength(password: string, userInputs: string[]): Promise<string | null> {
  return passwordPool().run({ password: password.slice(0, PASSWORD_ESTIMATE_LENGTH), userInputs });
}

/**
 * Checks a new password (sign-up, change of password), cheapest first: 8 to 128 characters (OWASP ASVS
 * 4.0 2.1.1, 2.1.2), not the email or its local part, then its strength (zxcvbn-ts, in the worker pool).
 * @param user the user's email and names, words the password must not be built from
 * @param field the request field named in the error's issues, e.g. `body.newPassword`
 * @throws HttpError 400 with one issue on `field` when the password is refused
 */
export async function checkNewPassword(
  password: string,
  user: { email?: string; firstName?: string; lastName?: string },
  field = 'body.password',
): Promise<void> {
  const refuse = (message: string) => badRequest(message, [{ path: field, message }]);
  if (password.length < PASSWORD_MIN_LENGTH) throw refuse(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) throw refuse(PASSWORD_MESSAGES.tooLong);
  if (user.email && passwordMatchesEmail(password, user.email)) throw refuse(PASSWORD_MESSAGES.sameAsEmail);
  const weakness = await estimatePasswordStrength(password, passwordUserInputs(user));
  if (weakness) throw refuse(weakness);
}
