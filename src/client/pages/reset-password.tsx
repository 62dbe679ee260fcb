import { CircleCheck, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { LoginDialog } from '@/client/features/auth/components/login-dialog';
import { ResetPasswordForm } from '@/client/features/auth/components/reset-password-form';
import { paths } from '@/client/lib/paths';

/**
 * /reset-password?token=...: the page of the emailed password reset link (good for 1 hour, once).
 * It asks for the new password; once set, every device is signed out and the user logs in again.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [done, setDone] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageMeta title="Reset your password | ClinicShare" />
      <Card>
        <CardHeader>
          {done ? (
            <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
          ) : (
            <KeyRound className="size-8 text-primary" aria-hidden="true" />
          )}
          <h1 className="text-xl leading-tight font-semibold text-slate-900">
            {done ? 'Your password was changed' : 'Choose a new password'}
          </h1>
          <CardDescription>
            {done
              ? 'Every device signed in to your account was signed out. Log in with your new password.'
              : 'Choosing a new password signs out every device signed in to your account.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {done ? (
            <Button onClick={() => setLoggingIn(true)}>Log in</Button>
          ) : token ? (
            <ResetPasswordForm token={token} onDone={() => setDone(true)} />
          ) : (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              This link has no reset token. Please open the link from the email again, or ask for a new one with &quot;Forgot
              password?&quot; on the login dialog.
            </p>
          )}
          {done ? null : (
            <Button asChild variant="link" className="h-auto justify-self-center p-0">
              <Link href={paths.home()}>Back to ClinicShare</Link>
            </Button>
          )}
        </CardContent>
      </Card>
      {loggingIn ? <LoginDialog open onOpenChange={setLoggingIn} /> : null}
    </div>
  );
}
