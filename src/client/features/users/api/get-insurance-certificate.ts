import { queryOptions, useQuery } from '@tanstack/react-query';
import { insuranceCertificatePath } from '@/shared/api-paths';
import type { InsuranceCertificate } from '@/shared/schemas/insurance';
import { api } from '@/client/lib/api-client';

/**
 * GET /api/users/:id/insurance-certificate: the user's current certificate of insurance
 * (docs/decisions/030-insurance-certificates-and-licence-states.md), or null when they have none.
 */
export function getInsuranceCertificate(userId: string, signal?: AbortSignal): Promise<InsuranceCertificate | null> {
  return api.get<InsuranceCertificate | null>(insuranceCertificatePath(userId), { signal });
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
