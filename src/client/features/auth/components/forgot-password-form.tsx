import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@/shared/schemas/auth';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { isApiError } from '@/client/lib/api-client';
import { useForgotPassword } from '../api/password-reset';

/**
 * Forgot password: the email of the account, then the server's answer, which is the same whether or
 * not the email has an account (a reset link is good for 1 hour).
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const forgot = useForgotPassword();
  const { errors } = form.formState;
  const back = useRef<HTMLButtonElement>(null);
  // The control that was used is replaced: focus goes to the email field, then to "Back to log in" once sent.
  useEffect(() => form.setFocus('email'), [form]);
  useEffect(() => {
    if (forgot.isSuccess) back.current?.focus();
  }, [forgot.isSuccess]);

  if (forgot.isSuccess) {
    return (
      <div className="grid gap-4">
        <div role="status" className="flex gap-3 rounded-lg bg-primary-soft p-4 text-sm text-slate-800">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            {forgot.data.message} If nothing arrives in a few minutes, check your spam folder, or make sure you typed the email of your
            account.
          </p>
        </div>
        <Button ref={back} variant="outline" onClick={onBack}>
          Back to log in
        </Button>
      </div>
    );
  }

  const failure = forgot.error
    ? (isApiError(forgot.error, 429) && forgot.error.serverMessage) || 'We could not send the link. Please try again later.'
    : null;
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('forgot-email', errors.email?.message)} {...form.register('email')} />
      </FormField>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Send reset link
      </Button>
      <Button type="button" variant="link" className="h-auto justify-self-center p-0 text-sm" onClick={onBack}>
        Back to log in
      </Button>
    </form>
  );
}
