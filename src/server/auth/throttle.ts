/**
 * Throttling of logins and sign-ups (docs/decisions/020-abuse-limits.md), with rate-limiter-flexible
 * (its login brute-force protection pattern: refuse before verifying a password
 * once the failures are used up; successes do not count and clear the counter).
 *
 * Failed logins are counted three ways, in windows of {@link LOGIN_WINDOW_SECONDS}:
 *
 * - per account AND client address (`loginFailuresPerAccount`, default 10): the lock.
 *   Used up, that address gets 429 for that account, the right password included,
 *   without the password being verified. A stranger elsewhere failing on purpose
 *   locks only their own address out of the account, never its owner's.
 * - per client address (`loginFailuresPerAddress`, default 100): one address
 *   guessing across many accounts.
 * - per account across all addresses (`loginFailuresAccountCeiling`, default 50): the
 *   ceiling against guesses spread over many addresses. It slows, it does not lock:
 *   past it, an address that has already failed on the account in this window gets
 *   429 before verifying, and a wrong password from any address answers 429 (not 401);
 *   but an address with no failure on the account yet (a fresh one, e.g. the owner's
 *   phone) has its password verified, so the right password still logs in. Spread
 *   guessing thus drops from `loginFailuresPerAccount` guesses per address to one.
 *
 * A login attempt reserves its points (account and address, and the address alone)
 * before the password is verified and gets them back when the password is right, so
 * guesses sent at once cannot all pass a check made before any of them has failed.
 * The ceiling is counted after the verdict (a wrong password), so it is a soft limit
 * that concurrent guesses may overshoot by a few; the per-address reservations bound them.
 *
 * Sign-ups are counted per client address, each attempt that gets past the request's
 * schema (before the password's strength is estimated).
 *
 * Password resets (Forgot password?) are counted in windows of {@link PASSWORD_RESET_WINDOW_SECONDS}:
 * the reset emails asked for per email (whether or not it has an account, so a 429 tells nothing of
 * one) and per client address, and the attempts to set a new password per account (once the link's
 * token is known to be good) and per client address.
 *
 * The counters come from the application's {@link LimiterFactory}: in memory, or
 * in Redis when `REDIS_URL` is set, so several instances count together.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors';
import { memoryLimiters, type LimiterFactory } from '../http/rate-limits';

/** Window of the login failure counters: 15 minutes, in seconds. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Window of the sign-up counter: one hour, in seconds. */
export const REGISTER_WINDOW_SECONDS = 60 * 60;
/** Window of the password reset counters: one hour, in seconds. */
export const PASSWORD_RESET_WINDOW_SECONDS = 60 * 60;

export interface ThrottleLimits {
  /** Failed logins per account from one client address per {@link LOGIN_WINDOW_SECONDS}. */
  loginFailuresPerAccount: number;
  /** Failed logins per account from all addresses per {@link LOGIN_WINDOW_SECONDS}, past which guessing is slowed. */
  loginFailuresAccountCeiling: number;
  /** Failed logins per client address per {@link LOGIN_WINDOW_SECONDS}. */
  loginFailuresPerAddress: number;
  /** Sign-ups per client address per {@link REGISTER_WINDOW_SECONDS}. */
  registrationsPerAddress: number;
  /** Reset emails asked for per email, and new-password attempts per account, per {@link PASSWORD_RESET_WINDOW_SECONDS}. */
  passwordResetsPerAccount: number;
  /** Reset emails asked for, and new-password attempts, per client address per {@link PASSWORD_RESET_WINDOW_SECONDS}. */
  passwordResetsPerAddress: number;
}

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const accountKey = (email: string) => email.trim().toLowerCase();

const tooManyFailures = (res: RateLimiterRes) => {
  const retryAfter = secondsUntil(res);
  return tooManyRequests(`Too many failed login attempts. Try again in ${minutesText(retryAfter)}.`, retryAfter);
};

/** A login attempt that holds one reserved failure on its account and address. */
export interface LoginAttempt {
  /** The password was right: the account's failures from this address are cleared and the address gets its point back. */
  succeeded(): Promise<void>;
  /**
   * The password was wrong: the reservations stay, and the failure counts toward the account's ceiling.
   * @throws HttpError 429 with Retry-After when the account is past its ceiling (instead of the caller's 401)
   */
  failed(): Promise<void>;
  /** No verdict (e.g. a database error): the reserved points are given back. */
  abandoned(): Promise<void>;
}

/** The login and sign-up counters of one application. */
export class AuthThrottle {
  private readonly failuresByAccountAndAddress: RateLimiterAbstract;
  private readonly failuresByAddress: RateLimiterAbstract;
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly registrationsByAddress: RateLimiterAbstract;
  private readonly resetEmailsByAccount: RateLimiterAbstract;
  private readonly resetEmailsByAddress: RateLimiterAbstract;
  private readonly resetAttemptsByAccount: RateLimiterAbstract;
  private readonly resetAttemptsByAddress: RateLimiterAbstract;

