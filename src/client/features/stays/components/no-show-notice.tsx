import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Booking } from '@/shared/schemas/bookings';
import { NO_SHOW_DISPUTE_MAX_CHARS, noShowDisputeSchema, type NoShowDisputeInput } from '@/shared/schemas/stays';
import { Button } from '@/client/components/ui/button';
import { FormField, fieldAria } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useDisputeNoShow } from '../api/no-show';
import { formatStayInstant } from '../lib/stay-instant';

/**
 * A booking marked a no-show, for both sides' lists: when, and the renter's dispute. The renter
 * (`viewer="renter"`) who has not disputed it gets "Dispute" and a form for the reason. `onDisputed`
 * is told the booking as it now is.
 */
export function NoShowNotice({
  booking,
  viewer,
  onDisputed,
}: {
  booking: Booking;
  viewer: 'renter' | 'owner';
  onDisputed: (booking: Booking) => void;
}) {
  const [disputing, setDisputing] = useState(false);
  if (!booking.noShow) return null;
  const { markedAt, disputedAt, disputeReason } = booking.noShow;
  const at = (value: string) => formatStayInstant(value, booking.space?.timeZone);
  return (
    <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="no-show" role="note">
      <p>
        <strong>Marked a no-show</strong> {at(markedAt)}. No-shows are not refunded.
      </p>
      {disputedAt ? (
        <p data-testid="no-show-dispute">
          Disputed {at(disputedAt)}: {disputeReason}
        </p>
      ) : viewer === 'renter' && !disputing ? (
        <div>
          <Button size="sm" variant="outline" onClick={() => setDisputing(true)}>
            Dispute
          </Button>
        </div>
      ) : null}
      {viewer === 'renter' && !disputedAt && disputing ? (
        <DisputeForm bookingId={booking.id} onDisputed={onDisputed} onCancel={() => setDisputing(false)} />
      ) : null}
    </div>
  );
}

/** The renter's reason for disputing a no-show; the operators see it. */
function DisputeForm({
  bookingId,
  onDisputed,
  onCancel,
}: {
  bookingId: string;
  onDisputed: (booking: Booking) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<NoShowDisputeInput>({ resolver: zodResolver(noShowDisputeSchema), defaultValues: { reason: '' } });
  const dispute = useDisputeNoShow(onDisputed);
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit((input) =>
    dispute.mutate(
      { bookingId, input },
      {
        onSuccess: () => toast({ title: 'Dispute sent', description: 'Our team will look into it.' }),
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: 'Failed to send the dispute',
            description: (isApiError(failure, 400, 409) ? failure.serverMessage : undefined) ?? 'Please try again later.',
          }),
      },
    ),
  );
  return (
    <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <FormField id={`${id}-reason`} label="Why were you not a no-show?" error={error}>
        <Textarea {...fieldAria(`${id}-reason`, error)} rows={3} maxLength={NO_SHOW_DISPUTE_MAX_CHARS} {...form.register('reason')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={dispute.isPending}>
          {dispute.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Send dispute
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={dispute.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
