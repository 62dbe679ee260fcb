import { LoaderCircle, LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { TURNOVER_NOTE_MAX_CHARS } from '@/shared/schemas/stays';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useTakeStayStep } from '../api/take-stay-step';
import { useAttestTurnover, useTurnoverLog } from '../api/turnover';

/**
 * "Check out" on the renter's booking: a dialog asks for the listing's turnover checklist (a box
 * each, and a note), records it, then checks out. A listing without a checklist checks out at once.
 * `onTaken` is told the booking as it now is.
 */
export function CheckOutDialog({ booking, onTaken }: { booking: Booking; onTaken: (booking: Booking) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Record<string, boolean>>({});
  const [note, setNote] = useState('');
  const log = useTurnoverLog(booking.id, open);
  const attest = useAttestTurnover(booking.id);
  const take = useTakeStayStep(onTaken);
  const pending = attest.isPending || take.isPending;
  const checklist = log.data?.checklist ?? [];

  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: 'Failed to check out',
      description: (isApiError(error, 400, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
    });
  const checkOut = () =>
    take.mutate(
      { bookingId: booking.id, step: 'check_out' },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Checked out' });
        },
        onError: failed,
      },
    );
  const submit = () => {
    if (checklist.length === 0) return checkOut();
    attest.mutate(
      { items: checklist.map((label) => ({ label, done: done[label] === true })), note: note.trim() || null },
      { onSuccess: checkOut, onError: failed },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden="true" />
        Check out
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Check out</DialogTitle>
          <DialogDescription>
            Tick what you did to leave {booking.space?.title ?? 'the room'} ready for the next clinician.
          </DialogDescription>
        </DialogHeader>
        {log.isPending ? (
          <p className="text-sm text-slate-600">Loading the checklist…</p>
        ) : log.isError ? (
          <p className="text-sm text-red-800">Could not load the checklist. Please try again later.</p>
        ) : (
          <div className="grid gap-3" data-testid="turnover-form">
            {checklist.length === 0 ? <p className="text-sm text-slate-600">This room has no turnover checklist.</p> : null}
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
            {checklist.length > 0 ? (
              <div className="grid gap-1">
                <Label htmlFor={`${id}-note`}>Note for the owner (optional)</Label>
                <Textarea
                  id={`${id}-note`}
                  rows={2}
                  maxLength={TURNOVER_NOTE_MAX_CHARS}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              </div>
            ) : null}
          </div>
        )}
        <DialogFooter>
          <Button onClick={submit} disabled={pending || !log.isSuccess}>
            {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            Check out
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
