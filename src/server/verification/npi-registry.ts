/**
 * Professional verification against the NPPES NPI Registry API
 * (docs/decisions/021-professional-verification.md; https://npiregistry.cms.hhs.gov/api-page):
 * version 2.1, `number=<NPI>`. Answers are cached in the database for a day; the call has a short
 * timeout, so an offline server leaves verification pending instead of failing the profile save.
 */
import { eq } from 'drizzle-orm';
import type { LicenseVerification } from '../../shared/constants';
import { licenceStatesOf } from '../../shared/insurance';
import { looksLikeNpi } from '../../shared/npi';
import type { Database } from '../db/client';
import { npiRegistryCache } from '../db/schema';

/**
 * What the registry says of a number: its person's name, whether it is active, and the states of
 * the licences its taxonomies name (USPS codes; absent from answers cached before they were read),
 * or null when it has no such number.
 */
export type NpiRecord = { firstName: string; lastName: string; active: boolean; individual: boolean; licenseStates?: string[] } | null;

/** How long a registry answer is reused, in milliseconds. */
export const NPI_CACHE_MS = 24 * 60 * 60 * 1000;
/** How long we wait for the registry, in milliseconds. */
export const NPI_TIMEOUT_MS = 3000;

/** The registry could not be asked (offline, timeout, an error answer). */
export class RegistryUnavailableError extends Error {
  override name = 'RegistryUnavailableError';
}

interface RegistryAnswer {
  result_count?: number;
  results?: {
    number?: string | number;
    enumeration_type?: string;
    basic?: { first_name?: string; last_name?: string; status?: string };
    /** The provider's taxonomies, each with the state of the licence it was granted under. */
    taxonomies?: { state?: string | null; license?: string | null }[];
  }[];
  Errors?: unknown[];
}

/**
 * Looks an NPI up in the registry (no cache).
 * @throws RegistryUnavailableError when the registry does not answer in time or answers with an error
 */
export async function fetchNpiRecord(registryUrl: string, npi: string, timeoutMs = NPI_TIMEOUT_MS): Promise<NpiRecord> {
  const url = new URL(registryUrl);
  url.searchParams.set('version', '2.1');
  url.searchParams.set('number', npi);
  let answer: RegistryAnswer;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'ClinicShare/0.1 (professional verification)' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new RegistryUnavailableError(`The NPI registry answered ${response.status}.`);
    answer = (await response.json()) as RegistryAnswer;
  } catch (error) {
    if (error instanceof RegistryUnavailableError) throw error;
    throw new RegistryUnavailableError(`The NPI registry could not be reached: ${(error as Error).message}`);
  }
  if (answer.Errors) throw new RegistryUnavailableError('The NPI registry refused the lookup.');
  const result = answer.results?.find((candidate) => String(candidate.number) === npi);
  if (!result) return null;
  return {
    firstName: result.basic?.first_name ?? '',
    lastName: result.basic?.last_name ?? '',
    active: result.basic?.status === 'A',
    individual: result.enumeration_type === 'NPI-1',
    licenseStates: licenceStatesOf((result.taxonomies ?? []).map((taxonomy) => taxonomy.state)),
  };
}

/** The registry's record of `npi`, from the cache when it is fresh. */
export async function lookupNpi(db: Database, registryUrl: string, npi: string, now = new Date()): Promise<NpiRecord> {
  const [cached] = await db.select().from(npiRegistryCache).where(eq(npiRegistryCache.number, npi)).limit(1);
  // An answer cached before licence states were read is asked again.
  if (cached && now.getTime() - cached.fetchedAt.getTime() < NPI_CACHE_MS && (!cached.record || cached.record.licenseStates))
    return cached.record;
  const record = await fetchNpiRecord(registryUrl, npi);
  await db
    .insert(npiRegistryCache)
    .values({ number: npi, record, fetchedAt: now })
    .onConflictDoUpdate({ target: npiRegistryCache.number, set: { record, fetchedAt: now } });
  return record;
}

/** Names compared without case, accents, spaces or punctuation ("O'Brien" = "obrien"). */
function sameName(a: string, b: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return fold(a) !== '' && fold(a) === fold(b);
}

/** A license check's outcome: where it stands and, when verified, the states the registry names (else empty). */
export interface LicenseCheck {
  verification: LicenseVerification;
  licenseStates: string[];
}

/**
 * Where a profile's license check stands: verified only when the number is
 * an active individual NPI whose registry first and last name match the profile's;
 * a verified license carries the states of its taxonomies (docs/decisions/030-insurance-certificates-and-licence-states.md).
 */
export async function verifyLicense(
  db: Database,
  registryUrl: string,
  profile: { licenseNumber: string | null; firstName: string; lastName: string },
): Promise<LicenseCheck> {
  const outcome = (verification: LicenseVerification, licenseStates: string[] = []): LicenseCheck => ({ verification, licenseStates });
  if (!profile.licenseNumber) return outcome('none');
  if (!looksLikeNpi(profile.licenseNumber)) return outcome('unsupported');
  let record: NpiRecord;
  try {
    record = await lookupNpi(db, registryUrl, profile.licenseNumber);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return outcome('pending');
    throw error;
  }
  if (!record || !record.active || !record.individual) return outcome('not_found');
  return sameName(record.firstName, profile.firstName) && sameName(record.lastName, profile.lastName)
    ? outcome('verified', record.licenseStates ?? [])
    : outcome('name_mismatch');
}
