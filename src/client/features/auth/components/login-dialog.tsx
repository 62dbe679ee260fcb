import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type LoginInput, loginSchema } from '@/shared/schemas/auth';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { useLogin } from '../api/login';
import { ForgotPasswordForm } from './forgot-password-form';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to land on after success, when a page that needs a session asked (else /profile). */
  returnTo?: string;
  /** Called after a successful login or sign-up, once the dialog has closed (what the visitor asked for before it). */
  onSignedIn?: () => void;
  /** Where focus returns when the dialog closes (the control that opened it); by default the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
  /** Opens the Sign up dialog instead (no Sign up link without it). */
  onSwitchToRegister?: () => void;
}

/** The Log in dialog; "Forgot password?" turns it into the form that asks for a reset link, and back. */
export function LoginDialog({ open, onOpenChange, onSwitchToRegister, returnFocusTo, returnTo, onSignedIn }: LoginDialogProps) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  // Back from the forgot-password form, focus goes to the email field (the control used is gone).
  const [returned, setReturned] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-md">
        {view === 'forgot' ? (
          <>
            <DialogHeader>
              <DialogTitle>Reset your password</DialogTitle>
              <DialogDescription>Enter the email of your account and we will send you a link to choose a new password.</DialogDescription>
            </DialogHeader>
            <ForgotPasswordForm
              onBack={() => {
                setView('login');
                setReturned(true);
              }}
            />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Welcome back</DialogTitle>
              <DialogDescription>Log in to book spaces, message owners and manage your listings.</DialogDescription>
            </DialogHeader>
            <LoginForm
              onDone={() => {
                onOpenChange(false);
                onSignedIn?.();
              }}
              onForgot={() => setView('forgot')}
              focusEmail={returned}
              returnTo={returnTo}
            />
            {onSwitchToRegister ? (
              <p className="text-center text-sm text-slate-600">
                Don&apos;t have an account?{' '}
                <Button variant="link" className="h-auto p-0" onClick={onSwitchToRegister}>
                  Sign up
                </Button>
              </p>
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LoginForm({
  onDone,
  onForgot,
  focusEmail,
  returnTo,
}: {
  onDone: () => void;
  onForgot: () => void;
  focusEmail: boolean;
  returnTo?: string;
}) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useLogin({ onSuccess: onDone, returnTo });
  const { errors } = form.formState;
  useEffect(() => {
    if (focusEmail) form.setFocus('email');
  }, [focusEmail, form]);

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldAria('login-email', errors.email?.message)} {...form.register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldAria('login-password', errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
      <Button type="button" variant="link" className="h-auto justify-self-end p-0 text-sm" onClick={onForgot}>
        Forgot password?
      </Button>
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Log in
      </Button>
    </form>
  );
}
