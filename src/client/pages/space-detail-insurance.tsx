import type { SpaceDetail } from '@/shared/schemas/spaces';
import { InsuranceRequirement } from '@/client/features/spaces/components/booking-requirements';
import { useInsuranceCertificate } from '@/client/features/users/api/get-insurance-certificate';

/**
 * The space page's notice of a listing that requires proof of insurance, with whether the signed-in
 * renter's certificate covers it (docs/decisions/030-insurance-certificates-and-licence-states.md).
 * Loaded apart from the page, and only for such a listing, so that every other space page's first
 * load does not carry it.
 * @param renterId the signed-in renter (not the owner), or undefined when signed out
 */
export function SpaceInsuranceNotice({ space, renterId }: { space: Pick<SpaceDetail, 'requiresInsurance'>; renterId?: string }) {
  const certificate = useInsuranceCertificate(renterId, Boolean(renterId) && space.requiresInsurance);
  return <InsuranceRequirement space={space} certificate={renterId ? certificate.data : undefined} />;
}
