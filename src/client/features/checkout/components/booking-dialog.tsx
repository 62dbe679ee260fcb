import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { PricingPeriod } from '@/shared/constants';
import { formatUsd } from '@/shared/money';
import { bookingDetailsSchema } from '@/shared/schemas/bookings';
import { type Space } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { centsOf, formatUnits, periodSuffix } from '@/client/lib/format';
import type { BookingCheckout } from '../hooks/use-booking-checkout';
import { defaultBookingRange, quoteBookingForm, todayIn } from '../lib/booking-quote';

type BookingFormInput = z.input<typeof bookingDetailsSchema>;
type BookingFormOutput = z.output<typeof bookingDetailsSchema>;

interface BookingDialogProps {
  space: Pick<Space, 'title' | 'pricePerDay' | 'pricePeriod' | 'timeZone' | 'instantBook'>;
  /** The space page's checkout: open while on its 'details' step; 'Continue to Payment' hands it the quoted details. */
  checkout: Pick<BookingCheckout, 'step' | 'setDetailsOpen' | 'continueToPayment' | 'returnFocus'>;
}

const INPUT_TYPE: Record<PricingPeriod, 'date' | 'datetime-local'> = {
  hourly: 'datetime-local',
  daily: 'date',
  monthly: 'date',
  session: 'datetime-local',
};

/**
 * Book Space (docs/product.md#pages, #behaviour, #validation): dates (or date and time for hourly
 * spaces), optional notes, a live total; 'Continue to Payment' checks the
 * range and hands the details on. The form keeps its values while closed, so
 * cancelling the payment comes back to them.
 */
export function BookingDialog({ space, checkout }: BookingDialogProps) {
  const form = useForm<BookingFormInput, unknown, BookingFormOutput>({
    resolver: zodResolver(bookingDetailsSchema),
    defaultValues: { ...defaultBookingRange(space.pricePeriod, space.timeZone), notes: '' },
  });
  const [startDate = '', endDate = ''] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const live = quoteBookingForm(space, startDate, endDate);
  const { errors } = form.formState;
  const inputType = INPUT_TYPE[space.pricePeriod];
  const min = space.pricePeriod === 'hourly' ? `${todayIn(space.timeZone)}T00:00` : todayIn(space.timeZone);
  const unitPrice = formatUsd(centsOf(space.pricePerDay) ?? 0, { compact: true });

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
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="booking-start" label="Start Date" error={errors.startDate?.message}>
              <Input
                type={inputType}
                min={min}
                {...fieldAria('booking-start', errors.startDate?.message)}
                {...form.register('startDate')}
              />
            </FormField>
            <FormField id="booking-end" label="End Date" error={errors.endDate?.message}>
              <Input type={inputType} min={min} {...fieldAria('booking-end', errors.endDate?.message)} {...form.register('endDate')} />
            </FormField>
          </div>
          <p className="-mt-2 text-xs text-slate-600">
            {space.pricePeriod === 'monthly'
              ? 'Monthly spaces are booked in whole months: choose an end date on the same day of a later month.'
              : space.pricePeriod === 'hourly'
                ? `Times are local to the space (${space.timeZone}). Each started hour is billed as a full hour.`
                : 'The end date is your check-out day and is not charged.'}
          </p>
          <FormField id="booking-notes" label="Additional Notes" error={errors.notes?.message}>
            <Textarea
              rows={3}
              placeholder="Anything the owner should know (optional)"
              {...fieldAria('booking-notes', errors.notes?.message)}
              {...form.register('notes')}
            />
          </FormField>

          <div className="rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
            {live.ok ? (
              <div className="flex items-center justify-between gap-3">
                <span className="text-slate-700">
                  {formatUnits(live.quote.units, space.pricePeriod)} × {unitPrice}
                  {periodSuffix(space.pricePeriod)}
                </span>
                <span className="text-base font-semibold text-slate-900">{formatUsd(live.quote.totalCents)}</span>
              </div>
            ) : (
              <p className="text-slate-600">{live.message}</p>
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
