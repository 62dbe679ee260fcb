import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LoaderCircle, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/shared/password';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '@/shared/schemas/auth';
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { showServerIssues } from '../lib/server-issues';

/**
 * The profile's Security section (ASVS V3): Change password, which needs the current password and
 * signs every other device out, and Log out everywhere, which signs out every device, this one included.
 */
export function SecuritySection({ userId }: { userId: string }) {
  const [changing, setChanging] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const logoutEverywhere = useLogoutEverywhere();

  return (
    <Card data-testid="security-section">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Security</h2>
        <CardDescription>Your password and the devices signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2 rounded-lg bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Password</h3>
          <p className="text-sm text-slate-600">Changing it signs out every other device.</p>
          <Button variant="outline" className="justify-self-start" onClick={() => setChanging(true)}>
            <KeyRound aria-hidden="true" />
            Change password
          </Button>
        </div>
        <div className="grid content-start gap-2 rounded-lg bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Devices</h3>
          <p className="text-sm text-slate-600">Lost a phone or used a shared computer? Sign out everywhere, here too.</p>
          <Button variant="outline" className="justify-self-start" onClick={() => setConfirmingLogout(true)}>
            <LogOut aria-hidden="true" />
            Log out everywhere
          </Button>
        </div>
      </CardContent>

      <Dialog open={changing} onOpenChange={setChanging}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Change password</DialogTitle>
            <DialogDescription>Enter your current password, then the new one. Your other devices will be signed out.</DialogDescription>
          </DialogHeader>
          {changing ? <ChangePasswordForm userId={userId} onDone={() => setChanging(false)} onCancel={() => setChanging(false)} /> : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirmingLogout} onOpenChange={(open) => !logoutEverywhere.isPending && setConfirmingLogout(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Log out everywhere?</AlertDialogTitle>
            <AlertDialogDescription>
              Every device signed in to your account is signed out, this one included. You can log in again at any time.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={logoutEverywhere.isPending}>Stay signed in</AlertDialogCancel>
            {/* A plain button: the dialog stays open until the server has answered. */}
            <Button variant="destructive" onClick={() => logoutEverywhere.mutate()} disabled={logoutEverywhere.isPending}>
              {logoutEverywhere.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Log out everywhere
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

/** Current, new and confirmed password; the server's answers (a wrong current password, a weak new one) appear under their fields. */
function ChangePasswordForm({ userId, onDone, onCancel }: { userId: string; onDone: () => void; onCancel: () => void }) {
  const form = useForm<ChangePasswordFormValues, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword(userId);
  const { errors } = form.formState;

  const onSubmit = (values: ChangePasswordFormOutput) => {
    // confirmPassword is never sent.
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: 'Your other devices have been signed out.' });
          onDone();
        },
        onError: (error) => {
          if (showServerIssues(error, form.setError, ['currentPassword', 'newPassword'] as const)) return;
          const description = (isApiError(error, 400, 429) && error.serverMessage) || 'Please try again later.';
          toast({ variant: 'destructive', title: 'Could not change your password', description });
        },
      },
    );
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldAria('current-password', errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
      </FormField>
      <FormField
        id="new-password"
        label="New password"
        error={errors.newPassword?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; three or four unrelated words work well.`}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldAria('new-password', errors.newPassword?.message, true)}
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField id="confirm-new-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldAria('confirm-new-password', errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Change password
        </Button>
      </DialogFooter>
    </form>
  );
}
