import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loadPasswordChecker } from '@/shared/password';
import { registerFormSchema, type RegisterFormValues } from '@/shared/schemas/auth';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError, fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { SpecialtyInput } from '@/client/components/ui/specialty-input';
import { Label } from '@/client/components/ui/label';
import { paths } from '@/client/lib/paths';
import { useRegister } from '../api/register';

interface RegisterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to land on after success, when a page that needs a session asked (else /profile). */
  returnTo?: string;
  /** Called after a successful login or sign-up, once the dialog has closed (what the visitor asked for before it). */
  onSignedIn?: () => void;
  /** Where focus returns when the dialog closes (the control that opened it); by default the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
  /** Opens the Log in dialog instead. */
  onSwitchToLogin: () => void;
}

export function RegisterDialog({ open, onOpenChange, onSwitchToLogin, returnFocusTo, returnTo, onSignedIn }: RegisterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create your account</DialogTitle>
          <DialogDescription>Join ClinicShare to rent medical space or list the space you do not use.</DialogDescription>
        </DialogHeader>
        <RegisterForm
          onDone={() => {
            onOpenChange(false);
            onSignedIn?.();
          }}
          returnTo={returnTo}
        />
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Button variant="link" className="h-auto p-0" onClick={onSwitchToLogin}>
            Log in
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

type RegisterFormOutput = z.output<typeof registerFormSchema>;

function RegisterForm({ onDone, returnTo }: { onDone: () => void; returnTo?: string }) {
  const form = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', specialty: '', password: '', confirmPassword: '', acceptedTerms: false },
  });
  const registerMutation = useRegister({ onSuccess: onDone, returnTo });
  // The password strength dictionaries (~1 MB, their own chunk) start loading when the form opens, not with the app.
  useEffect(() => {
    loadPasswordChecker().catch((error: unknown) => console.warn('Password checker did not load:', error));
  }, []);
  const { errors } = form.formState;

  const onSubmit = (values: RegisterFormOutput) => {
    // confirmPassword is never sent (docs/product.md#validation); everyone starts as both lister and renter.
    registerMutation.mutate({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      specialty: values.specialty,
      password: values.password,
      acceptedTerms: true,
      userType: 'both',
    });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            {...fieldAria('register-first-name', errors.firstName?.message)}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...fieldAria('register-last-name', errors.lastName?.message)} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('register-email', errors.email?.message)} {...form.register('email')} />
      </FormField>
      <FormField id="register-specialty" label="Specialty" error={errors.specialty?.message}>
        <SpecialtyInput {...fieldAria('register-specialty', errors.specialty?.message)} {...form.register('specialty')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldAria('register-password', errors.password?.message)}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="register-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldAria('register-confirm-password', errors.confirmPassword?.message)}
            {...form.register('confirmPassword')}
          />
        </FormField>
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Controller
            control={form.control}
            name="acceptedTerms"
            render={({ field }) => (
              <Checkbox
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                {...fieldAria('register-accepted-terms', errors.acceptedTerms?.message)}
              />
            )}
          />
          <Label htmlFor="register-accepted-terms" className="leading-snug font-normal">
            I accept the{' '}
            <a href={paths.terms()} target="_blank" rel="noreferrer" className="font-medium text-primary underline underline-offset-2">
              terms and conditions
            </a>
          </Label>
        </div>
        <FieldError id="register-accepted-terms-error" message={errors.acceptedTerms?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Create account
      </Button>
    </form>
  );
}
