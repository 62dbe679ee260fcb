import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@/shared/money';
import { bookingDetailsSchema } from '@/shared/schemas/bookings';
import { type Space } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { centsOf, formatUnits, periodSuffix } from '@/client/lib/format';
import type { BookingCheckout } from '../hooks/use-booking-checkout';
import { quoteBookingForm } from '../lib/booking-quote';

type BookingFormInput = z.input<typeof bookingDetailsSchema>;
type BookingFormOutput = z.output<typeof bookingDetailsSchema>;

interface BookingDialogProps {
  space: Pick<Space, 'title' | 'pricePerDay' | 'pricePeriod' | 'timeZone' | 'instantBook'>;
  /** The space page's checkout: open while on its 'details' step; 'Continue to Payment' hands it the quoted details. */
  checkout: Pick<BookingCheckout, 'step' | 'setDetailsOpen' | 'continueToPayment' | 'returnFocus'>;
  /**
   * Where the renter chooses when: the page hands in the space's availability calendar (the
   * schedules feature), which shows what is free and reports the chosen start and end.
   */
  renderTimes: (field: BookingTimesField) => ReactNode;
}

/** The booking's first occurrence as the form holds it: its start and end in the booking format, '' while not chosen. */
export interface BookingTimesField {
  value: { startDate: string; endDate: string };
  onChange: (value: { startDate: string; endDate: string }) => void;
}

const CHOOSE_TIMES = 'Choose when to book in the calendar above.';

/**
 * Book Space (docs/product.md#pages, #behaviour, #validation, #schedules): when to book, chosen
 * in the space's availability calendar (`renderTimes`), optional notes, a live total; 'Continue
 * to Payment' checks the range and hands the details on. The form keeps its values while closed,
 * so cancelling the payment comes back to them. The first occurrence (`startDate`, `endDate`) is
 * held in one place, the form's values, for what is chosen beside it (a weekly repeat).
 */
export function BookingDialog({ space, checkout, renderTimes }: BookingDialogProps) {
  const form = useForm<BookingFormInput, unknown, BookingFormOutput>({
    resolver: zodResolver(bookingDetailsSchema),
    defaultValues: { startDate: '', endDate: '', notes: '' },
  });
  const [startDate = '', endDate = ''] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const [tried, setTried] = useState(false);
  const chosen = Boolean(startDate && endDate);
  const live = chosen ? quoteBookingForm(space, startDate, endDate) : null;
  const { errors } = form.formState;
  const unitPrice = formatUsd(centsOf(space.pricePerDay) ?? 0, { compact: true });

  const setTimes = (value: { startDate: string; endDate: string }) => {
    form.setValue('startDate', value.startDate, { shouldDirty: true });
    form.setValue('endDate', value.endDate, { shouldDirty: true });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setTried(true);
    if (!chosen) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(onSubmit)(event);
  };

  const onSubmit = (values: BookingFormOutput) => {
    const result = quoteBookingForm(space, values.startDate, values.endDate);
    if (!result.ok) {
      toast({ variant: 'destructive', title: result.title, description: result.message });
      return;
    }
    checkout.continueToPayment({
      startDate: values.startDate,
      endDate: values.endDate,
      notes: values.notes ? values.notes : undefined,
      units: result.quote.units,
      totalCents: result.quote.totalCents,
    });
  };

  return (
    <Dialog open={checkout.step === 'details'} onOpenChange={checkout.setDetailsOpen}>
      <DialogContent onCloseAutoFocus={checkout.returnFocus}>
        <DialogHeader>
          <DialogTitle>{space.instantBook ? 'Book Space' : 'Request to Book'}</DialogTitle>
          <DialogDescription>{space.title}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          {renderTimes({ value: { startDate, endDate }, onChange: setTimes })}
          {tried && !chosen ? (
            <p role="alert" className="-mt-2 text-sm text-red-700">
              {CHOOSE_TIMES}
            </p>
          ) : null}
          <FormField id="booking-notes" label="Additional Notes" error={errors.notes?.message}>
            <Textarea
              rows={3}
              placeholder="Anything the owner should know (optional)"
              {...fieldAria('booking-notes', errors.notes?.message)}
              {...form.register('notes')}
            />
          </FormField>

          <div className="rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
            {live?.ok ? (
              <div className="flex items-center justify-between gap-3">
                <span className="text-slate-700">
                  {formatUnits(live.quote.units, space.pricePeriod)} × {unitPrice}
                  {periodSuffix(space.pricePeriod)}
                </span>
                <span className="text-base font-semibold text-slate-900">{formatUsd(live.quote.totalCents)}</span>
              </div>
            ) : (
              <p className="text-slate-600">{live ? live.message : CHOOSE_TIMES}</p>
            )}
          </div>

          <DialogFooter>
            <Button variant="outline" onClick={() => checkout.setDetailsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Continue to Payment</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
