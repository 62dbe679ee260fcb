/**
 * Door codes behind one interface, like payments (src/server/payments/provider.ts): `demo` makes
 * codes here and opens no real lock; `http` asks an access-code API modelled on the common shape
 * of smart-lock APIs (a time-bound code created on a device, deleted by its id). `LOCKS` chooses
 * (src/server/config.ts, ./create-lock-provider.ts). Codes are never logged: a provider's errors
 * name the step and the status, never a body.
 */

/** A code to make: on the lock of `spaceId`, opening it from `validFrom` to `validUntil`. */
export interface AccessCodeRequest {
  bookingId: string;
  spaceId: string;
  validFrom: Date;
  validUntil: Date;
}

/** A code the provider made: its id there, and the code the renter types. */
export interface IssuedAccessCode {
  externalId: string;
  code: string;
}

/** A lock provider. */
export interface LockProvider {
  /** Its name as `LOCKS` says it, stored with each code it makes. */
  readonly name: 'demo' | 'http';
  /**
   * Makes a time-bound code on the listing's lock.
   * @throws LockProviderError when the provider refuses or cannot be reached
   */
  createCode(request: AccessCodeRequest): Promise<IssuedAccessCode>;
  /**
   * Deletes a code it made; one already gone is no error.
   * @throws LockProviderError when the provider refuses or cannot be reached
   */
  deleteCode(externalId: string): Promise<void>;
}

/** A lock provider's failure: which step, and the HTTP status when there was one. Never carries a code. */
export class LockProviderError extends Error {
  override name = 'LockProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
