import { ArrowLeft, CircleAlert, CircleCheckBig, MessageSquare, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { BookingPaymentIntent, Space } from '@/shared/schemas';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { useCreateBooking } from '@/client/features/bookings/api/create-booking';
import { BookingDialog, type BookingRequest } from '@/client/features/bookings/components/booking-dialog';
import { MessageOwnerDialog } from '@/client/features/messages/components/message-owner-dialog';
import { BookingPaymentDialog } from '@/client/features/payments/components/booking-payment-dialog';
import { useSpace } from '@/client/features/spaces/api/get-space';
import { SpaceGallery } from '@/client/features/spaces/components/space-gallery';
import { SpaceLocation } from '@/client/features/spaces/components/space-location';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { SpacePriceCard, SpaceSections, SpaceSummary } from '@/client/features/spaces/components/space-details';
import { isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';
import { randomId } from '@/client/lib/random-id';

/** /spaces/:id, and /space/:id where payments return (SPEC section 2). */
export function SpaceDetailPage({ params }: { params: { id: string } }) {
  const space = useSpace(params.id);

  if (space.isPending) return <SpaceDetailSkeleton />;
  if (space.isError) {
    return isApiError(space.error, 404, 400) ? <SpaceNotFound /> : <SpaceLoadError />;
  }
  return <SpaceDetail space={space.data} />;
}

function BackToSearch() {
  return (
    <Link href={paths.search()} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Search
    </Link>
  );
}

/** One booking attempt: the details from the form and its idempotency key (a new one per attempt). */
interface BookingAttempt {
  request: BookingRequest;
  idempotencyKey: string;
}

function SpaceDetail({ space }: { space: Space }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const paymentSuccess = new URLSearchParams(useSearch()).get('payment_success') === 'true';
  const [bookingOpen, setBookingOpen] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const [attempt, setAttempt] = useState<BookingAttempt | null>(null);
  const [bookingFormKey, setBookingFormKey] = useState(0);
  const createBooking = useCreateBooking();
  const isOwner = user?.id === space.ownerId;

  const requireLogin = (description: string, open: () => void) => () => {
    if (!user) {
      toast({ variant: 'destructive', title: 'Login required', description });
      return;
    }
    open();
  };

  const continueToPayment = (request: BookingRequest) => {
    setAttempt({ request, idempotencyKey: randomId() });
    setBookingOpen(false);
    setPaymentOpen(true);
  };

  const backToBooking = () => {
    setPaymentOpen(false);
    setBookingOpen(true);
  };

  const recordBooking = (paymentIntentId: string, intent: BookingPaymentIntent) => {
    if (!attempt || !user) return;
    const request = !intent.instantBook;
    if (!request) toast({ title: 'Payment Successful!', description: 'Your booking has been confirmed.' });
    createBooking.mutate(
      {
        spaceId: space.id,
        renterId: user.id,
        startDate: attempt.request.startDate,
        endDate: attempt.request.endDate,
        totalPrice: intent.amount,
        // The server decides the status from the verified payment; this says what the renter expects.
        status: request ? 'pending' : 'confirmed',
        notes: attempt.request.notes,
        paymentIntentId,
      },
      {
        onSuccess: () => {
          setPaymentOpen(false);
          setBookingOpen(false);
          setBookingFormKey((key) => key + 1);
          navigate(paths.spacePaymentReturn(space.id), { replace: true });
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

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageMeta title={`${space.title} | ClinicShare`} description={space.description} />
      <BackToSearch />

      {paymentSuccess ? (
        <div role="status" className="mt-4 flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <CircleCheckBig className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            {space.instantBook
              ? 'Your booking is confirmed.'
              : 'Your request has been sent. The owner has 48 hours to accept; your card is only charged if they do.'}{' '}
            <Link href={paths.profile()} className="font-medium underline underline-offset-2">
              View my bookings
            </Link>
          </p>
        </div>
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
          <SpaceSummary space={space} action={user ? <FavoriteButton userId={user.id} spaceId={space.id} spaceTitle={space.title} /> : undefined} />
          <SpaceSections space={space} />
          <section className="grid gap-3 border-t border-slate-200 pt-6">
            <h2 className="text-xl font-semibold text-slate-900">Location</h2>
            <SpaceLocation space={space} />
          </section>
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
              <Button size="lg" onClick={requireLogin('Please log in to book a space.', () => setBookingOpen(true))}>
                {space.instantBook ? 'Book Space' : 'Request to Book'}
              </Button>
              {space.instantBook ? null : (
                <p className="text-xs text-slate-600">The owner approves each request. Your card is only charged if they accept.</p>
              )}
              <Button variant="outline" size="lg" onClick={requireLogin('Please log in to send a message.', () => setMessageOpen(true))}>
                <MessageSquare aria-hidden="true" />
                Message Owner
              </Button>
            </>
          )}
        </SpacePriceCard>
      </div>

      {user && !isOwner && space.active ? (
        <>
          <BookingDialog key={`${space.id}-${bookingFormKey}`} open={bookingOpen} onOpenChange={setBookingOpen} space={space} onContinue={continueToPayment} />
          {attempt ? (
            <BookingPaymentDialog
              key={attempt.idempotencyKey}
              open={paymentOpen}
              onOpenChange={setPaymentOpen}
              space={space}
              userId={user.id}
              booking={attempt.request}
              idempotencyKey={attempt.idempotencyKey}
              finalizing={createBooking.isPending}
              onPaid={recordBooking}
              onCancel={backToBooking}
            />
          ) : null}
          <MessageOwnerDialog open={messageOpen} onOpenChange={setMessageOpen} userId={user.id} space={space} />
        </>
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
