/**
 * The HTTP lock provider (`LOCKS=http`): an access-code API in the shape common to smart-lock
 * services (Seam's `access_codes` calls, for one):
 *
 * - `POST {LOCK_API_URL}/access_codes/create` `{ device_id, name, starts_at, ends_at }` ->
 *   `{ access_code: { access_code_id, code } }`; the device is the listing (its id), the name the booking's;
 * - `POST {LOCK_API_URL}/access_codes/delete` `{ access_code_id }` -> 2xx, or 404 when already gone.
 *
 * Both with `Authorization: Bearer {LOCK_API_KEY}` and a 10-second limit. A failure throws
 * {@link LockProviderError} with the step and status only: an answer's body may hold a code.
 */
import { z } from 'zod';
import { LockProviderError, type AccessCodeRequest, type IssuedAccessCode, type LockProvider } from './provider';

/** Milliseconds a call may take. */
const TIMEOUT_MS = 10_000;

const createdSchema = z.object({
  access_code: z.object({ access_code_id: z.string().min(1).max(200), code: z.string().min(1).max(40) }),
});

export class HttpLockProvider implements LockProvider {
  readonly name = 'http' as const;

  constructor(private readonly options: { apiUrl: string; apiKey: string }) {}

  /** POSTs `body` to `path`; the answer when 2xx (or 404 when `notFoundIsOk`). */
  private async post(path: string, body: unknown, step: string, notFoundIsOk = false): Promise<Response | null> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new LockProviderError(`lock provider unreachable (${step}): ${(error as Error).name}`);
    }
    if (notFoundIsOk && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LockProviderError(`lock provider refused (${step}): HTTP ${response.status}`, response.status);
    }
    return response;
  }

  async createCode(request: AccessCodeRequest): Promise<IssuedAccessCode> {
    const response = await this.post(
      '/access_codes/create',
      {
        device_id: request.spaceId,
        name: `ClinicShare booking ${request.bookingId}`,
        starts_at: request.validFrom.toISOString(),
        ends_at: request.validUntil.toISOString(),
      },
      'create',
    );
    const parsed = createdSchema.safeParse(await response!.json().catch(() => null));
    if (!parsed.success) throw new LockProviderError('lock provider answered an unexpected shape (create)');
    return { externalId: parsed.data.access_code.access_code_id, code: parsed.data.access_code.code };
  }

  async deleteCode(externalId: string): Promise<void> {
    const response = await this.post('/access_codes/delete', { access_code_id: externalId }, 'delete', true);
    await response?.body?.cancel();
  }
}
