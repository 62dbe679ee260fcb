import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { LoaderCircle, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/use-toast';

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is fetched only when the form is shown, once per key. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

interface StripeSetupFormProps {
  publishableKey: string;
  /** The setup intent's client secret (POST /api/users/me/card/setup-intent). */
  clientSecret: string;
  /** Where Stripe returns after a payment method that needs a redirect. */
  returnUrl: string;
  busy?: boolean;
  onSucceeded: (setupIntentId: string) => void;
}

/**
 * Stripe's Payment Element confirming a SetupIntent (https://docs.stripe.com/payments/save-and-reuse):
 * the card is saved with Stripe, authenticated now if the bank asks, and charged later without the
 * renter. Loaded lazily, like the payment form.
 */
export default function StripeSetupForm({ publishableKey, clientSecret, ...props }: StripeSetupFormProps) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#2563eb' } } }}
    >
      <StripeSetup {...props} />
    </Elements>
  );
}

function StripeSetup({ returnUrl, busy = false, onSucceeded }: Omit<StripeSetupFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const pending = submitting || busy;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (result.error) {
        toast({ variant: 'destructive', title: 'Card not saved', description: result.error.message ?? 'Your card could not be saved.' });
      } else if (result.setupIntent.status === 'succeeded') {
        onSucceeded(result.setupIntent.id);
      } else {
        toast({
          variant: 'destructive',
          title: 'Card not saved',
          description: 'Your card could not be confirmed. Please try another card.',
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || pending}>
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        Save card
      </Button>
    </form>
  );
}
