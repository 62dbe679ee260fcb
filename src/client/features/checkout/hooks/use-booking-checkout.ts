import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { AGREEMENT_VERSION } from '@/shared/constants';
import { fromCents } from '@/shared/money';
import type { Occurrence } from '@/shared/recurrence';
import type { CheckoutAnswer, CheckoutRecurrence } from '@/shared/schemas/booking-series';
import type { Booking } from '@/shared/schemas/bookings';
import { toast } from '@/client/lib/use-toast';
import { type ApiRequestError, isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';
import { randomId } from '@/client/lib/random-id';
import { ARRIVAL_FOCUS, focusOnArrival } from '@/client/lib/route-focus';
import { useCreateBooking } from '../api/create-booking';
import { useCreateBookingPaymentIntent } from '../api/create-booking-payment-intent';
import { releaseBookingHold } from '../api/release-booking-hold';

/**
 * What the booking form hands on to payment: the details and the form's quote of them (`units` of
 * the listing's period, `totalCents` without the first-booking fee). The server quotes again.
 */
export interface BookingRequest {
  startDate: string;
  endDate: string;
  notes?: string;
  units: number;
  totalCents: number;
  /**
   * A weekly repeat of these details (docs/decisions/026-booking-series.md): the `recurrence` sent
   * and the occurrences the form previewed; `units` and `totalCents` are then the whole series'.
   */
  series?: { recurrence: CheckoutRecurrence; occurrences: Occurrence[] };
}

/** One booking attempt: the details from the form and its idempotency key (a new one per attempt). */
export interface BookingAttempt {
  request: BookingRequest;
  idempotencyKey: string;
}

/** Which dialog of the checkout is open: none, the booking form ('details') or payment. */
export type CheckoutStep = 'closed' | 'details' | 'payment';

export interface UseBookingCheckoutOptions {
  spaceId: string;
  /** The signed-in renter; without one, nothing is held or booked. */
  userId: string | undefined;
  /** A booking was recorded (before the page moves to its confirmation): refresh what lists it. */
  onBooked?: (booking: Booking) => void;
  /** The server refused to hold the dates (400 outside the schedule, 409 taken): refresh what shows them free. */
  onHoldRefused?: () => void;
}

/**
 * Booking a space from its page, one step after the other:
 *
 * 1. quote: `start(opener)` opens the booking form, which quotes the dates by the booking rules and
 *    hands them to `continueToPayment` (a new attempt, with its own idempotency key);
 * 2. hold: `proceedToPayment()` asks the server for the payment intent, which holds the dates for
 *    15 minutes and returns the amount and the platform fee (docs/decisions/005-bookings-as-holds.md);
 *    the request accepts the space-use agreement shown beside the button (`agreementVersion`,
 *    docs/decisions/027-receipts-and-agreements.md);
 * 3. pay: the card form pays the intent and calls `paid(paymentIntentId)` (`setPaying` while it is
 *    being submitted);
 * 4. confirm: the booking is recorded (the server verifies the payment), then the page moves to
 *    its confirmation (`/space/:id?payment_success=true&booking=...`, focused) with a toast; when recording
 *    fails after the payment went through, `confirmAgain()` tries again without paying twice.
 *
 * Closing the payment dialog (its X, Escape) or going back to the form ('Cancel') gives up the
 * hold, at most once per attempt and never once a payment is under way or done; fire and forget, a
 * release that fails leaves the hold to lapse on its own. When checkout closes, `returnFocus`
 * (each dialog's `onCloseAutoFocus`) puts focus back on the control that started it.
 */
export function useBookingCheckout({ spaceId, userId, onBooked, onHoldRefused }: UseBookingCheckoutOptions) {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<CheckoutStep>('closed');
  const [attempt, setAttempt] = useState<BookingAttempt | null>(null);
  const [intent, setIntent] = useState<CheckoutAnswer | null>(null);
  // A series refused with 409: every occurrence that cannot be booked, until the renter chooses.
  // A series refused with 409, whose answer lists the occurrences that cannot be booked (read where they are shown).
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);
  const [paidIntentId, setPaidIntentId] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // Bumped after a booking, so that the next one starts from a fresh form.
  const [formKey, setFormKey] = useState(0);
  // Read when a dialog has closed (after React's update), so kept beside the state.
  const currentStep = useRef<CheckoutStep>('closed');
  const opener = useRef<HTMLElement | null>(null);
  const released = useRef(false);
  const createIntent = useCreateBookingPaymentIntent();
  const createBooking = useCreateBooking();
  const finalizing = createBooking.isPending;

  const go = (next: CheckoutStep) => {
    currentStep.current = next;
    setStep(next);
  };

  const releaseHold = () => {
    if (!intent || paying || paidIntentId || finalizing || released.current) return;
    released.current = true;
    releaseBookingHold(intent.bookingId).catch(() => undefined);
  };

  const record = (paymentIntentId: string, paidIntent: CheckoutAnswer) => {
    if (!attempt || !userId) return;
    const request = !paidIntent.instantBook;
    if (!request) toast({ title: 'Payment Successful!', description: 'Your booking has been confirmed.' });
    // A series is recorded by its first held occurrence (the asked-for first one may have been skipped).
    const first = paidIntent.occurrences?.[0] ?? attempt.request;
    createBooking.mutate(
      {
        spaceId,
        renterId: userId,
        startDate: first.startDate,
        endDate: first.endDate,
        totalPrice: paidIntent.amount,
        // The server decides the status from the verified payment; this says what the renter expects.
        status: request ? 'pending' : 'confirmed',
        notes: attempt.request.notes,
        paymentIntentId,
      },
      {
        onSuccess: (booking) => {
          onBooked?.(booking);
          go('closed');
          setFormKey((key) => key + 1);
          // Focus goes to the confirmation (src/client/components/layout/route-focus.tsx).
          navigate(paths.spacePaymentReturn(spaceId, booking.id), {
            replace: true,
            state: focusOnArrival(ARRIVAL_FOCUS.bookingConfirmation),
          });
          // Last, so it is the toast left showing (one at a time).
          if (request) {
            toast({ title: 'Request sent!', description: 'The owner has 48 hours to accept; your card is only charged if they do.' });
          } else {
            toast({ title: 'Booking confirmed!', description: 'Your payment was successful.' });
          }
        },
        onError: (error) => {
          const serverMessage = isApiError(error, 409) ? error.serverMessage : undefined;
          toast({ variant: 'destructive', title: 'Booking failed', description: serverMessage ?? 'Please try again later.' });
        },
      },
    );
  };

  return {
    step,
    /** The attempt being paid for, kept while the form is open again after 'Cancel'; null before the first. */
    attempt,
    /** The server's payment intent (and hold) for this attempt, once asked for. */
    intent,
    /** Set once the card payment went through. */
    paidIntentId,
    /** True while the payment intent is being created. */
    creatingIntent: createIntent.isPending,
    /** A series refused with 409 (its answer's `conflicts` say which occurrences cannot be booked and why); null otherwise. */
    refusal,
    /** True while the paid booking is being recorded. */
    finalizing,
    /** Key for the booking form: a new one after each booking. */
    formKey,

    /** Opens the booking form; `openedBy` (the button pressed) gets focus back when checkout closes. */
    start(openedBy: HTMLElement | null) {
      opener.current = openedBy;
      go('details');
    },
    /** The booking form's open state (its X, Escape and 'Cancel' close checkout). */
    setDetailsOpen(open: boolean) {
      go(open ? 'details' : 'closed');
    },
    /** Step 1 done: a new attempt for these details, on to payment. */
    continueToPayment(request: BookingRequest) {
      setAttempt({ request, idempotencyKey: randomId() });
      setIntent(null);
      setRefusal(null);
      setPaidIntentId(null);
      setPaying(false);
      released.current = false;
      createIntent.reset();
      go('payment');
    },
    /**
     * 'Proceed to Payment': holds the dates (every occurrence of a series) and gets the amount to
     * pay; a toast says why when the server refuses, or, for a series, `refusal` keeps the 409 that
     * names each occurrence that cannot be booked. With `skipConflicts` ('Book the free ones only'),
     * the series is held without the occurrences that cannot be booked.
     */
    proceedToPayment(skipConflicts = false) {
      if (!attempt || !userId) return;
      const { request, idempotencyKey } = attempt;
      setRefusal(null);
      createIntent.mutate(
        {
          spaceId,
          userId,
          // A series' amount is the server's to say (some occurrences may be skipped); a single booking's is checked.
          amount: request.series ? undefined : fromCents(request.totalCents),
          bookingDetails: { startDate: request.startDate, endDate: request.endDate, notes: request.notes },
          idempotencyKey,
          // Left out of the JSON when undefined.
          recurrence: request.series?.recurrence,
          skipConflicts: skipConflicts || undefined,
          // The clickwrap beside this step's button: proceeding accepts the space-use agreement of this version.
          agreementVersion: AGREEMENT_VERSION,
        },
        {
          onSuccess: setIntent,
          onError: (error) => {
            const serverMessage = isApiError(error, 400, 409) ? error.serverMessage : undefined;
            if (serverMessage) onHoldRefused?.();
            if (request.series && isApiError(error, 409)) return setRefusal(error);
            toast({
              variant: 'destructive',
              title: 'Error',
              description: serverMessage ?? 'Failed to initialize payment. Please try again.',
            });
          },
        },
      );
    },
    /** The card form is submitting a payment (true) or has its answer (false): no release meanwhile. */
    setPaying,
    /** The card payment went through: records the booking. */
    paid(paymentIntentId: string) {
      if (!intent) return;
      setPaidIntentId(paymentIntentId);
      record(paymentIntentId, intent);
    },
    /** 'Confirm booking': records a paid booking again after recording it failed. */
    confirmAgain() {
      if (intent && paidIntentId) record(paidIntentId, intent);
    },
    /** The payment dialog's open state: closing it (X, Escape) gives up the hold and ends checkout. */
    setPaymentOpen(open: boolean) {
      if (!open) releaseHold();
      go(open ? 'payment' : 'closed');
    },
    /** 'Cancel' in the payment dialog: gives up the hold and goes back to the form, which kept its values. */
    backToDetails() {
      releaseHold();
      go('details');
    },
    /**
     * For each dialog's `onCloseAutoFocus`: once checkout has closed, focus goes back to the button
     * that started it (Radix only does so for its own Dialog.Trigger). Moving between the form and
     * payment, the dialog that opens takes focus instead.
     */
    returnFocus(event: Event) {
      event.preventDefault();
      if (currentStep.current !== 'closed') return;
      const target = opener.current;
      if (target?.isConnected) target.focus();
    },
  };
}

/** What `useBookingCheckout` returns: the state of the checkout and its steps, for the space page and the two dialogs. */
export type BookingCheckout = ReturnType<typeof useBookingCheckout>;
