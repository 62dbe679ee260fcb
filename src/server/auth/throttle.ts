/**
 * Throttling of logins and sign-ups (issue 5, Abuse), with rate-limiter-flexible
 * (its login brute-force protection pattern: refuse before verifying a password
 * once the failures are used up; successes do not count and clear the account).
 *
 * - Failed logins are counted per account (the lower-cased email) and per client
 *   address, separately: 30 wrong passwords for one account lock that account,
 *   not the other people behind the same office address.
 * - A login attempt reserves its point before the password is verified and gets
 *   it back when the password is right, so 30 guesses sent at once cannot all
 *   pass a check made before any of them has failed.
 * - Sign-ups are counted per client address, each attempt that gets as far as
 *   creating the account.
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


export interface ThrottleLimits {
  /** Failed logins per account per {@link LOGIN_WINDOW_SECONDS}. */
  loginFailuresPerAccount: number;
  /** Failed logins per client address per {@link LOGIN_WINDOW_SECONDS}. */
  loginFailuresPerAddress: number;
  /** Sign-ups per client address per {@link REGISTER_WINDOW_SECONDS}. */
  registrationsPerAddress: number;
}

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const accountKey = (email: string) => email.trim().toLowerCase();

/** A login attempt that holds one reserved failure on its account and address. */
export interface LoginAttempt {
  /** The password was right: the account's failures are cleared and the address gets its point back. */
  succeeded(): Promise<void>;
  /** No verdict (e.g. a database error): both points are given back. */
  abandoned(): Promise<void>;
}

/** The login and sign-up counters of one application. */
export class AuthThrottle {
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly failuresByAddress: RateLimiterAbstract;
  private readonly registrationsByAddress: RateLimiterAbstract;

  constructor(limits: ThrottleLimits, createLimiter: LimiterFactory = memoryLimiters) {
    this.failuresByAccount = createLimiter({
      keyPrefix: 'login_fail_account',
      points: limits.loginFailuresPerAccount,
      duration: LOGIN_WINDOW_SECONDS,
    });
    this.failuresByAddress = createLimiter({
      keyPrefix: 'login_fail_address',
      points: limits.loginFailuresPerAddress,
      duration: LOGIN_WINDOW_SECONDS,
    });
    this.registrationsByAddress = createLimiter({
      keyPrefix: 'register_address',
      points: limits.registrationsPerAddress,
      duration: REGISTER_WINDOW_SECONDS,
    });
  }

  /**
   * Reserves one failed attempt for the account and for the address before the password is verified.
   * Call {@link LoginAttempt.succeeded} when the password is right, {@link LoginAttempt.abandoned} when the
   * attempt ended without a verdict (a server error); a wrong password keeps the reservation.
   * @throws HttpError 429 with Retry-After when the account or the address has no failed attempts left
   */
  async beginLogin(email: string, address: string): Promise<LoginAttempt> {
    const account = accountKey(email);
    const refused = (res: RateLimiterRes) => {
      const retryAfter = secondsUntil(res);
      return tooManyRequests(`Too many failed login attempts. Try again in ${minutesText(retryAfter)}.`, retryAfter);
    };
    try {
      await this.failuresByAccount.consume(account);
    } catch (error) {
      throw error instanceof RateLimiterRes ? refused(error) : error;
    }
    try {
      await this.failuresByAddress.consume(address);
    } catch (error) {
      await this.failuresByAccount.reward(account);
      throw error instanceof RateLimiterRes ? refused(error) : error;
    }
    return {
      succeeded: async () => {
        await Promise.all([this.failuresByAccount.delete(account), this.failuresByAddress.reward(address)]);
      },
      abandoned: async () => {
        await Promise.all([this.failuresByAccount.reward(account), this.failuresByAddress.reward(address)]);
      },
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
}