  constructor(limits: ThrottleLimits, createLimiter: LimiterFactory = memoryLimiters) {
    this.failuresByAccountAndAddress = createLimiter({
      keyPrefix: 'login_fail_account_address',
      points: limits.loginFailuresPerAccount,
      duration: LOGIN_WINDOW_SECONDS,
    });
    this.failuresByAddress = createLimiter({
      keyPrefix: 'login_fail_address',
      points: limits.loginFailuresPerAddress,
      duration: LOGIN_WINDOW_SECONDS,
    });
    this.failuresByAccount = createLimiter({
      keyPrefix: 'login_fail_account',
      points: limits.loginFailuresAccountCeiling,
      duration: LOGIN_WINDOW_SECONDS,
    });
    this.registrationsByAddress = createLimiter({
      keyPrefix: 'register_address',
      points: limits.registrationsPerAddress,
      duration: REGISTER_WINDOW_SECONDS,
    });
    const reset = (keyPrefix: string, points: number) => createLimiter({ keyPrefix, points, duration: PASSWORD_RESET_WINDOW_SECONDS });
    this.resetEmailsByAccount = reset('reset_email_account', limits.passwordResetsPerAccount);
    this.resetEmailsByAddress = reset('reset_email_address', limits.passwordResetsPerAddress);
    this.resetAttemptsByAccount = reset('reset_attempt_account', limits.passwordResetsPerAccount);
    this.resetAttemptsByAddress = reset('reset_attempt_address', limits.passwordResetsPerAddress);
  }

  /**
   * Reserves one failed attempt for the account from this address, and one for the address, before the
   * password is verified. Call {@link LoginAttempt.succeeded} when the password is right,
   * {@link LoginAttempt.failed} when it is wrong, {@link LoginAttempt.abandoned} when the attempt ended
   * without a verdict (a server error).
   * @throws HttpError 429 with Retry-After when the account has no failed attempts left from this address,
   *   the address has none left, or the account is past its ceiling and this address has already failed on it
   */
  async beginLogin(email: string, address: string): Promise<LoginAttempt> {
    const account = accountKey(email);
    // JSON keeps the two parts apart whatever characters the email holds.
    const pair = JSON.stringify([account, address]);
    let reserved: RateLimiterRes;
    try {
      reserved = await this.failuresByAccountAndAddress.consume(pair);
    } catch (error) {
      throw error instanceof RateLimiterRes ? tooManyFailures(error) : error;
    }
    try {
      await this.failuresByAddress.consume(address);
    } catch (error) {
      await this.failuresByAccountAndAddress.reward(pair);
      throw error instanceof RateLimiterRes ? tooManyFailures(error) : error;
    }
    const giveBack = async () => {
      await Promise.all([this.failuresByAccountAndAddress.reward(pair), this.failuresByAddress.reward(address)]);
    };
    // Past the ceiling only a fresh address (this attempt is its first in the window) has its password verified.
    const ceiling = await this.failuresByAccount.get(account).catch(async (error: unknown) => {
      await giveBack();
      throw error;
    });
    if (ceiling && ceiling.remainingPoints <= 0 && reserved.consumedPoints > 1) {
      await giveBack();
      throw tooManyFailures(ceiling);
    }
    return {
      succeeded: async () => {
        await Promise.all([this.failuresByAccountAndAddress.delete(pair), this.failuresByAddress.reward(address)]);
      },
      failed: async () => {
        try {
          await this.failuresByAccount.consume(account);
        } catch (error) {
          throw error instanceof RateLimiterRes ? tooManyFailures(error) : error;
        }
      },
      abandoned: giveBack,
    };
  }

  /**
   * Counts one sign-up attempt from `address`.
   * @throws HttpError 429 with Retry-After when the address has used up its sign-ups for the hour
   */
  async register(address: string): Promise<void> {
    try {
      await this.registrationsByAddress.consume(address);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfter = secondsUntil(error);
      throw tooManyRequests(`Too many sign-ups from your network. Try again in ${minutesText(retryAfter)}.`, retryAfter);
    }
  }

  /**
   * Counts one password reset email asked for `email` from `address`, whether or not the email has an
   * account (the answer must not tell).
   * @throws HttpError 429 with Retry-After when the address or the email has used up its requests for the hour
   */
  async passwordResetEmail(email: string, address: string): Promise<void> {
    await consumeOrRefuse(this.resetEmailsByAddress, address, 'Too many password reset requests from your network');
    await consumeOrRefuse(this.resetEmailsByAccount, accountKey(email), 'Too many password reset requests for this email');
  }

  /**
   * Counts one attempt to set a new password with a reset link from `address`.
   * @throws HttpError 429 with Retry-After when the address has used up its attempts for the hour
   */
  async passwordResetAttempt(address: string): Promise<void> {
    await consumeOrRefuse(this.resetAttemptsByAddress, address, 'Too many password reset attempts from your network');
  }

  /**
   * Counts one attempt to set a new password on the account `userId` (its link's token is good).
   * @throws HttpError 429 with Retry-After when the account has used up its attempts for the hour
   */
  async passwordResetOnAccount(userId: string): Promise<void> {
    await consumeOrRefuse(this.resetAttemptsByAccount, userId, 'Too many password reset attempts on this account');
  }
}

/** Takes a point of `key`, or throws 429 with `what` and when to try again. */
async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfter = secondsUntil(error);
    throw tooManyRequests(`${what}. Try again in ${minutesText(retryAfter)}.`, retryAfter);
  }
}
