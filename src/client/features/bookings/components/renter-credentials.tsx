import type { OwnerBooking } from '@/shared/schemas/bookings';
import { CertificateDetails } from '@/client/components/certificate-details';
import { LicenceStateWarning } from '@/client/components/licence-state-warning';

/**
 * What the owner sees of a renter's papers on a request or booking
 * (docs/decisions/030-insurance-certificates-and-licence-states.md): their current certificate of
 * insurance (details and a link to the file), and a warning when they hold no verified licence in
 * the space's state. Shown for pending and confirmed bookings.
 */
export function RenterCredentials({ booking }: { booking: OwnerBooking }) {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const renter = booking.renter;
  const licence =
    renter?.verified !== undefined && renter.licenseStates && booking.space ? (
      <LicenceStateWarning renter={{ verified: renter.verified, licenseStates: renter.licenseStates }} state={booking.space.state} />
    ) : null;
  return (
    <div className="mt-2 grid gap-2" data-testid="renter-credentials">
      {booking.renterInsurance ? (
        <details className="rounded-md border border-slate-200 p-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-900">Certificate of insurance</summary>
          <div className="mt-2">
            <CertificateDetails certificate={booking.renterInsurance} />
          </div>
        </details>
      ) : (
        <p className="text-sm text-slate-600">No certificate of insurance on file.</p>
      )}
      {licence}
    </div>
  );
}
