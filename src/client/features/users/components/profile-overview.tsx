import { CalendarDays, Heart, Home, PlusCircle, Search, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserType } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { paths } from '@/client/lib/paths';

/** A count, or an ellipsis while it loads. */
function Count({ value, label, icon }: { value: number | undefined; label: string; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-3">
      <span className="text-primary">{icon}</span>
      <div>
        <p className="text-xl font-bold text-slate-900" data-testid={`count-${label.toLowerCase()}`}>
          {value ?? '…'}
        </p>
        <p className="text-sm text-slate-600">{label}</p>
      </div>
    </div>
  );
}

/**
 * The Overview tab (docs/product.md#profile and #who-may-do-what): a renter card for renters and
 * both (Browse Available Spaces, bookings and favourites), a lister card
 * for listers and both (List a New Space, Payment Settings, spaces, and `payoutNotice` beside
 * them: what is owed until payout setup is finished), then `recentActivity` (the first 3 bookings).
 */
export function ProfileOverview({
  userType,
  counts,
  recentActivity,
  payoutNotice,
}: {
  userType: UserType;
  counts: { bookings?: number; favorites?: number; spaces?: number };
  recentActivity: ReactNode;
  payoutNotice?: ReactNode;
}) {
  const renter = userType === 'renter' || userType === 'both';
  const lister = userType === 'lister' || userType === 'both';
  return (
    <div className="grid gap-6">
      {/* An owner who now only rents still sees what is owed to them. */}
      {lister ? null : payoutNotice}
      <div className="grid gap-6 md:grid-cols-2">
        {renter ? (
          <Card data-testid="renter-card">
            <CardHeader>
              <h2 className="text-lg leading-tight font-semibold">Find your next space</h2>
              <CardDescription>Book exam rooms, suites and labs by the hour, day or month.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid grid-cols-2 gap-3">
                <Count value={counts.bookings} label="Bookings" icon={<CalendarDays className="size-5" aria-hidden="true" />} />
                <Count value={counts.favorites} label="Favorites" icon={<Heart className="size-5" aria-hidden="true" />} />
              </div>
              <Button asChild>
                <Link href={paths.search()}>
                  <Search aria-hidden="true" />
                  Browse Available Spaces
                </Link>
              </Button>
            </CardContent>
          </Card>
        ) : null}
        {lister ? (
          <Card data-testid="lister-card">
            <CardHeader>
              <h2 className="text-lg leading-tight font-semibold">Your listings</h2>
              <CardDescription>Earn from the rooms you do not use.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Count value={counts.spaces} label="Spaces" icon={<Home className="size-5" aria-hidden="true" />} />
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link href={paths.listSpace()}>
                    <PlusCircle aria-hidden="true" />
                    List a New Space
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link href={paths.paymentsConnect()}>
                    <Wallet aria-hidden="true" />
                    Payment Settings
                  </Link>
                </Button>
              </div>
              {payoutNotice}
            </CardContent>
          </Card>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Recent Activity</h2>
        </CardHeader>
        <CardContent>{recentActivity}</CardContent>
      </Card>
    </div>
  );
}
