import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/shared/password';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@/shared/schemas/auth';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { useResetPassword } from '../api/password-reset';

type ResetPasswordFormOutput = z.output<typeof resetPasswordFormSchema>;

/**
 * The new password, twice, with the sign-up rules (checked here and by the server). A refused link
 * (used, expired, unknown) is said above the form; a weak password under its field.
 * @param onDone called once the password is set (every session of the account has ended, this browser's too)
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<ResetPasswordFormValues, unknown, ResetPasswordFormOutput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const { setUser } = useAuth();
  const { errors } = form.formState;

  const onSubmit = (values: ResetPasswordFormOutput) => {
    // confirmPassword is never sent.
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          // The reset ended every session of the account; this browser is signed out as well.
          setUser(null);
          onDone();
        },
        onError: (error) => {
          const passwordIssue = isApiError(error, 400) ? error.serverIssues.find((issue) => issue.path === 'body.password') : undefined;
          if (passwordIssue) form.setError('password', { message: passwordIssue.message }, { shouldFocus: true });
        },
      },
    );
  };

  const linkProblem =
    reset.error && !(isApiError(reset.error, 400) && reset.error.serverIssues.some((issue) => issue.path === 'body.password'))
      ? (isApiError(reset.error, 400, 429) && reset.error.serverMessage) || 'We could not change your password. Please try again later.'
      : null;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      {linkProblem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {linkProblem}
        </p>
      ) : null}
      <FormField
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; three or four unrelated words work well.`}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldAria('reset-password', errors.password?.message, true)}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldAria('reset-confirm-password', errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Set new password
      </Button>
    </form>
  );
}
