import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { useVerifyEmail } from '@/client/features/auth/api/email-verification';
import { ResendVerificationButton } from '@/client/features/auth/components/email-verification-notice';
import { isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/**
 * /verify-email?token=...: the page of the emailed verification link. It sends the token once on
 * arrival and says how it went; a refused link (used, expired, unknown) offers a new one to a
 * signed-in user whose email is not verified yet.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verify = useVerifyEmail();
  const { user } = useAuth();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const state = !token ? 'error' : verify.isSuccess ? 'done' : verify.isError ? 'error' : 'pending';
  const message = !token
    ? 'This link has no verification token. Please open the link from the email again.'
    : verify.error
      ? (isApiError(verify.error, 400, 429) && verify.error.serverMessage) || 'We could not verify your email. Please try again later.'
      : null;

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <PageMeta title="Verify your email | ClinicShare" />
      <Card>
        <CardHeader>
          {state === 'done' ? (
            <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
          ) : state === 'error' ? (
            <CircleAlert className="size-8 text-red-700" aria-hidden="true" />
          ) : (
            <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
          )}
          <h1 className="text-xl leading-tight font-semibold text-slate-900">
            {state === 'done' ? 'Your email is verified' : state === 'error' ? 'We could not verify your email' : 'Verifying your email…'}
          </h1>
          <CardDescription role="status">
            {state === 'done'
              ? 'Thank you: owners now see that your email is verified when you ask to book.'
              : state === 'error'
                ? message
                : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {state === 'error' && user && !user.emailVerified ? <ResendVerificationButton /> : null}
          {state === 'pending' ? null : (
            <Button asChild variant={state === 'done' ? 'default' : 'outline'}>
              <Link href={user ? paths.profile() : paths.home()}>{user ? 'Go to my profile' : 'Go to ClinicShare'}</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
