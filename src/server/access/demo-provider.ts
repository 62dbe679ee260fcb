/**
 * The demo lock provider: makes six-digit codes here, opening no real lock (`LOCKS=demo`, the
 * default without an access-code API). Deleting forgets nothing: there is nothing to forget.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { AccessCodeRequest, IssuedAccessCode, LockProvider } from './provider';

export class DemoLockProvider implements LockProvider {
  readonly name = 'demo' as const;

  /** A random six-digit code (leading zeros kept). */
  async createCode(_request: AccessCodeRequest): Promise<IssuedAccessCode> {
    return { externalId: `demo_${randomUUID()}`, code: String(randomInt(0, 1_000_000)).padStart(6, '0') };
  }

  async deleteCode(_externalId: string): Promise<void> {}
}
