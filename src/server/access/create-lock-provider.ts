/** The lock provider that `LOCKS` chooses (src/server/config.ts): demo, or the HTTP access-code API. */
import type { Config } from '../config';
import { DemoLockProvider } from './demo-provider';
import { HttpLockProvider } from './http-provider';
import type { LockProvider } from './provider';

/** The lock provider of `config.locks`. */
export function createLockProvider(config: Pick<Config, 'locks'>): LockProvider {
  return config.locks.provider === 'http'
    ? new HttpLockProvider({ apiUrl: config.locks.apiUrl, apiKey: config.locks.apiKey })
    : new DemoLockProvider();
}
