import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type LoginInput, loginSchema } from '@/shared/schemas/auth';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { useLogin } from '../api/login';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to land on after success, when a page that needs a session asked (else /profile). */
  returnTo?: string;
  /** Where focus returns when the dialog closes (the control that opened it); by default the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
  /** Opens the Sign up dialog instead. */
  onSwitchToRegister: () => void;
}

export function LoginDialog({ open, onOpenChange, onSwitchToRegister, returnFocusTo, returnTo }: LoginDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome back</DialogTitle>
          <DialogDescription>Log in to book spaces, message owners and manage your listings.</DialogDescription>
        </DialogHeader>
        <LoginForm onDone={() => onOpenChange(false)} returnTo={returnTo} />
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Button variant="link" className="h-auto p-0" onClick={onSwitchToRegister}>
            Sign up
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

function LoginForm({ onDone, returnTo }: { onDone: () => void; returnTo?: string }) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useLogin({ onSuccess: onDone, returnTo });
  const { errors } = form.formState;

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
      <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Log in
      </Button>
    </form>
  );
}
