import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Info, LoaderCircle, Lock } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@/shared/money';
import { type DemoPaymentConfirmInput, type DemoPaymentResult, demoPaymentConfirmSchema } from '@/shared/schemas/payments';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/lib/use-toast';
import { ApiRequestError } from '@/client/lib/api-client';

const cardFormSchema = demoPaymentConfirmSchema.omit({ clientSecret: true });
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" -> "12 / 28" while typing. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

interface DemoCardFormProps {
  clientSecret: string;
  amountCents: number;
  /**
   * Sends the card to the demo provider's confirm endpoint of what is paid for (a booking or a
   * donation); rejects with an ApiRequestError (402 `{ message }` when the card is declined).
   */
  confirmPayment: (input: DemoPaymentConfirmInput) => Promise<DemoPaymentResult>;
  /** True while what was paid for is being recorded after the payment. */
  busy?: boolean;
  /** The submit button's text; default 'Pay $amount'. */
  submitLabel?: string;
  /** The title of the toast shown when the card is refused; default 'Payment Failed'. */
  failureTitle?: string;
  onSucceeded: (paymentIntentId: string) => void;
  /** Told when a payment starts being submitted (true) and when it has been answered (false). */
  onPayingChange?: (paying: boolean) => void;
}

/**
 * Our own card form for demo payments (docs/decisions/012-payment-providers.md): nothing is charged, and it says so.
 * Shared by booking checkout, donations and saving a card, each passing its own `confirmPayment`.
 */
export function DemoCardForm({
  clientSecret,
  amountCents,
  confirmPayment,
  busy = false,
  submitLabel,
  failureTitle = 'Payment Failed',
  onSucceeded,
  onPayingChange,
}: DemoCardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const confirm = useMutation({ mutationFn: confirmPayment });
  const { errors } = form.formState;
  const pending = confirm.isPending || busy;

  const onSubmit = (values: CardFormOutput) => {
    onPayingChange?.(true);
    confirm.mutate(
      { clientSecret, ...values },
      {
        onSettled: () => onPayingChange?.(false),
        onSuccess: (result) => onSucceeded(result.paymentIntentId),
        onError: (error) => {
          const description = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : error.message;
          toast({ variant: 'destructive', title: failureTitle, description });
        },
      },
    );
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <p className="flex gap-2 rounded-lg border border-blue-200 bg-primary-soft p-3 text-sm text-blue-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>Demo payments: no card is charged. Use test card 4242 4242 4242 4242 with any future expiry and any CVC.</span>
      </p>
      <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
        <Controller
          control={form.control}
          name="cardNumber"
          render={({ field }) => (
            <Input
              {...field}
              {...fieldAria('card-number', errors.cardNumber?.message)}
              onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
            />
          )}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry" error={errors.expiry?.message}>
          <Controller
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <Input
                {...field}
                {...fieldAria('card-expiry', errors.expiry?.message)}
                onChange={(event) => {
                  const next = event.target.value;
                  // Let backspace remove the separator instead of re-adding it.
                  field.onChange(next.length < field.value.length ? next.replace(/\s*\/\s*$/, '') : formatExpiry(next));
                }}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
              />
            )}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" error={errors.cvc?.message}>
          <Input
            {...fieldAria('card-cvc', errors.cvc?.message)}
            {...form.register('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
          />
        </FormField>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {submitLabel ?? `Pay ${formatUsd(amountCents)}`}
      </Button>
    </form>
  );
}
