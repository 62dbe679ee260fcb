import { FileCheck2 } from 'lucide-react';
import type { InsuranceCertificate } from '@/shared/schemas/insurance';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A `YYYY-MM-DD` date as "Mar 4, 2027". */
export const certificateDate = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

/**
 * The details of a certificate of insurance and a link to its file (opens in a new tab): on the
 * renter's profile and on the owner's requests and bookings
 * (docs/decisions/030-insurance-certificates-and-licence-states.md).
 */
export function CertificateDetails({ certificate }: { certificate: InsuranceCertificate }) {
  const expired = certificate.expiresOn < new Date().toISOString().slice(0, 10);
  return (
    <div className="grid gap-1 text-sm" data-testid="insurance-certificate-details">
      <dl className="grid gap-1">
        <div className="flex gap-2">
          <dt className="text-slate-600">Insurer:</dt>
          <dd className="font-medium text-slate-900">{certificate.insurer}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Policy number:</dt>
          <dd className="font-medium text-slate-900">{certificate.policyNumber}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{expired ? 'Expired:' : 'Valid through:'}</dt>
          <dd className={expired ? 'font-medium text-destructive' : 'font-medium text-slate-900'}>
            {certificateDate(certificate.expiresOn)}
          </dd>
        </div>
      </dl>
      <a
        className="text-primary inline-flex items-center gap-1 font-medium underline"
        href={certificate.fileUrl}
        target="_blank"
        rel="noreferrer"
      >
        <FileCheck2 className="size-4" aria-hidden="true" />
        View certificate ({certificate.contentType === 'application/pdf' ? 'PDF' : 'image'})
      </a>
    </div>
  );
}
