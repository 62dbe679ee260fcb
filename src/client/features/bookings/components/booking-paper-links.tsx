import { FileText } from 'lucide-react';
import { type PaperKind, paperKinds, paperPath } from '@/shared/paper-links';
import type { Booking } from '@/shared/schemas/bookings';

const LABELS: Record<PaperKind, string> = { receipt: 'Receipt', agreement: 'Agreement', 'payout-statement': 'Payout statement' };

/**
 * A booking's papers as PDF links (docs/decisions/027-receipts-and-agreements.md): the receipt once
 * paid, the space-use agreement once confirmed, and for the owner the payout statement; nothing
 * before. Each opens in a new tab (the browser sends the session cookie); its accessible name names
 * the space, so a list's links differ. A series has one of each: pass its first occurrence.
 */
export function BookingPaperLinks({
  booking,
  viewer,
}: {
  booking: Pick<Booking, 'id' | 'status' | 'paymentStatus' | 'space'>;
  viewer: 'renter' | 'owner';
}) {
  const kinds = paperKinds(booking, viewer);
  if (kinds.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-3" data-testid="booking-papers">
      {kinds.map((kind) => (
        <a
          key={kind}
          href={paperPath(booking.id, kind)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
          data-paper={kind}
        >
          <FileText className="size-4" aria-hidden="true" />
          {LABELS[kind]}
          <span className="sr-only"> (PDF): {booking.space?.title ?? 'this booking'}</span>
        </a>
      ))}
    </span>
  );
}
