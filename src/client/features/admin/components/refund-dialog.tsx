import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd, toCents } from '@/shared/money';
import { MODERATION_REASON_MAX } from '@/shared/schemas/admin';
import { adminRefundSchema, type AdminBooking } from '@/shared/schemas/admin-bookings';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, FormField, fieldAria } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useRefundBooking } from '../api/refund-booking';

type RefundFormValues = z.input<typeof adminRefundSchema>;
type RefundFormOutput = z.output<typeof adminRefundSchema>;

/**
 * The Refund dialog (docs/product.md#the-console): the amount, prefilled with what is left to refund,
 * and the reason the renter is sent, validated with the API's own schema; a second step confirms.
 * One dialog is one request (its `Idempotency-Key`), so a double click or a retry refunds once.
 */
export function RefundDialog({ booking, onClose }: { booking: AdminBooking; onClose: () => void }) {
  const id = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<RefundFormOutput | null>(null);
  const refund = useRefundBooking();
  const form = useForm<RefundFormValues, unknown, RefundFormOutput>({
    resolver: zodResolver(adminRefundSchema),
    defaultValues: { amount: booking.refundable, reason: '' },
  });
  const { errors } = form.formState;
  const full = confirming ? toCents(confirming.amount) >= toCents(booking.refundable) : false;
  const serverError = refund.error
    ? (isApiError(refund.error) && refund.error.serverMessage) || 'The refund failed. Please try again later.'
    : undefined;

  const submit = form.handleSubmit((values) => {
    if (toCents(values.amount) > toCents(booking.refundable)) {
      form.setError('amount', { message: `The most that can be refunded is ${formatUsd(toCents(booking.refundable))}.` });
      return;
    }
    setConfirming(values);
  });
  const confirm = () => {
    if (!confirming) return;
    refund.mutate(
      { id: booking.id, idempotencyKey, ...confirming },
      {
        onSuccess: () => {
          toast({ title: `${formatUsd(toCents(confirming.amount))} refunded` });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !refund.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{confirming ? 'Confirm the refund' : 'Refund this booking'}</DialogTitle>
          <DialogDescription>
            {confirming
              ? `Refund ${formatUsd(toCents(confirming.amount))} to ${booking.renter.name}'s card${full ? ' and cancel the booking' : ''}? This cannot be undone.`
              : `Up to ${formatUsd(toCents(booking.refundable))} can be refunded. Refunding all of it cancels the booking. The renter is told the reason.`}
          </DialogDescription>
        </DialogHeader>
        {confirming ? (
          <div className="grid gap-4">
            <FieldError message={serverError} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={refund.isPending}>
                Back
              </Button>
              <Button variant="destructive" onClick={confirm} disabled={refund.isPending} autoFocus>
                {refund.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Refund {formatUsd(toCents(confirming.amount))}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit(event);
            }}
          >
            <FormField id={`${id}-amount`} label="Amount (USD)" error={errors.amount?.message}>
              <Input inputMode="decimal" {...fieldAria(`${id}-amount`, errors.amount?.message)} {...form.register('amount')} />
            </FormField>
            <FormField
              id={`${id}-reason`}
              label="Reason (sent to the renter)"
              error={errors.reason?.message}
              hint={`Up to ${MODERATION_REASON_MAX} characters.`}
            >
              <Textarea
                rows={3}
                maxLength={MODERATION_REASON_MAX}
                {...fieldAria(`${id}-reason`, errors.reason?.message, true)}
                {...form.register('reason')}
              />
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
