/**
 * Certificates of insurance (docs/decisions/030-insurance-certificates-and-licence-states.md):
 * the upload form's fields and the certificate as the API shows it.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { CERTIFICATE_EXPIRED, CERTIFICATE_MEDIA_TYPES, earliestUsToday } from '../insurance';
import { required } from './fields';
import { isoDateSchema } from './schedules';

/** The text fields of `POST /api/users/{id}/insurance-certificate` (beside the `file` part) and of the profile's form. */
export const insuranceCertificateFieldsSchema = z.object({
  insurer: required('Insurer', 200),
  policyNumber: required('Policy number', 100),
  /** The last day the policy covers; not in the past. */
  expiresOn: isoDateSchema.refine((date) => date >= earliestUsToday(new Date()), CERTIFICATE_EXPIRED),
});
export type InsuranceCertificateFields = z.infer<typeof insuranceCertificateFieldsSchema>;

/** A certificate as the API shows it, to its holder and to the owners who may see it. */
export const insuranceCertificateSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  insurer: z.string(),
  policyNumber: z.string(),
  /** The last day covered, `YYYY-MM-DD`. */
  expiresOn: z.string(),
  contentType: z.enum(CERTIFICATE_MEDIA_TYPES),
  /** The file's size, bytes. */
  byteSize: z.number().int(),
  uploadedAt: z.string(),
  /** Where the file is served (behind the same access check): `/api/users/{id}/insurance-certificate/file`. */
  fileUrl: z.string(),
});
export type InsuranceCertificate = z.infer<typeof insuranceCertificateSchema>;
