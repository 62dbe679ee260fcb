/**
 * The worker of the password strength pool (src/server/auth/password-check.ts): runs zxcvbn-ts
 * (src/shared/password.ts) off the main thread. Piscina loads this module in each worker thread and
 * calls its default export once per task. Built as its own entry point, dist/server/password-worker.js
 * (scripts/build.mjs); from the sources (tests, `npm run dev`) it is loaded through tsx.
 */
import { loadPasswordChecker, passwordStrengthProblem } from '../../shared/password';

/** One password to estimate, with the user's own words (`passwordUserInputs`). */
export interface PasswordStrengthTask {
  password: string;
  userInputs: string[];
}

// Load the dictionaries (about 1 MB) as the worker starts, not on its first task.
void loadPasswordChecker().catch(() => {});

/** @returns the message to show under the password field, or `null` when the password is strong enough */
export default function estimatePasswordStrength({ password, userInputs }: PasswordStrengthTask): Promise<string | null> {
  return passwordStrengthProblem(password, userInputs);
}
