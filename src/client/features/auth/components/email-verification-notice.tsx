import { LoaderCircle, MailWarning } from 'lucide-react';
import type { User } from '@/shared/schemas/users';
import { Button } from '@/client/components/ui/button';
import { useResendVerification } from '../api/email-verification';

/** Sends a fresh verification link to the signed-in user's email. */
export function ResendVerificationButton() {
  const resend = useResendVerification();
  return (
    <Button variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
      {resend.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {resend.isSuccess ? 'Verification email sent' : 'Resend verification email'}
    </Button>
  );
}

/** "Email not verified" with a Resend button, on the profile until the emailed link is used; nothing once verified. */
export function EmailVerificationNotice({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  if (user.emailVerified) return null;
  return (
    <section
      aria-labelledby="email-verification-title"
      className="mt-6 flex flex-col gap-3 rounded-lg border border-yellow-200 bg-yellow-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="email-verification-notice"
    >
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-yellow-800" aria-hidden="true" />
        <div>
          <h2 id="email-verification-title" className="text-sm font-semibold text-slate-900">
            Email not verified
          </h2>
          <p className="text-sm text-slate-700">
            We sent a link to <span className="font-medium break-all">{user.email}</span>. Open it to verify your email; owners see whether
            it is verified when you ask to book.
          </p>
        </div>
      </div>
      <div className="shrink-0">
        <ResendVerificationButton />
      </div>
    </section>
  );
}
