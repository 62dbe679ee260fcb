import { CircleAlert, MailX, MailCheck } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { useUnsubscribe, useUnsubscribePreview } from '@/client/features/notifications/api/unsubscribe';
import { isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';

const INVALID_LINK = 'This unsubscribe link is not valid or has expired. You can choose which emails you get on your profile.';

/** The server's message for a refused link, or a general one. */
function errorMessage(error: unknown): string {
  if (isApiError(error, 400)) return error.serverMessage ?? INVALID_LINK;
  return 'Something went wrong. Please try again in a moment.';
}

/**
 * /unsubscribe?token= (docs/decisions/022-notifications-and-email.md): where an email's
 * unsubscribe link leads. Opening it changes nothing (mail scanners open links too); it says
 * which emails will stop, and the button turns them off. No login needed.
 */
export function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.data;

  let content;
  if (!token) {
    content = <Problem message={INVALID_LINK} />;
  } else if (preview.isPending) {
    content = (
      <p aria-busy="true" className="mt-4 text-slate-600">
        Checking your link...
      </p>
    );
  } else if (preview.isError) {
    content = <Problem message={errorMessage(preview.error)} />;
  } else if (done) {
    content = (
      <div role="status" className="mt-4 flex flex-col items-center gap-2">
        <MailCheck className="size-10 text-green-600" aria-hidden="true" />
        <p className="text-slate-700">
          Done. You will no longer get {done.description} at {done.email}.
        </p>
        <p className="text-slate-600">
          Account and security emails (such as password resets) still arrive. You can turn emails back on in your{' '}
          <Link href={paths.profile()} className="font-medium text-primary hover:underline">
            profile
          </Link>
          .
        </p>
      </div>
    );
  } else {
    const answer = preview.data;
    content = (
      <div className="mt-4 flex flex-col items-center gap-3">
        <MailX className="size-10 text-slate-500" aria-hidden="true" />
        {answer.enabled ? (
          <p className="text-slate-700">
            Stop {answer.description} at {answer.email}? Other emails are not affected.
          </p>
        ) : (
          <p className="text-slate-700">
            You already get no {answer.description} at {answer.email}.
          </p>
        )}
        {answer.enabled ? (
          <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : null}
        {unsubscribe.isError ? <Problem message={errorMessage(unsubscribe.error)} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title="Unsubscribe | ClinicShare" />
      <h1 className="text-2xl font-bold text-slate-900">Unsubscribe</h1>
      {content}
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-4 flex flex-col items-center gap-2">
      <CircleAlert className="size-10 text-red-600" aria-hidden="true" />
      <p className="text-slate-700">{message}</p>
    </div>
  );
}
