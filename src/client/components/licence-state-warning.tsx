import { TriangleAlert } from 'lucide-react';
import { licenceStateWarning } from '@/shared/insurance';

/**
 * The warning, not blocking, when the renter holds no verified licence in the space's state
 * (`licenceStateWarning`); nothing when they do.
 */
export function LicenceStateWarning({ renter, state }: { renter: { verified: boolean; licenseStates: readonly string[] }; state: string }) {
  const warning = licenceStateWarning(renter, state);
  if (!warning) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="licence-state-warning"
      role="note"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {warning}
    </p>
  );
}
