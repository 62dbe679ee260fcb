import { CircleAlert, CreditCard, LoaderCircle, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DemoCardForm } from '@/client/components/payment/demo-card-form';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadError } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';
import { usePublicConfig } from '@/client/lib/public-config';
import { toast } from '@/client/lib/use-toast';
import { confirmDemoCardSetup } from '../api/confirm-demo-card-setup';
import { useCreateCardSetupIntent } from '../api/create-card-setup-intent';
import { useRemoveCard } from '../api/remove-card';
import { useSaveCard } from '../api/save-card';
import { useSavedCard } from '../api/get-saved-card';
import { savedCardLabel } from '../lib/card-label';

const StripeSetupForm = lazy(() => import('./stripe-setup-form'));

/**
 * The profile's "Payment card" section (docs/decisions/039-saved-cards.md): the card saved for later
 * periods of a standing booking or a long stay, charged without the renter present; Add/Update card
 * (the demo card form or Stripe's Payment Element on a SetupIntent) and Remove card.
 */
export function PaymentCardSection() {
  const saved = useSavedCard();
  const remove = useRemoveCard();
  const [updating, setUpdating] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const card = saved.data?.card ?? null;

  const removeCard = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmingRemove(false);
        toast({ title: 'Card removed', description: 'Nothing will be charged to it any more.' });
      },
      onError: () => toast({ variant: 'destructive', title: 'Could not remove the card', description: 'Please try again later.' }),
    });

  return (
    <Card data-testid="payment-card-section">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Payment card</h2>
        <CardDescription>
          The card charged for later periods of a standing booking or a long stay, without you having to be there. We keep only its brand
          and last 4 digits; the card itself stays with our payment provider.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {saved.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading your payment card">
            <Skeleton className="h-12 rounded-lg" />
          </div>
        ) : saved.isError ? (
          <LoadError>Your payment card could not be loaded. Please try again later.</LoadError>
        ) : (
          <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-4" data-testid="saved-card">
            <CreditCard className="size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <p className="text-sm font-medium text-slate-900">{card ? savedCardLabel(card) : 'No card saved'}</p>
          </div>
        )}
        {saved.isSuccess ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setUpdating(true)}>
              <CreditCard aria-hidden="true" />
              {card ? 'Update card' : 'Add card'}
            </Button>
            {card ? (
              <Button variant="outline" onClick={() => setConfirmingRemove(true)}>
                <Trash2 aria-hidden="true" />
                Remove card
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>

      <Dialog open={updating} onOpenChange={setUpdating}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{card ? 'Update card' : 'Add card'}</DialogTitle>
            <DialogDescription>
              By saving this card you agree that ClinicShare may charge it for later periods of your standing bookings and long stays, at
              the prices shown when you booked.
            </DialogDescription>
          </DialogHeader>
          {updating ? <UpdateCardForm onDone={() => setUpdating(false)} /> : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirmingRemove} onOpenChange={(open) => !remove.isPending && setConfirmingRemove(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove this card?</AlertDialogTitle>
            <AlertDialogDescription>
              {card ? `${savedCardLabel(card)} will no longer be charged. ` : ''}Later periods of a standing booking then need you to pay
              them yourself.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Keep card</AlertDialogCancel>
            {/* A plain button: the dialog stays open until the server has answered. */}
            <Button variant="destructive" onClick={removeCard} disabled={remove.isPending}>
              {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Remove card
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

/**
 * A new setup intent, then the card form of the configured payments mode (as the booking payment
 * dialog chooses): the demo card form, Stripe's Payment Element, or 'Payment Not Available'. Once the
 * provider has the card, the server reads the setup intent back and saves it.
 */
function UpdateCardForm({ onDone }: { onDone: () => void }) {
  const config = usePublicConfig();
  const setup = useCreateCardSetupIntent();
  const save = useSaveCard();
  const started = useRef(false);
  const mode = config.data?.payments;
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const available = mode === 'demo' || (mode === 'stripe' && Boolean(publishableKey));

  useEffect(() => {
    // Once per opening of the dialog (a development double render would otherwise make two).
    if (!available || started.current) return;
    started.current = true;
    setup.mutate();
  }, [available, setup]);

  const saveCard = (setupIntentId: string) =>
    save.mutate(
      { setupIntentId },
      {
        onSuccess: ({ card }) => {
          toast({ title: 'Card saved', description: card ? `${savedCardLabel(card)} is your payment card.` : undefined });
          onDone();
        },
        onError: (error) => {
          const description = (isApiError(error, 400, 403, 409) && error.serverMessage) || 'Please try again later.';
          toast({ variant: 'destructive', title: 'Card not saved', description });
        },
      },
    );

  if (config.isPending) return <Skeleton className="h-48" />;
  if (!available) {
    return (
      <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Payment Not Available</p>
          <p>Payment processing is currently not available. Please contact support.</p>
        </div>
      </div>
    );
  }
  if (setup.isError) {
    return (
      <div className="grid gap-3">
        <LoadError>The card form could not be opened. Please try again.</LoadError>
        <Button variant="outline" className="justify-self-start" onClick={() => setup.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!setup.data) {
    return (
      <div role="status" aria-busy="true" aria-label="Opening the card form">
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (mode === 'stripe' && publishableKey) {
    return (
      <Suspense fallback={<Skeleton className="h-48" />}>
        <StripeSetupForm
          publishableKey={publishableKey}
          clientSecret={setup.data.clientSecret}
          returnUrl={new URL(paths.profile(), window.location.origin).href}
          busy={save.isPending}
          onSucceeded={saveCard}
        />
      </Suspense>
    );
  }
  return (
    <DemoCardForm
      clientSecret={setup.data.clientSecret}
      amountCents={0}
      confirmPayment={async (input) => {
        const result = await confirmDemoCardSetup(input);
        return { status: result.status, paymentIntentId: result.setupIntentId };
      }}
      busy={save.isPending}
      submitLabel="Save card"
      failureTitle="Card not saved"
      onSucceeded={saveCard}
    />
  );
}
