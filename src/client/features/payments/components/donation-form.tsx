import { CircleAlert, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatUsd } from '@/shared/money';
import { DemoCardForm } from '@/client/components/payment/demo-card-form';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/lib/use-toast';
import { cn } from '@/client/lib/cn';
import { usePublicConfig } from '@/client/lib/public-config';
import { randomId } from '@/client/lib/random-id';
import { confirmDemoDonation } from '../api/confirm-demo-donation';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { DEFAULT_DONATION, DONATION_MIN_DOLLARS, DONATION_PRESETS, parseCustomAmount } from '../lib/donation-amount';

const StripeCardForm = lazy(() => import('@/client/components/payment/stripe-card-form'));

/** "$25", "$12.50". */
function formatDollars(amount: number): string {
  return formatUsd(Math.round(amount * 100), { compact: true });
}

interface DonationFormProps {
  /** Where Stripe returns after a payment method that redirects: /donate?success=true. */
  returnUrl: string;
  /** The donation went through (demo, or Stripe without a redirect). */
  onDonated: () => void;
}

/**
 * The donation flow (docs/product.md#pages, #behaviour, #validation, #user-facing-messages): choose an amount (presets
 * $10/$25/$50/$100, default $25, or a custom one of at least $1), 'Proceed to
 * Payment - $25' creates the payment, then the card form with 'Donate $25'
 * and '← Change Amount'. Without a payment provider: 'Payment Setup Required'.
 */
export function DonationForm({ returnUrl, onDonated }: DonationFormProps) {
  const config = usePublicConfig();
  const createIntent = useCreatePaymentIntent();
  const [amount, setAmount] = useState(DEFAULT_DONATION);
  const [custom, setCustom] = useState('');
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  // One key per amount: going back and on again with the same amount reuses its payment intent.
  const [idempotencyKey, setIdempotencyKey] = useState(randomId);

  const mode = config.data?.payments;
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const available = mode === 'demo' || (mode === 'stripe' && Boolean(publishableKey));
  const label = formatDollars(amount);

  const applyAmount = (next: number) => {
    if (next !== amount) setIdempotencyKey(randomId());
    setAmount(next);
  };

  const choosePreset = (preset: number) => {
    setCustom('');
    applyAmount(preset);
  };

  const changeCustom = (text: string) => {
    setCustom(text);
    const parsed = parseCustomAmount(text);
    if (parsed !== null) applyAmount(parsed);
  };

  const proceed = () => {
    if (amount < DONATION_MIN_DOLLARS) {
      toast({ variant: 'destructive', title: 'Invalid Amount', description: 'Please enter an amount of at least $1' });
      return;
    }
    createIntent.mutate(
      { amount, idempotencyKey },
      {
        onSuccess: (intent) => setClientSecret(intent.clientSecret),
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to initialize payment. Please try again.' }),
      },
    );
  };

  if (config.isPending) return <Skeleton className="h-64 rounded-xl" />;

  if (!available) {
    return (
      <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Payment Setup Required</p>
          <p>Donations are not available right now because card payments have not been set up. Please check back later.</p>
        </div>
      </div>
    );
  }

  if (clientSecret) {
    const submitLabel = `Donate ${label}`;
    return (
      <div className="grid gap-4">
        <p className="text-slate-700">
          Your donation: <strong className="text-slate-900">{label}</strong>
        </p>
        {mode === 'stripe' && publishableKey ? (
          <Suspense fallback={<Skeleton className="h-48" />}>
            <StripeCardForm
              publishableKey={publishableKey}
              clientSecret={clientSecret}
              amountCents={Math.round(amount * 100)}
              returnUrl={returnUrl}
              submitLabel={submitLabel}
              onSucceeded={onDonated}
            />
          </Suspense>
        ) : (
          <DemoCardForm
            clientSecret={clientSecret}
            amountCents={Math.round(amount * 100)}
            confirmPayment={confirmDemoDonation}
            submitLabel={submitLabel}
            onSucceeded={onDonated}
          />
        )}
        <Button variant="ghost" className="justify-self-start" onClick={() => setClientSecret(null)}>
          ← Change Amount
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-slate-900">Choose an amount</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {DONATION_PRESETS.map((preset) => {
            const selected = custom === '' && amount === preset;
            return (
              <Button
                key={preset}
                variant="outline"
                size="lg"
                aria-pressed={selected}
                className={cn(selected && 'border-primary bg-primary-soft text-primary hover:bg-primary-soft')}
                onClick={() => choosePreset(preset)}
              >
                {formatDollars(preset)}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="donation-custom">Custom amount</Label>
        <div className="relative max-w-xs">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" aria-hidden="true">
            $
          </span>
          <Input
            id="donation-custom"
            inputMode="decimal"
            className="pl-7"
            placeholder="Other amount"
            value={custom}
            onChange={(event) => changeCustom(event.target.value)}
            aria-describedby="donation-custom-hint"
          />
        </div>
        <p id="donation-custom-hint" className="text-xs text-slate-600">
          Minimum $1.
        </p>
      </div>
      <Button size="lg" className="justify-self-start" onClick={proceed} disabled={createIntent.isPending}>
        {createIntent.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Proceed to Payment - {label}
      </Button>
    </div>
  );
}
