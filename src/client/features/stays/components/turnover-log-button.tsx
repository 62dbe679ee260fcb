import { ClipboardCheck, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import type { TurnoverEntry } from '@/shared/schemas/stays';
import { turnoverProblem } from '@/shared/stays';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useAttestTurnover, useTurnoverLog } from '../api/turnover';
import { stayBookingOf } from '../lib/stay-booking';
import { formatStayInstant } from '../lib/stay-instant';

/**
 * "Turnover checklist" on a confirmed booking the renter checked into (for the owner, also while they
 * may attest it): a dialog with what the renter and
 * the owner attested of the room (oldest first) and, for the owner while the rules allow
 * (`turnoverProblem`, src/shared/stays.ts), a form to attest it too.
 */
export function TurnoverLogButton({ booking, viewer }: { booking: Booking; viewer: 'renter' | 'owner' }) {
  const [openedAt] = useState(() => new Date());
  const [open, setOpen] = useState(false);
  const log = useTurnoverLog(booking.id, open);
  const canAttest = viewer === 'owner' && turnoverProblem(stayBookingOf(booking), 'owner', openedAt) === null;
  // A log to read once the renter checked in; before that, only the owner's form.
  if (booking.status !== 'confirmed' || (!booking.checkedInAt && !canAttest)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <ClipboardCheck className="size-4" aria-hidden="true" />
        Turnover checklist
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turnover checklist</DialogTitle>
          <DialogDescription>What the renter and the owner said of the room&apos;s state.</DialogDescription>
        </DialogHeader>
        {log.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : log.isError ? (
          <p className="text-sm text-red-800">Could not load the checklist. Please try again later.</p>
        ) : (
          <>
            <TurnoverEntries entries={log.data.entries} timeZone={booking.space?.timeZone} />
            {canAttest && log.data.checklist.length > 0 ? <OwnerAttestation bookingId={booking.id} checklist={log.data.checklist} /> : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The attestations, oldest first: who, when, each item ticked or not, and the note. */
export function TurnoverEntries({ entries, timeZone }: { entries: readonly TurnoverEntry[]; timeZone?: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing attested yet.</p>;
  return (
    <ul className="grid gap-3 text-sm" data-testid="turnover-entries">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
          <p className="font-medium text-slate-900">
            {entry.role === 'renter' ? 'Renter' : 'Owner'} · {formatStayInstant(entry.createdAt, timeZone)}
          </p>
          <ul className="grid gap-0.5 text-slate-700">
            {entry.items.map((item) => (
              <li key={item.label}>
                {item.done ? '✓' : '✗'} {item.label}
                <span className="sr-only">{item.done ? ' (done)' : ' (not done)'}</span>
              </li>
            ))}
          </ul>
          {entry.note ? <p className="whitespace-pre-line text-slate-700">{entry.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The owner's attestation of the room's state: a box per item of the listing's checklist. */
function OwnerAttestation({ bookingId, checklist }: { bookingId: string; checklist: readonly string[] }) {
  const id = useId();
  const [done, setDone] = useState<Record<string, boolean>>({});
  const attest = useAttestTurnover(bookingId);
  const submit = () =>
    attest.mutate(
      { items: checklist.map((label) => ({ label, done: done[label] === true })) },
      {
        onSuccess: () => {
          setDone({});
          toast({ title: 'Checklist saved' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to save the checklist',
            description: (isApiError(error, 400, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
          }),
      },
    );
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-medium text-slate-900">Attest the room&apos;s state</h3>
      {checklist.map((label, index) => (
        <div key={label} className="flex items-start gap-3">
          <Checkbox
            id={`${id}-item-${index}`}
            className="mt-0.5"
            checked={done[label] === true}
            onCheckedChange={(checked) => setDone((current) => ({ ...current, [label]: checked === true }))}
          />
          <Label htmlFor={`${id}-item-${index}`} className="leading-snug">
            {label}
          </Label>
        </div>
      ))}
      <div>
        <Button size="sm" onClick={submit} disabled={attest.isPending}>
          {attest.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Save checklist
        </Button>
      </div>
    </div>
  );
}
