import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { certificateCovers, REQUIRES_INSURANCE_NOTICE } from '@/shared/insurance';
import type { Space } from '@/shared/schemas/spaces';
import { paths } from '@/client/lib/paths';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * What the space page says up front of a listing that requires proof of insurance
 * (docs/decisions/030-insurance-certificates-and-licence-states.md): the rule, and for a signed-in
 * renter whether their certificate is on file and until when.
 * @param certificate the renter's current certificate: null when they have none, undefined when unknown (signed out, loading)
 */
export function InsuranceRequirement({
  space,
  certificate,
}: {
  space: Pick<Space, 'requiresInsurance'>;
  certificate: { expiresOn: string } | null | undefined;
}) {
  if (!space.requiresInsurance) return null;
  const today = new Date().toISOString().slice(0, 10);
  const current = certificate && certificateCovers(certificate.expiresOn, today) ? certificate : null;
  return (
    <div
      className="grid gap-1 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
      data-testid="insurance-requirement"
      role="note"
    >
      <p className="flex items-start gap-2 font-medium">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {REQUIRES_INSURANCE_NOTICE}
      </p>
      {certificate === undefined ? null : current ? (
        <p className="pl-6">Your certificate is valid through {day.format(new Date(`${current.expiresOn}T00:00:00Z`))}.</p>
      ) : (
        <p className="flex items-start gap-2 pl-6">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            You have no valid certificate on file.{' '}
            <Link href={paths.profile()} className="font-medium underline">
              Upload it on your profile
            </Link>{' '}
            before you book.
          </span>
        </p>
      )}
    </div>
  );
}
