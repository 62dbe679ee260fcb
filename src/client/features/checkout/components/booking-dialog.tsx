import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@/shared/money';
import type { Occurrence } from '@/shared/recurrence';
import type { CheckoutRecurrence } from '@/shared/schemas/booking-series';
import { bookingDetailsSchema } from '@/shared/schemas/bookings';
import { type Space } from '@/shared/schemas/spaces';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/lib/use-toast';
import { centsOf, formatUnits, periodSuffix } from '@/client/lib/format';
import type { BookingCheckout } from '../hooks/use-booking-checkout';
import { quoteBookingForm } from '../lib/booking-quote';

type BookingFormInput = z.input<typeof bookingDetailsSchema>;
type BookingFormOutput = z.output<typeof bookingDetailsSchema>;

interface BookingDialogProps<V extends BookingRepeatValue> {
  space: Pick<Space, 'title' | 'pricePerDay' | 'pricePeriod' | 'timeZone' | 'instantBook'>;
  /** The space page's checkout: open while on its 'details' step; 'Continue to Payment' hands it the quoted details. */
  checkout: Pick<BookingCheckout, 'step' | 'setDetailsOpen' | 'continueToPayment' | 'returnFocus'>;
  /**
   * Where the renter chooses when: the page hands in the space's availability calendar (the
   * schedules feature), which shows what is free and reports the chosen start and end.
   */
  renderTimes: (field: BookingTimesField) => ReactNode;
  /**
   * "Repeat weekly" beside the chosen first occurrence (the booking-series feature's fields; none
   * for monthly spaces). Their value is kept here, so it survives the payment step and comes back.
   */
  renderRepeat?: (field: BookingRepeatField<V>) => ReactNode;
  /** A note above the form that does not block booking (the space page's licence-state warning). */
  notice?: ReactNode;
}

/** A weekly repeat of the first occurrence: its recurrence and every occurrence it books, or why it cannot be asked for. */
export type BookingRepeat = { ok: true; recurrence: CheckoutRecurrence; occurrences: Occurrence[] } | { ok: false; message: string };

/** What the repeat fields hand up: their own choice, and how it repeats a first occurrence (null: not repeating). */
export interface BookingRepeatValue {
  repeat: (first: Occurrence) => BookingRepeat | null;
}

/** The repeat fields' part of the form: the chosen first occurrence, and their value (null until first changed). */
export interface BookingRepeatField<V extends BookingRepeatValue> {
  first: Occurrence;
  value: V | null;
  onChange: (value: V) => void;
}

/** The booking's first occurrence as the form holds it: its start and end in the booking format, '' while not chosen. */
export interface BookingTimesField {
  value: { startDate: string; endDate: string };
  onChange: (value: { startDate: string; endDate: string }) => void;
  /** Always true: the dialog opens on the calendar, which takes the focus once its days have loaded. */
  autoFocus: boolean;
}

const CHOOSE_TIMES = 'Choose when to book in the calendar above.';

/**
 * The dialog's `onOpenAutoFocus`: while the calendar loads, the dialog itself holds the focus (Radix
 * would give it to the first control, Additional Notes), and the calendar then takes it (`autoFocus`).
 * A calendar shown at once has taken it already, and Radix does not call this.
 */
function holdFocus(event: Event) {
  event.preventDefault();
  if (event.target instanceof HTMLElement) event.target.focus();
}

/**
 * Book Space (docs/product.md#pages, #behaviour, #validation, #schedules): when to book, chosen
 * in the space's availability calendar (`renderTimes`), optional notes, a live total; 'Continue
 * to Payment' checks the range and hands the details on. The form keeps its values while closed,
 * so cancelling the payment comes back to them. The first occurrence (`startDate`, `endDate`) is
 * held in one place, the form's values, for what is chosen beside it: a weekly repeat
 * (`renderRepeat`, docs/decisions/026-booking-series.md), whose occurrences multiply the total and
 * go on to payment with its `recurrence`.
 */
export function BookingDialog<V extends BookingRepeatValue>({ space, checkout, renderTimes, renderRepeat, notice }: BookingDialogProps<V>) {
  const form = useForm<BookingFormInput, unknown, BookingFormOutput>({
    resolver: zodResolver(bookingDetailsSchema),
    defaultValues: { startDate: '', endDate: '', notes: '' },
  });
  const [startDate = '', endDate = ''] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const [tried, setTried] = useState(false);
  const chosen = Boolean(startDate && endDate);
  const live = chosen ? quoteBookingForm(space, startDate, endDate) : null;
  const [repeatValue, setRepeatValue] = useState<V | null>(null);
  const repeat = chosen && renderRepeat && repeatValue ? repeatValue.repeat({ startDate, endDate }) : null;
  const repeats = repeat?.ok ? repeat.occurrences.length : 1;
  const { errors } = form.formState;
  const unitPrice = formatUsd(centsOf(space.pricePerDay) ?? 0, { compact: true });

  const setTimes = (value: { startDate: string; endDate: string }) => {
    form.setValue('startDate', value.startDate, { shouldDirty: true });
    form.setValue('endDate', value.endDate, { shouldDirty: true });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setTried(true);
    if (!chosen || (repeat && !repeat.ok)) {
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
    // Every occurrence repeats the first one's times, so each costs what it costs (the server quotes the series again).
    checkout.continueToPayment({
      startDate: values.startDate,
      endDate: values.endDate,
      notes: values.notes ? values.notes : undefined,
      units: result.quote.units * repeats,
      totalCents: result.quote.totalCents * repeats,
      series: repeat?.ok ? { recurrence: repeat.recurrence, occurrences: repeat.occurrences } : undefined,
    });
  };

  return (
    <Dialog open={checkout.step === 'details'} onOpenChange={checkout.setDetailsOpen}>
      <DialogContent onOpenAutoFocus={holdFocus} onCloseAutoFocus={checkout.returnFocus}>
        <DialogHeader>
          <DialogTitle>{space.instantBook ? 'Book Space' : 'Request to Book'}</DialogTitle>
          <DialogDescription>{space.title}</DialogDescription>
        </DialogHeader>
        {notice}
        <form noValidate className="grid gap-4" onSubmit={submit}>
          {renderTimes({ value: { startDate, endDate }, onChange: setTimes, autoFocus: true })}
          {tried && !chosen ? (
            <p role="alert" className="-mt-2 text-sm text-red-700">
              {CHOOSE_TIMES}
            </p>
          ) : null}
          {chosen && renderRepeat ? renderRepeat({ first: { startDate, endDate }, value: repeatValue, onChange: setRepeatValue }) : null}
          {tried && repeat && !repeat.ok ? (
            <p role="alert" className="-mt-2 text-sm text-red-700">
              {repeat.message}
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
                  {repeats > 1 ? `${repeats} bookings × ` : null}
                  {formatUnits(live.quote.units, space.pricePeriod)} × {unitPrice}
                  {periodSuffix(space.pricePeriod)}
                </span>
                <span className="text-base font-semibold text-slate-900" data-testid="booking-total">
                  {formatUsd(live.quote.totalCents * repeats)}
                </span>
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
