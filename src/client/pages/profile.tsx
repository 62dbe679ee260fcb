import { BadgeCheck, Mail, Stethoscope, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_COVER_COLOR, USER_TYPE_LABELS } from '@/shared/constants';
import { PageMeta } from '@/client/components/page-meta';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { IncomingRequests } from '@/client/features/bookings/components/incoming-requests';
import { UserBookingsList } from '@/client/features/bookings/components/user-bookings-list';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** Only a plain hex colour reaches the style attribute (DESIGN decision 13). */
function safeColor(color: string): string {
  return /^#[0-9a-f]{3,8}$/i.test(color) ? color : DEFAULT_COVER_COLOR;
}

/** /profile: who is signed in and their bookings. The full profile (tabs, editing) comes with its own issue. */
export function ProfilePage() {
  const { user } = useAuth();

  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <PageMeta title="Profile | ClinicShare" />
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-2 text-slate-600">Unable to load profile data.</p>
      </div>
    );
  }

  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageMeta title={`Dr. ${user.firstName} ${user.lastName} | ClinicShare`} />
      <Card className="overflow-hidden">
        <div className="h-28 sm:h-36" style={{ backgroundColor: safeColor(user.coverColor) }} />
        <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:px-6">
          <span
            className="-mt-12 flex size-24 shrink-0 items-center justify-center rounded-full border-4 border-white bg-primary-soft text-2xl font-bold text-primary shadow"
            aria-hidden="true"
          >
            {initials}
          </span>
          <div className="grid gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">
                Dr. {user.firstName} {user.lastName}
              </h1>
              {user.verified ? (
                <Badge variant="success">
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  Verified
                </Badge>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
              {user.specialty ? (
                <span className="flex items-center gap-1.5">
                  <Stethoscope className="size-4" aria-hidden="true" />
                  {user.specialty}
                </span>
              ) : null}
              <span className="flex items-center gap-1.5">
                <Mail className="size-4" aria-hidden="true" />
                {user.email}
              </span>
              <Badge variant="secondary">{USER_TYPE_LABELS[user.userType]}</Badge>
            </div>
            {user.bio ? <p className="mt-1 text-slate-700">{user.bio}</p> : null}
            {user.userType !== 'renter' ? (
              // Lister content (SPEC section 6): where owners set up payouts.
              <Link
                href={paths.paymentsConnect()}
                className="mt-1 inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm font-medium text-primary hover:underline"
              >
                <Wallet className="size-4" aria-hidden="true" />
                Payment Settings
              </Link>
            ) : null}
          </div>
        </div>
      </Card>

      <Card className="mt-6">
        <CardContent className="pt-6">
          <IncomingRequests userId={user.id} />
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">My Bookings</h2>
        </CardHeader>
        <CardContent>
          <UserBookingsList userId={user.id} />
        </CardContent>
      </Card>
    </div>
  );
}
