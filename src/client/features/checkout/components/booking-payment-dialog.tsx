import { parseISO, format } from 'date-fns';
import { CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { FIRST_BOOKING_FEE_NOTE } from '@/shared/cancellation';
import { formatUsd } from '@/shared/money';
import { agreementPreviewPath } from '@/shared/paper-links';
import { priceBreakdown } from '@/shared/price-breakdown';
import type { Occurrence } from '@/shared/recurrence';
import type { OccurrenceConflict, SeriesOccurrence } from '@/shared/schemas/booking-series';
import type { Space } from '@/shared/schemas/spaces';
import { DemoCardForm } from '@/client/components/payment/demo-card-form';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import type { ApiRequestError } from '@/client/lib/api-client';
import { centsOf } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { usePublicConfig } from '@/client/lib/public-config';
import { confirmDemoPayment } from '../api/confirm-demo-payment';
import type { BookingAttempt, BookingCheckout } from '../hooks/use-booking-checkout';

const StripeCardForm = lazy(() => import('@/client/components/payment/stripe-card-form'));

interface BookingPaymentDialogProps {
  space: Pick<Space, 'id' | 'title' | 'pricePeriod' | 'instantBook'>;
  /** The attempt being paid for (the dialog is keyed by its idempotency key, so card fields start empty each time). */
  attempt: BookingAttempt;
  /** The space page's checkout: open while on its 'payment' step. */
  checkout: BookingCheckout;
  /** The occurrences of a weekly series, and its refusal (the booking-series feature renders them); shown only for a series. */
  renderSeries?: (series: SeriesCheckout) => ReactNode;
}

/** A series at payment (docs/decisions/026-booking-series.md): what was asked for, what is held, and what the server refused. */
export interface SeriesCheckout {
  /** The occurrences the form previewed, earliest first. */
  requested: Occurrence[];
  /** Once held: the occurrences held, and those left out with "Book the free ones only". */
  held: SeriesOccurrence[] | null;
  skipped: OccurrenceConflict[];
  /** The server's refusal of the series (409, its `conflicts` name each occurrence that cannot be booked), until the renter chooses; null when none. */
  refusal: ApiRequestError | null;
  /** True while the series is being held. */
  busy: boolean;
  /** Holds the free occurrences only. */
  bookFreeOnly: () => void;
  /** Back to the form, to change the days or the repeat. */
  changeChoice: () => void;
}

/** Milliseconds left until `expiresAt` (ISO), ticking every second; null without an expiry. */
function useTimeLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, new Date(expiresAt).getTime() - now);
}

/** 754000 -> "12:34". */
function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function formatDetail(value: string): string {
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return value;
  return format(date, value.includes('T') ? 'MMM d, yyyy h:mm a' : 'MMM d, yyyy');
}

/**
 * Complete Payment (docs/product.md#pages, #behaviour): the amount summary, 'Proceed to
 * Payment' (creates the payment intent), then the card form of the configured
 * payments mode: our demo form, Stripe's Payment Element, or 'Payment Not Available'.
 */
