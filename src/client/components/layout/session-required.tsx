import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';
import { PageMeta } from '../page-meta';
import { Button } from '../ui/button';

/** What a page that needs a session says to a signed-out visitor: its heading and one sentence. */
export interface SignedOutCopy {
  title: string;
  message: string;
}

interface SessionRequiredProps extends SignedOutCopy {
  /**
   * Opens the Log in (or Sign up) dialog; a successful login returns to this page.
   * `opener` is where focus returns when the dialog closes.
   */
  onSignIn: (dialog: 'login' | 'register', opener: HTMLElement | null) => void;
  /** The page, rendered only while someone is signed in. */
  children: ReactNode;
}

/**
 * The guard of every page that needs a session (docs/product.md#signed-out-visits): signed in, the page;
 * signed out (a visit, an emailed link, or a session that ended on the page), the page's heading,
 * its sentence, Log in and Sign up buttons and a way home, and the Log in dialog opens at once.
 * Closing the dialog leaves this signed-out state. It opens once each time the visitor is found
 * signed out here, not again on every render.
 */
export function SessionRequired({ title, message, onSignIn, children }: SessionRequiredProps) {
  const { user } = useAuth();
  const signedOut = user === null;
  const logIn = useRef<HTMLButtonElement>(null);
  const askToLogIn = useEffectEvent(() => onSignIn('login', logIn.current));
  useEffect(() => {
    if (signedOut) askToLogIn();
  }, [signedOut]);

  if (!signedOut) return children;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="signed-out">
      <PageMeta title={`${title} | ClinicShare`} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button ref={logIn} onClick={(event) => onSignIn('login', event.currentTarget)}>
          Log in
        </Button>
        <Button variant="outline" onClick={(event) => onSignIn('register', event.currentTarget)}>
          Sign up
        </Button>
        <Button asChild variant="ghost">
          <Link href={paths.home()}>Go Home</Link>
        </Button>
      </div>
    </div>
  );
}
