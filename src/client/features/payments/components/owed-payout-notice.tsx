import { ArrowRight, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { formatUsd, toCents } from '@/shared/money';
import { paths } from '@/client/lib/paths';
import { useAccountStatus } from '../api/connect-account';
import { useOwedPayouts } from '../api/get-owed-payouts';

/**
 * "Finish payout setup to receive $X" (docs/decisions/033-owed-payouts.md): shown to an owner whose
 * bookings were paid while their payout account was not ready, linking to the payout setup. Nothing
 * while it loads, when nothing is owed, or once the account can take charges (the transfer is on
 * its way).
 */
export function OwedPayoutNotice({ userId }: { userId: string }) {
  const owed = useOwedPayouts(userId);
  const cents = owed.data ? toCents(owed.data.owedAmount) : 0;
  const account = useAccountStatus(cents > 0 ? userId : undefined);
  if (cents === 0 || !account.isSuccess || account.data.chargesEnabled) return null;
  return (
    <Link
      href={paths.paymentsConnect()}
      data-testid="owed-payout-notice"
      className="focus-visible:ring-ring flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:ring-2 focus-visible:outline-none"
    >
      <Wallet className="size-5 shrink-0" aria-hidden="true" />
      <span className="grow">Finish payout setup to receive {formatUsd(cents)}</span>
      <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
    </Link>
  );
}