export function BookingPaymentDialog({ space, attempt, checkout, renderSeries }: BookingPaymentDialogProps) {
  const config = usePublicConfig();
  const { intent, paidIntentId, finalizing } = checkout;
  const booking = attempt.request;

  const mode = config.data?.payments;
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const available = mode === 'demo' || (mode === 'stripe' && Boolean(publishableKey));

  const totalCents = intent ? (centsOf(intent.amount) ?? booking.totalCents) : booking.totalCents;
  const feeCents = intent ? (centsOf(intent.platformFeeAmount) ?? 0) : 0;
  // One breakdown at every step: the server's quote once it holds the dates, the form's (same rules) before.
  const breakdown = priceBreakdown({ period: space.pricePeriod, units: intent?.units ?? booking.units, totalCents });
  // The server's answer decides once there is one; before it, the listing's setting.
  const instantBook = intent ? intent.instantBook : space.instantBook;
  const holdLeft = useTimeLeft(intent && !paidIntentId ? intent.holdExpiresAt : null);
  const holdExpired = holdLeft === 0;
  // The summary opens on its next step, 'Proceed to Payment', rather than on its first control (Radix's default).
  // Until the payments settings have come, and the button with them, the dialog itself holds the focus.
  const proceed = useRef<HTMLButtonElement>(null);
  const focusProceed = (event: Event) => {
    event.preventDefault();
    const button = proceed.current;
    if (button && !button.disabled) button.focus();
    else if (event.target instanceof HTMLElement) event.target.focus();
  };
  useEffect(() => {
    const button = proceed.current;
    if (button && !button.disabled && document.activeElement === button.closest('[role="dialog"]')) button.focus();
  }, [config.isPending]);

  return (
    <Dialog open={checkout.step === 'payment'} onOpenChange={checkout.setPaymentOpen}>
      <DialogContent onOpenAutoFocus={focusProceed} onCloseAutoFocus={checkout.returnFocus}>
        <DialogHeader>
          <DialogTitle>Complete Payment</DialogTitle>
          <DialogDescription>
            {space.title}
            {instantBook ? null : ' · Request to Book'}
          </DialogDescription>
        </DialogHeader>

        {instantBook ? null : (
          <p className="rounded-lg border border-blue-200 bg-primary-soft p-3 text-sm text-blue-900" data-testid="request-to-book-note">
            This space needs the owner&apos;s approval. Your card is authorised now and only charged if the owner accepts within 48 hours.
          </p>
        )}

        <dl className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{booking.series ? 'First booking' : 'Dates'}</dt>
            <dd className="text-right text-slate-900">
              {/* A series held without its refused first occurrence starts with the first one held. */}
              {formatDetail(intent?.occurrences?.[0]?.startDate ?? booking.startDate)} –{' '}
              {formatDetail(intent?.occurrences?.[0]?.endDate ?? booking.endDate)}
            </dd>
          </div>
          <div className="flex justify-between gap-3" data-testid="price-space-line">
            <dt className="text-slate-600">{breakdown.space.label}</dt>
            <dd className="text-slate-900">{formatUsd(breakdown.space.cents)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold" data-testid="price-total">
            <dt>Total</dt>
            <dd>{formatUsd(breakdown.totalCents)}</dd>
          </div>
        </dl>
        <p className="-mt-2 text-xs text-slate-600" data-testid="platform-fee-note">
          {breakdown.feeNote}
        </p>
        {feeCents ? (
          <p className="-mt-2 text-xs text-slate-600" data-testid="first-booking-fee-note">
            {FIRST_BOOKING_FEE_NOTE}
          </p>
        ) : null}

        {booking.series && renderSeries
          ? renderSeries({
              requested: booking.series.occurrences,
              held: intent?.occurrences ?? null,
              skipped: intent?.skipped ?? [],
              refusal: checkout.refusal,
              busy: checkout.creatingIntent,
              bookFreeOnly: () => checkout.proceedToPayment(true),
              changeChoice: checkout.backToDetails,
            })
          : null}

        {holdLeft !== null && !holdExpired ? (
          <p className="-mt-2 flex items-center gap-1.5 text-xs text-slate-600" data-testid="hold-countdown">
            <Clock className="size-3.5" aria-hidden="true" />
            {/* The ticking minutes are hidden from screen readers; they hear the time once. */}
            <span aria-hidden="true">Dates held for you for {formatCountdown(holdLeft)}</span>
            <span className="sr-only">Dates held for you until {intent ? format(new Date(intent.holdExpiresAt), 'h:mm a') : ''}</span>
          </p>
        ) : null}

        {config.isPending ? (
          <Skeleton className="h-11" />
        ) : holdExpired ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>Your hold on these dates has expired. Choose Cancel and try again.</p>
          </div>
        ) : !available ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">Payment Not Available</p>
              <p>Payment processing is currently not available. Please contact support.</p>
            </div>
          </div>
        ) : paidIntentId && !finalizing ? (
          // Paid, but recording the booking failed: let the person try again without paying twice.
          <div className="grid gap-3">
            <p className="text-sm text-slate-700">Your payment went through, but the booking could not be confirmed yet.</p>
            <Button size="lg" onClick={checkout.confirmAgain}>
              Confirm booking
            </Button>
          </div>
        ) : intent ? (
          mode === 'stripe' && publishableKey ? (
            <Suspense fallback={<Skeleton className="h-48" />}>
              <StripeCardForm
                publishableKey={publishableKey}
                clientSecret={intent.clientSecret}
                amountCents={totalCents}
                returnUrl={new URL(paths.spacePaymentReturn(space.id), window.location.origin).href}
                busy={finalizing}
                submitLabel={instantBook ? undefined : `Request to Book · ${formatUsd(totalCents)}`}
                onSucceeded={checkout.paid}
                onPayingChange={checkout.setPaying}
              />
            </Suspense>
          ) : (
            <DemoCardForm
              clientSecret={intent.clientSecret}
              amountCents={totalCents}
              confirmPayment={confirmDemoPayment}
              busy={finalizing}
              submitLabel={instantBook ? undefined : `Request to Book · ${formatUsd(totalCents)}`}
              onSucceeded={checkout.paid}
              onPayingChange={checkout.setPaying}
            />
          )
        ) : null}

        {available && !paidIntentId ? (
          // The clickwrap (docs/decisions/027-receipts-and-agreements.md): 'Proceed to Payment' sends the version accepted.
          <p className="text-xs text-slate-600" data-testid="agreement-clickwrap">
            By booking you accept the{' '}
            <a
              href={agreementPreviewPath(space.id, booking, booking.series?.recurrence)}
              target="_blank"
              rel="noopener"
              className="font-medium text-primary underline underline-offset-2"
            >
              space-use agreement<span className="sr-only"> (PDF, opens in a new tab)</span>
            </a>{' '}
            with the owner for these dates: your own licence and insurance, patient records kept with you, the house rules and the
            cancellation policy.
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={checkout.backToDetails} disabled={finalizing}>
            Cancel
          </Button>
          {available && !intent && !checkout.refusal ? (
            <Button ref={proceed} onClick={() => checkout.proceedToPayment()} disabled={checkout.creatingIntent || config.isPending}>
              {checkout.creatingIntent ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Proceed to Payment
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
