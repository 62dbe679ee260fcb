import { ArrowLeft, BadgeCheck, CircleAlert, Clock, ExternalLink, LoaderCircle, Wallet } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageMeta } from '@/client/components/page-meta';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/lib/use-toast';
import {
  type AccountStatus,
  useAccountStatus,
  useCreateAccountLink,
  useCreateConnectAccount,
} from '@/client/features/payments/api/connect-account';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';
import { usePublicConfig } from '@/client/lib/public-config';

/** Where a connected owner manages payouts (Stripe Express accounts sign in here). */
const EXPRESS_DASHBOARD_URL = 'https://connect.stripe.com/express_login';

function BackToProfile() {
  return (
    <Link href={paths.profile()} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Profile
    </Link>
  );
}

/** /payments/connect (docs/product.md#payment-settings, #payout-account, #user-facing-messages and #constants): the owner's payout account, onboarding and its return addresses. */
export function PaymentsConnectPage() {
  const { user } = useAuth();
  // Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead.
  return user ? <PaymentSettings userId={user.id} email={user.email} /> : null;
}

type ButtonState = 'set-up' | 'complete' | 'dashboard';

function buttonState(status: AccountStatus): ButtonState {
  if (!status.hasAccount) return 'set-up';
  return status.chargesEnabled ? 'dashboard' : 'complete';
}

function PaymentSettings({ userId, email }: { userId: string; email: string }) {
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const success = query.get('success') === 'true';
  const refresh = query.get('refresh') === 'true';
  const config = usePublicConfig();
  const status = useAccountStatus(userId);
  const createAccount = useCreateConnectAccount();
  const createLink = useCreateAccountLink();
  const starting = createAccount.isPending || createLink.isPending;
  const { refetch } = status;

  /** Creates the account when there is none, then sends the browser to the onboarding link. */
  const startOnboarding = async (needsAccount: boolean) => {
    if (needsAccount) {
      try {
        await createAccount.mutateAsync({ userId, email });
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create Connect account' });
        return;
      }
    }
    try {
      const { url } = await createLink.mutateAsync({ userId });
      window.location.assign(url);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate onboarding link' });
    }
  };

  // The return addresses of onboarding, handled once (StrictMode runs effects twice in development).
  const handled = useRef(false);
  const restartOnboarding = useEffectEvent(() => void startOnboarding(false));
  useEffect(() => {
    if (handled.current || (!success && !refresh)) return;
    handled.current = true;
    navigate(paths.paymentsConnect(), { replace: true });
    if (success) {
      toast({ title: 'Success!', description: 'Your payment account has been set up successfully.' });
      void refetch();
    } else {
      toast({ title: 'Please try again', description: 'The onboarding session expired. Starting a new one...' });
      restartOnboarding();
    }
  }, [success, refresh, navigate, refetch]);

  const paymentsOff = config.data?.payments === 'none';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta title="Payment Settings | ClinicShare" />
      <BackToProfile />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Payment Settings</h1>
      <p className="mt-2 text-slate-600">Set up your payout account to receive payments for bookings of your spaces.</p>

      <Card className="mt-6">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold text-slate-900">
            <Wallet className="size-5 text-primary" aria-hidden="true" />
            Payout Account
          </h2>
        </CardHeader>
        <CardContent className="grid gap-5">
          {paymentsOff ? (
            <Unavailable />
          ) : status.isPending ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading payment settings">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-10 w-40" />
            </div>
          ) : status.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              Failed to load payment settings. Please try again later.
            </p>
          ) : (
            <>
              <dl className="grid gap-3 sm:grid-cols-2">
                <div className="rounded-lg border border-slate-200 p-4">
                  <dt className="text-sm text-slate-600">Payment Status</dt>
                  <dd className="mt-1">
                    {status.data.chargesEnabled ? (
                      <Badge variant="success">
                        <BadgeCheck className="size-3.5" aria-hidden="true" />
                        Active
                      </Badge>
                    ) : (
                      <Badge variant="warning">
                        <Clock className="size-3.5" aria-hidden="true" />
                        Pending
                      </Badge>
                    )}
                  </dd>
                </div>
                <div className="rounded-lg border border-slate-200 p-4">
                  <dt className="text-sm text-slate-600">Account Verification</dt>
                  <dd className="mt-1">
                    {status.data.detailsSubmitted ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Incomplete</Badge>}
                  </dd>
                </div>
              </dl>
              <MainButton
                state={buttonState(status.data)}
                demo={config.data?.payments === 'demo'}
                starting={starting}
                onStart={(needsAccount) => void startOnboarding(needsAccount)}
              />
            </>
          )}
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold text-slate-900">How it works</h2>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-2 pl-5 text-slate-700">
            <li>Set up your payout account with our secure payment partner: your identity and the bank account for payouts.</li>
            <li>Renters pay by card when they book one of your spaces.</li>
            <li>ClinicShare keeps a 10% platform fee per booking; the rest is yours.</li>
            <li>Payouts reach your bank account in 2-3 business days.</li>
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

function MainButton({
  state,
  demo,
  starting,
  onStart,
}: {
  state: ButtonState;
  demo: boolean;
  starting: boolean;
  onStart: (needsAccount: boolean) => void;
}) {
  if (state === 'dashboard') {
    return demo ? (
      <p className="text-sm text-slate-600">
        Your payout account is ready. Demo payments move no money, so there is no payout dashboard to view.
      </p>
    ) : (
      <Button asChild size="lg" className="justify-self-start">
        <a href={EXPRESS_DASHBOARD_URL} target="_blank" rel="noreferrer">
          View Payout Dashboard
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Button>
    );
  }
  return (
    <Button size="lg" className="justify-self-start" disabled={starting} onClick={() => onStart(state === 'set-up')}>
      {starting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {state === 'set-up' ? 'Set Up Payments' : 'Complete Setup'}
    </Button>
  );
}

function Unavailable() {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Payment Setup Required</p>
        <p>Payment processing is currently not available. Please contact support.</p>
      </div>
    </div>
  );
}
