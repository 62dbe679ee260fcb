import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useBookingAccess } from '../api/get-booking-access';

/** An instant as the space's clock shows it: "Tue, Mar 3, 9:00 AM". */
function formatInstant(value: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/**
 * "Access" under a confirmed booking that has not ended (docs/product.md#the-day-of-the-stay): for
 * the renter, when the way in appears, then the door code and when it works, or the owner's
 * instructions; for the owner, the booking's code (and their instructions) always.
 */
export function AccessPanel({ bookingId, timeZone, viewer }: { bookingId: string; timeZone?: string; viewer: 'renter' | 'owner' }) {
  const access = useBookingAccess(bookingId);
  // When the panel was opened: whether the reveal is still ahead.
  const [openedAt] = useState(() => Date.now());
  if (access.isPending) return null;
  if (access.isError) {
    return (
      <p className="text-sm text-slate-600" data-testid="access-panel">
        Failed to load how to get in. Please try again later.
      </p>
    );
  }
  const { method, revealAt, code, instructions, validFrom, validUntil } = access.data;
  const door = method === 'door_code';
  const shown = code !== undefined || instructions !== undefined;
  const upcoming = new Date(revealAt).getTime() > openedAt;
  return (
    <section className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label="Access" data-testid="access-panel">
      <h3 className="flex items-center gap-1.5 font-medium text-slate-900">
        <KeyRound className="size-4" aria-hidden="true" />
        Access
      </h3>
      {viewer === 'renter' && !shown && upcoming ? (
        <p className="mt-1 text-slate-700">
          {door ? 'Your door code appears on' : 'How to get in appears on'} {formatInstant(revealAt, timeZone)}.
        </p>
      ) : null}
      {door && code !== undefined ? (
        <p className="mt-1 text-slate-700">
          Door code:{' '}
          <span className="font-mono text-base font-semibold tracking-widest text-slate-900" data-testid="door-code">
            {code}
          </span>
          {validFrom && validUntil ? (
            <span className="block text-xs text-slate-600">
              Works from {formatInstant(validFrom, timeZone)} to {formatInstant(validUntil, timeZone)}.
            </span>
          ) : null}
        </p>
      ) : null}
      {door && code === undefined && (viewer === 'owner' || !upcoming) ? (
        <p className="mt-1 text-slate-700">The door code is being set up with the lock; it shows here once it is ready.</p>
      ) : null}
      {instructions !== undefined ? (
        <p className="mt-1 whitespace-pre-line text-slate-700" data-testid="access-instructions">
          {instructions}
        </p>
      ) : !door && viewer === 'owner' ? (
        <p className="mt-1 text-slate-700">You have not written access instructions for this space: add them on its edit page.</p>
      ) : !door && !upcoming ? (
        <p className="mt-1 text-slate-700">No access instructions were written for this space; please message the owner.</p>
      ) : null}
    </section>
  );
}
