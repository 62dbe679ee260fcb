import { BadgeCheck, CircleAlert, Clock, LoaderCircle, RotateCw } from 'lucide-react';
import type { LicenseVerification } from '@/shared/constants';
import { NPI_IN_USE_MESSAGE } from '@/shared/npi';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/use-toast';
import { cn } from '@/client/lib/cn';
import { useVerifyLicense } from '../api/verify-license';

/** What each verification state says (docs/decisions/021-professional-verification.md), and whether asking the registry again can help. */
const STATES: Record<Exclude<LicenseVerification, 'none'>, { text: string; tone: 'good' | 'wait' | 'bad' | 'info'; retry: boolean }> = {
  verified: { text: 'Verified: your license has been checked.', tone: 'good', retry: false },
  pending: {
    text: 'Verification pending: the NPI Registry could not be reached. We will try again when you save, or retry now.',
    tone: 'wait',
    retry: true,
  },
  not_found: { text: 'Not matched: the NPI Registry has no active individual provider with this number.', tone: 'bad', retry: true },
  name_mismatch: {
    text: "Not matched: the NPI Registry's name for this number differs from your first and last name.",
    tone: 'bad',
    retry: true,
  },
  unsupported: { text: 'Only a 10-digit US NPI can be verified automatically.', tone: 'info', retry: false },
  in_use: { text: `Not verified: ${NPI_IN_USE_MESSAGE}`, tone: 'bad', retry: true },
};

const TONES = {
  good: 'border-green-200 bg-green-50 text-green-900',
  wait: 'border-yellow-200 bg-yellow-50 text-yellow-900',
  bad: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
} as const;

const ICONS = { good: BadgeCheck, wait: Clock, bad: CircleAlert, info: CircleAlert } as const;

/**
 * Where the saved license number's check stands: verified, pending (the
 * registry was unreachable) or not matched, with a retry button that asks
 * the registry again (POST /api/users/:id/verify-license). While the field
 * holds another number than the saved one, it says the number is checked on save.
 */
export function LicenseStatus({ userId, state, edited }: { userId: string; state: LicenseVerification; edited: boolean }) {
  const verify = useVerifyLicense(userId);

  if (edited) return <p className="text-xs text-slate-600">A 10-digit NPI is checked with the NPI Registry when you save.</p>;
  if (state === 'none') return <p className="text-xs text-slate-600">Enter your 10-digit NPI to earn the Verified badge.</p>;

  const shown = STATES[state];
  const Icon = ICONS[shown.tone];
  const retry = () =>
    verify.mutate(undefined, {
      onSuccess: (user) =>
        toast(
          user.licenseVerification === 'verified'
            ? { title: 'License verified' }
            : {
                title: 'Not verified yet',
                description: STATES[user.licenseVerification as keyof typeof STATES]?.text ?? 'Please try again later.',
              },
        ),
      onError: () => toast({ variant: 'destructive', title: 'Verification failed', description: 'Please try again later.' }),
    });

  return (
    <div
      className={cn('flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm', TONES[shown.tone])}
      data-testid="license-status"
      aria-live="polite"
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{shown.text}</p>
      {shown.retry ? (
        <Button size="sm" variant="outline" onClick={retry} disabled={verify.isPending}>
          {verify.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
          Retry verification
        </Button>
      ) : null}
    </div>
  );
}
