import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insuranceCertificatePath } from '@/shared/api-paths';
import type { InsuranceCertificate, InsuranceCertificateFields } from '@/shared/schemas/insurance';
import { api } from '@/client/lib/api-client';
import { getInsuranceCertificateQueryOptions } from './get-insurance-certificate';

/**
 * POST /api/users/:id/insurance-certificate as `multipart/form-data`: the file (a PDF or image, at
 * most 10 MB) and its insurer, policy number and expiry date. The server checks the file by its content.
 */
export function uploadInsuranceCertificate(userId: string, fields: InsuranceCertificateFields, file: File): Promise<InsuranceCertificate> {
  const form = new FormData();
  form.set('insurer', fields.insurer);
  form.set('policyNumber', fields.policyNumber);
  form.set('expiresOn', fields.expiresOn);
  form.set('file', file);
  return api.post<InsuranceCertificate>(insuranceCertificatePath(userId), form);
}

/** The upload; the answer becomes the current certificate. */
export function useUploadInsuranceCertificate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: InsuranceCertificateFields; file: File }) => uploadInsuranceCertificate(userId, fields, file),
    onSuccess: (certificate) => queryClient.setQueryData(getInsuranceCertificateQueryOptions(userId).queryKey, certificate),
  });
}
