import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { LoaderCircle, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatUsd } from '@/shared/money';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/use-toast';

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is fetched only when a Stripe form is shown, once per key. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

/** Payment intent states after which the server can verify and record the booking. */
const PAID_STATUSES = new Set(['succeeded', 'processing', 'requires_capture']);

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  amountCents: number;
  /** Where Stripe returns after a payment method that needs a redirect. */
  returnUrl: string;
  busy?: boolean;
  /** The submit button's text; default 'Pay $amount'. */
  submitLabel?: string;
  onSucceeded: (paymentIntentId: string) => void;
  /** Told when a payment starts being submitted (true) and when it has been answered (false). */
  onPayingChange?: (paying: boolean) => void;
}

/** The card payment provider's embedded form (docs/product.md#api-calls), loaded lazily. */
export default function StripeCardForm({ publishableKey, clientSecret, ...props }: StripeCardFormProps) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#2563eb' } } }}
    >
      <StripeCheckout {...props} />
    </Elements>
  );
}

function StripeCheckout({
  amountCents,
  returnUrl,
  busy = false,
  submitLabel,
  onSucceeded,
  onPayingChange,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const pending = submitting || busy;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    onPayingChange?.(true);
    try {
      const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (result.error) {
        toast({
          variant: 'destructive',
          title: 'Payment Failed',
          description: result.error.message ?? 'Your payment could not be processed.',
        });
      } else if (PAID_STATUSES.has(result.paymentIntent.status)) {
        onSucceeded(result.paymentIntent.id);
      } else {
        toast({
          variant: 'destructive',
          title: 'Payment Failed',
          description: 'Your payment could not be completed. Please try another payment method.',
        });
      }
    } finally {
      setSubmitting(false);
      onPayingChange?.(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || pending}>
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {submitLabel ?? `Pay ${formatUsd(amountCents)}`}
      </Button>
    </form>
  );
}
