import { queryOptions, useQuery } from '@tanstack/react-query';
import { insuranceCertificatePath } from '@/shared/api-paths';
import type { InsuranceCertificate } from '@/shared/schemas/insurance';
import { api, isApiError } from '@/client/lib/api-client';

/**
 * GET /api/users/:id/insurance-certificate: the user's current certificate of insurance
 * (docs/decisions/028-insurance-certificates-and-licence-states.md), or null when they have none (404).
 */
export async function getInsuranceCertificate(userId: string, signal?: AbortSignal): Promise<InsuranceCertificate | null> {
  try {
    return await api.get<InsuranceCertificate>(insuranceCertificatePath(userId), { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function getInsuranceCertificateQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'insurance-certificate'],
    queryFn: ({ signal }) => getInsuranceCertificate(userId, signal),
  });
}

/** The certificate, asked for only while `enabled` (signed in). */
export function useInsuranceCertificate(userId: string | undefined, enabled = true) {
  return useQuery({ ...getInsuranceCertificateQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
