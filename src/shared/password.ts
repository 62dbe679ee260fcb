/**
 * Password rules at sign-up, shared by the server and the
 * Sign up form so both say the same thing:
 * - at least {@link PASSWORD_MIN_LENGTH} characters and at most {@link PASSWORD_MAX_LENGTH}
 *   (OWASP ASVS 4.0 2.1.2: at least 64 allowed, more than 128 refused);
 * - not the email address, nor its local part (any letter case);
 * - a zxcvbn-ts score of at least {@link PASSWORD_MIN_SCORE} ("safely unguessable",
 *   about 10^8 guesses or more) with its common-password, English and diceware
 *   dictionaries and the user's own email and names as extra words. A common
 *   password ("password123", "qwertyuiop", "P@ssw0rd") scores 0 or 1.
 *
 * The estimation reads no more than the first {@link PASSWORD_ESTIMATE_LENGTH} characters
 * (zxcvbn-ts's `maxLength`): its cost grows steeply with the length, and a password that long
 * is strong anyway. The server runs it
 * in a worker pool (src/server/auth/password-check.ts), never on its event loop.
 *
 * Only passwords that score low are refused: a passphrase that happens to
 * contain a listed word ("sunflower-violin-42") is fine.
 *
 * The dictionaries are about 1 MB: {@link loadPasswordChecker} imports them
 * dynamically, so a client bundle loads them in their own chunk when the
 * Sign up form opens, while the server loads the same full set.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** How many leading characters of a password zxcvbn-ts estimates (its own advice: 100). */
export const PASSWORD_ESTIMATE_LENGTH = 100;
/** zxcvbn score (0-4) a new password needs. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  sameAsEmail: 'Password must not be your email address or part of it',
  common: 'This password is on a list of common passwords. Choose another, e.g. three or four unrelated words',
  personal: 'Password must not be based on your name or email address',
  weak: 'This password is too easy to guess. Make it longer, e.g. three or four unrelated words',
} as const;

/** True when `password` is the email or its local part, ignoring letter case and surrounding spaces. */
export function passwordMatchesEmail(password: string, email: string): boolean {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return candidate === address || (localPart !== '' && candidate === localPart);
}

/** The words of a user that a password must not be built from: email, its local part, names. */
export function passwordUserInputs(user: { email?: unknown; firstName?: unknown; lastName?: unknown }): string[] {
  const words = [user.email, user.firstName, user.lastName].filter(
    (word): word is string => typeof word === 'string' && word.trim() !== '',
  );
  const email = typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
  return email.includes('@') ? [...words, email.split('@')[0]!] : words;
}

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * Loads zxcvbn-ts with the common and English dictionaries, once (dynamic imports: its own chunk on the client).
 * A failed load (a dropped connection) is retried by the next call.
 */
export function loadPasswordChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
        // Levenshtein matching makes each check several times slower; the dictionaries and l33t rules catch common passwords without it.
        useLevenshteinDistance: false,
        maxLength: PASSWORD_ESTIMATE_LENGTH,
      }),
  );
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/**
 * Checks a new password's strength with zxcvbn-ts.
 * @param userInputs the user's own words (see {@link passwordUserInputs})
 * @returns the message to show under the password field, or `null` when the password is strong enough
 */
export async function passwordStrengthProblem(password: string, userInputs: string[]): Promise<string | null> {
  const zxcvbn = await loadPasswordChecker();
  const result = zxcvbn.check(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const dictionaries = new Set(result.sequence.map((match) => (match.pattern === 'dictionary' ? match.dictionaryName : null)));
  if (dictionaries.has('passwords-common')) return PASSWORD_MESSAGES.common;
  if (dictionaries.has('userInputs')) return PASSWORD_MESSAGES.personal;
  return PASSWORD_MESSAGES.weak;
}
