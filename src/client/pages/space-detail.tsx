import { ArrowLeft, CircleAlert, MessageSquare, SearchX } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, lazy, type MouseEvent, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LISTING_GONE_MESSAGE, type SpaceDetail as SpaceDetailData } from '@/shared/schemas/spaces';
import { PageMeta } from '@/client/components/page-meta';
import { WhenNearViewport } from '@/client/components/when-near-viewport';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/lib/use-toast';
import { getUserBookingsQueryOptions } from '@/client/features/bookings/api/get-user-bookings';
import type { RepeatWeeklyValue } from '@/client/features/booking-series/components/repeat-weekly-fields';
import type { BookingRepeatField } from '@/client/features/checkout/components/booking-dialog';
import { useBookingCheckout } from '@/client/features/checkout/hooks/use-booking-checkout';
import { spaceAvailabilityQueryKey } from '@/client/features/schedules/api/get-space-availability';
import { useSpace } from '@/client/features/spaces/api/get-space';
import { SpaceGallery } from '@/client/features/spaces/components/space-gallery';
import { SpaceLocation } from '@/client/features/spaces/components/space-location';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { SpacePriceCard, SpaceSections, SpaceSummary } from '@/client/features/spaces/components/space-details';
import { isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { formatAmount, periodSuffix } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { returnPathOf } from '@/client/lib/return-path';
import { useSignIn } from '@/client/lib/sign-in';

// The booking, payment and message dialogs (forms, dates, card fields) load when first opened.
const LazyBookingDialog = lazy(() =>
  // The dialog keeps the repeat fields' value, whose type they say.
  import('@/client/features/checkout/components/booking-dialog').then((module) => ({ default: module.BookingDialog<RepeatWeeklyValue> })),
);

/**
 * The booking form, mounted (and its code and calendar loaded) when checkout first opens it rather
 * than with the page; it then stays mounted, so that it closes as it opened.
 */
function BookingDialog(props: ComponentProps<typeof LazyBookingDialog>) {
  const [opened, setOpened] = useState(false);
  if (props.checkout.step !== 'closed' && !opened) setOpened(true);
  return opened ? <LazyBookingDialog {...props} /> : null;
}
const BookingPaymentDialog = lazy(() =>
  import('@/client/features/checkout/components/booking-payment-dialog').then((module) => ({ default: module.BookingPaymentDialog })),
);
// A weekly series (docs/decisions/026-booking-series.md): its fields and its part of payment.
const RepeatWeeklyFields = lazy(() =>
  import('@/client/features/booking-series/components/repeat-weekly-fields').then((module) => ({ default: module.RepeatWeeklyFields })),
);
const SeriesCheckoutPanel = lazy(() =>
  import('@/client/features/booking-series/components/series-checkout-panel').then((module) => ({ default: module.SeriesCheckoutPanel })),
);
// The confirmation after paying, with a series' bookings.
const SpacePaymentConfirmation = lazy(() =>
  import('./space-detail-confirmation').then((module) => ({ default: module.SpacePaymentConfirmation })),
);
const BookingTimesPicker = lazy(() =>
  import('@/client/features/schedules/components/booking-times-picker').then((module) => ({ default: module.BookingTimesPicker })),
);
// Last in the page, below the map: loaded when scrolled near (WhenNearViewport), it moves nothing on
// screen, and the page's first load stays within its budget (docs/decisions/007-a-light-first-page.md).
const SpaceSchedule = lazy(() =>
  import('@/client/features/spaces/components/space-schedule').then((module) => ({ default: module.SpaceSchedule })),
);
// The Report buttons (the listing's and each review's) load after the page's first paint.
const ReportButton = lazy(() => import('@/client/features/reports/components/report-button'));
// Reviews (the first page of them; "Show more reviews" fetches the rest) load when scrolled near.
const SpaceReviews = lazy(() =>
  import('@/client/features/reviews/components/space-reviews').then((module) => ({ default: module.SpaceReviews })),
);
// The warning, for a signed-in renter, when they hold no verified licence in the space's state.
const LicenceStateWarning = lazy(() =>
  import('@/client/components/licence-state-warning').then((module) => ({ default: module.LicenceStateWarning })),
);
// What a listing that requires proof of insurance says up front, with the renter's certificate.
const SpaceInsuranceNotice = lazy(() => import('./space-detail-insurance').then((module) => ({ default: module.SpaceInsuranceNotice })));
const MessageOwnerDialog = lazy(() =>
  import('@/client/features/messages/components/message-owner-dialog').then((module) => ({ default: module.MessageOwnerDialog })),
);

/** /spaces/:id, and /space/:id where payments return (docs/product.md#pages). */
export function SpaceDetailPage({ params }: { params: { id: string } }) {
  const space = useSpace(params.id);

  if (space.isPending) return <SpaceDetailSkeleton />;
  if (space.isError) {
    if (isApiError(space.error, 410)) return <SpaceGone />;
    return isApiError(space.error, 404, 400) ? <SpaceNotFound /> : <SpaceLoadError />;
  }
  return <SpaceDetail space={space.data} />;
}

/**
 * Back to the search the person came from, filters included: result cards
 * put their search in the history entry's state (`from`), which survives a
 * reload; without one it is a fresh search.
 */
function BackToSearch() {
  const from: unknown = (window.history.state as { from?: unknown } | null)?.from;
  const href = typeof from === 'string' && /^\/search(\?|$)/.test(from) ? from : paths.search();
  return (
    <Link href={href} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Search
    </Link>
  );
}

function SpaceDetail({ space }: { space: SpaceDetailData }) {
  const { user } = useAuth();
  const search = useSearch();
  const [location] = useLocation();
  const signIn = useSignIn();
  const returned = new URLSearchParams(search);
  const paymentSuccess = returned.get('payment_success') === 'true';
  const [messageOpen, setMessageOpen] = useState(false);
  const queryClient = useQueryClient();
  const refreshAvailability = () => void queryClient.invalidateQueries({ queryKey: spaceAvailabilityQueryKey(space.id) });
  const checkout = useBookingCheckout({
    spaceId: space.id,
    userId: user?.id,
    // The confirmation below reads the renter's bookings: the new one must be in them; the calendar no longer offers its time.
    onBooked: (booking) => {
      void queryClient.invalidateQueries({ queryKey: getUserBookingsQueryOptions(booking.renterId).queryKey });
      refreshAvailability();
    },
    onHoldRefused: refreshAvailability,
  });
  const isOwner = user?.id === space.ownerId;
  const licenceWarning =
    user && !isOwner ? (
      <Suspense fallback={null}>
        <LicenceStateWarning renter={user} state={space.state} />
      </Suspense>
    ) : null;

  /**
   * A button's click handler that opens what it is for (told which button opened it), or, for a
   * signed-out visitor, says why (the specification's toast) and opens the Log in dialog at once: the
   * login or sign-up comes back to this page and opens what was asked for (docs/product.md#signed-out-visits).
   */
  const requireLogin = (description: string, open: (opener: HTMLElement) => void) => (event: MouseEvent<HTMLElement>) => {
    const opener = event.currentTarget;
    if (!user) {
      toast({ variant: 'destructive', title: 'Login required', description });
      signIn('login', opener, { returnTo: returnPathOf(location, search), then: () => open(opener) });
      return;
    }
    open(opener);
  };
  const startBooking = requireLogin('Please log in to book a space.', checkout.start);
  const messageOwner = requireLogin('Please log in to send a message.', () => setMessageOpen(true));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 max-lg:pb-24 sm:px-6 lg:px-8">
      <PageMeta title={`${space.title} | ClinicShare`} description={space.description} />
      <BackToSearch />

      {paymentSuccess ? (
        <Suspense fallback={null}>
          <SpacePaymentConfirmation space={space} userId={user?.id} bookingId={returned.get('booking')} />
        </Suspense>
      ) : null}

      {space.active ? null : (
        <div role="status" className="mt-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>This space is no longer listed. It cannot be booked; past bookings keep their details here.</p>
        </div>
      )}

      <div className="mt-4">
        <SpaceGallery images={space.images} title={space.title} />
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <SpaceSummary
            space={space}
            action={user ? <FavoriteButton userId={user.id} spaceId={space.id} spaceTitle={space.title} /> : undefined}
          />
          <SpaceSections space={space} />
          <section className="grid gap-3 border-t border-slate-200 pt-6">
            <h2 className="text-xl font-semibold text-slate-900">Location</h2>
            <SpaceLocation space={space} />
          </section>
          <WhenNearViewport testId="space-schedule-placeholder">
            <Suspense fallback={null}>
              <SpaceSchedule space={space} today={new Date().toLocaleDateString('en-CA', { timeZone: space.timeZone })} />
            </Suspense>
          </WhenNearViewport>
          <WhenNearViewport testId="space-reviews-placeholder" placeholderClassName="min-h-24">
            <Suspense fallback={null}>
              <SpaceReviews
                spaceId={space.id}
                isOwner={isOwner}
                reviewActions={
                  user
                    ? (review) => (
                        <Suspense fallback={null}>
                          <ReportButton targetType="review" targetId={review.id} />
                        </Suspense>
                      )
                    : undefined
                }
              />
            </Suspense>
          </WhenNearViewport>
        </div>

        <SpacePriceCard space={space}>
          {!space.active ? (
            <p className="text-sm text-slate-600">No longer listed.</p>
          ) : isOwner ? (
            <>
              <p className="text-sm text-slate-600">This is your listing.</p>
              <Button asChild variant="outline">
                <Link href={paths.editSpace(space.id)}>Edit Space</Link>
              </Button>
            </>
          ) : (
            <>
              {space.requiresInsurance ? (
                <Suspense fallback={<Skeleton className="h-16 w-full" />}>
                  <SpaceInsuranceNotice space={space} renterId={user?.id} />
                </Suspense>
              ) : null}
              {licenceWarning}
              <Button size="lg" onClick={startBooking}>
                {space.instantBook ? 'Book Space' : 'Request to Book'}
              </Button>
              {space.instantBook ? null : (
                <p className="text-xs text-slate-600">The owner approves each request. Your card is only charged if they accept.</p>
              )}
              <Button variant="outline" size="lg" onClick={messageOwner}>
                <MessageSquare aria-hidden="true" />
                Message Owner
              </Button>
              {user ? (
                <Suspense fallback={null}>
                  <ReportButton targetType="space" targetId={space.id} />
                </Suspense>
              ) : null}
            </>
          )}
        </SpacePriceCard>
      </div>

      {space.active && !isOwner ? (
        // On a phone the price and Book Space stay at the bottom of the screen.
        <div
          data-testid="mobile-book-bar"
          className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
        >
          <p className="text-slate-900">
            <span className="text-xl font-bold">{formatAmount(space.pricePerDay)}</span>
            <span className="text-sm text-slate-600">{periodSuffix(space.pricePeriod)}</span>
          </p>
          <Button onClick={startBooking}>Book Space</Button>
        </div>
      ) : null}

      {user && !isOwner && space.active ? (
        <Suspense fallback={null}>
          <BookingDialog
            key={`${space.id}-${checkout.formKey}`}
            space={space}
            checkout={checkout}
            notice={licenceWarning}
            renderTimes={(field) => (
              <Suspense fallback={<p className="text-sm text-slate-600">Loading the calendar…</p>}>
                <BookingTimesPicker space={space} {...field} />
              </Suspense>
            )}
            renderRepeat={(field: BookingRepeatField<RepeatWeeklyValue>) => (
              <Suspense fallback={null}>
                <RepeatWeeklyFields period={space.pricePeriod} standing={space.standingBookings ?? null} {...field} />
              </Suspense>
            )}
          />
          {checkout.attempt ? (
            <BookingPaymentDialog
              key={checkout.attempt.idempotencyKey}
              space={space}
              attempt={checkout.attempt}
              checkout={checkout}
              renderSeries={(series) => (
                <Suspense fallback={null}>
                  <SeriesCheckoutPanel calendar={{ period: space.pricePeriod, schedule: space.schedule }} {...series} />
                </Suspense>
              )}
            />
          ) : null}
          {messageOpen ? <MessageOwnerDialog open={messageOpen} onOpenChange={setMessageOpen} userId={user.id} space={space} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}

function SpaceDetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8" aria-busy="true" aria-label="Loading space">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-4 aspect-[16/10] rounded-xl sm:aspect-[16/8]" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid gap-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-32" />
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

function SpaceNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title="Space Not Found | ClinicShare" />
      <SearchX className="mx-auto size-12 text-slate-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Space Not Found</h1>
      <p className="mt-2 text-slate-600">This space may have been removed or the link is incorrect.</p>
      <Button asChild className="mt-6">
        <Link href={paths.search()}>Back to Search</Link>
      </Button>
    </div>
  );
}

/** A listing an operator took down, or whose owner is suspended: the API's 410 (docs/decisions/029-operators-and-the-audit-log.md). */
function SpaceGone() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title={`${LISTING_GONE_MESSAGE} | ClinicShare`} />
      <SearchX className="mx-auto size-12 text-slate-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{LISTING_GONE_MESSAGE}</h1>
      <p className="mt-2 text-slate-600">It has been removed from ClinicShare and cannot be booked.</p>
      <Button asChild className="mt-6">
        <Link href={paths.search()}>Back to Search</Link>
      </Button>
    </div>
  );
}

function SpaceLoadError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title="ClinicShare" />
      <CircleAlert className="mx-auto size-12 text-red-700" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Error Loading Space</h1>
      <p className="mt-2 text-slate-600">We&apos;re having trouble loading this space. Please try again later.</p>
      <div className="mt-6">
        <BackToSearch />
      </div>
    </div>
  );
}
