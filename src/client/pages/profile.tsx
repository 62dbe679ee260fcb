import { useQueryClient } from '@tanstack/react-query';
import { Heart, Search } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { displayName } from '@/shared/names';
import type { User } from '@/shared/schemas/users';
import type { Booking } from '@/shared/schemas/bookings';
import { PageMeta } from '@/client/components/page-meta';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { EmptyState, LoadError } from '@/client/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { EmailVerificationNotice } from '@/client/features/auth/components/email-verification-notice';
import { useBookingRequests } from '@/client/features/bookings/api/get-booking-requests';
import { getSpaceBookingsQueryOptions } from '@/client/features/bookings/api/get-space-bookings';
import { getUserBookingsQueryOptions, useUserBookings } from '@/client/features/bookings/api/get-user-bookings';
import { IncomingRequests } from '@/client/features/bookings/components/incoming-requests';
import { RecentBookings } from '@/client/features/bookings/components/recent-bookings';
import { BookingPaperLinks } from '@/client/features/bookings/components/booking-paper-links';
import { SpaceBookings } from '@/client/features/bookings/components/space-bookings';
import { UserBookingsList } from '@/client/features/bookings/components/user-bookings-list';
import { SeriesBookingList } from '@/client/features/booking-series/components/series-booking-list';
import { BookingReviewPanel } from '@/client/features/reviews/components/booking-review-panel';
import { offersReview } from '@/client/features/reviews/lib/reviewable';
import { SeriesRequestList } from '@/client/features/booking-series/components/series-request-list';
import { NoShowButton } from '@/client/features/stays/components/no-show-button';
import { NoShowNotice } from '@/client/features/stays/components/no-show-notice';
import { StayStepButton } from '@/client/features/stays/components/stay-step-button';
import { AccessPanel } from '@/client/features/access/components/access-panel';
import { TurnoverLogButton } from '@/client/features/stays/components/turnover-log-button';
import { CalendarFeedSection } from '@/client/features/calendar/components/calendar-feed-section';
import { StandingBookingsSection } from '@/client/features/standing-bookings/components/standing-bookings-section';
import { EarningsPanel } from '@/client/features/earnings/components/earnings-panel';
import { useFavorites } from '@/client/features/favorites/api/get-favorites';
import { FavoriteButton } from '@/client/features/favorites/components/favorite-button';
import { useUnreadCount } from '@/client/features/messages/api/get-unread-count';
import { OwedPayoutNotice } from '@/client/features/payments/components/owed-payout-notice';
import { RecentMessages } from '@/client/features/messages/components/recent-messages';
import { PaymentCardSection } from '@/client/features/saved-cards/components/payment-card-section';
import { EditProfileDialog } from '@/client/features/users/components/edit-profile-dialog';
import { InsuranceCertificateSection } from '@/client/features/users/components/insurance-certificate-section';
import { ProfileHeader } from '@/client/features/users/components/profile-header';
import { ProfileOverview } from '@/client/features/users/components/profile-overview';
import { SecuritySection } from '@/client/features/users/components/security-section';
import { NotificationPreferences } from '@/client/features/notifications/components/notification-preferences';
import { useOwnerSpaces } from '@/client/features/spaces/api/get-owner-spaces';
import { useSpace } from '@/client/features/spaces/api/get-space';
import { RescheduleButton, type RescheduleTimesField } from '@/client/features/reschedules/components/reschedule-button';
import { RescheduleRequests } from '@/client/features/reschedules/components/reschedule-requests';
import { OwnerSpaces } from '@/client/features/spaces/components/owner-spaces';
import { SpaceCard, SpaceCardGridSkeleton } from '@/client/features/spaces/components/space-card';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

// The booking calendar of "Change date or time": loaded when a dialog opens, as on the space page.
const BookingTimesPicker = lazy(() =>
  import('@/client/features/schedules/components/booking-times-picker').then((module) => ({ default: module.BookingTimesPicker })),
);

const TABS = ['overview', 'spaces', 'bookings', 'earnings', 'favorites', 'messages'] as const;
type Tab = (typeof TABS)[number];

/** The open tab lives in the address (?tab=favorites), so a reload or a shared link keeps it. */
function useTab(): [Tab, (tab: Tab) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('tab');
  const tab = (TABS as readonly string[]).includes(wanted ?? '') ? (wanted as Tab) : 'overview';
  const setTab = (next: Tab) => {
    const query = new URLSearchParams(search);
    if (next === 'overview') query.delete('tab');
    else query.set('tab', next);
    const text = query.toString();
    navigate(text ? `${location}?${text}` : location, { replace: true });
  };
  return [tab, setTab];
}

/** A tab's name and its count (nothing while the count loads); `countLabel` says what is counted ('new' messages). */
function TabLabel({ label, count, countLabel }: { label: string; count: number | undefined; countLabel?: string }) {
  return (
    <>
      {label}
      {count === undefined ? null : (
        <span
          className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800"
          data-testid={`tab-count-${label.toLowerCase()}`}
        >
          {count}
          {countLabel ? ` ${countLabel}` : null}
        </span>
      )}
    </>
  );
}

/**
 * /profile (docs/product.md#profile): the header with Edit Profile, then tabs with
 * counts: Overview, Spaces, Bookings, Earnings (owners: docs/decisions/034-owner-earnings.md),
 * Favorites and Messages. Each tab's
 * content comes from its feature; this page only composes them.
 */
export function ProfilePage() {
  const { user } = useAuth();
  // Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead.
  return user ? <Profile user={user} /> : null;
}

function Profile({ user }: { user: User }) {
  const [tab, setTab] = useTab();
  const bookings = useUserBookings(user.id);
  const queryClient = useQueryClient();
  const refreshBookings = () => void queryClient.invalidateQueries({ queryKey: getUserBookingsQueryOptions(user.id).queryKey });
  const refreshSpaceBookings = () => void queryClient.invalidateQueries({ queryKey: getSpaceBookingsQueryOptions(user.id).queryKey });
  const requests = useBookingRequests(user.id);
  const favorites = useFavorites(user.id);
  const spaces = useOwnerSpaces(user.id);
  const unread = useUnreadCount(user.id);

  const counts = {
    bookings: bookings.data?.length,
    favorites: favorites.data?.length,
    spaces: spaces.data?.pages[0]?.total,
  };
  const bookingsTabCount = bookings.data && requests.data ? bookings.data.length + requests.data.length : undefined;
  // Earnings are an owner's: the tab shows once the user has a space (or when the address asks for it).
  const showEarnings = (counts.spaces ?? 0) > 0 || tab === 'earnings';
  // The owner's sections (requests, bookings of their spaces) only for a user with a space or a request to answer.
  const ownerSections = (counts.spaces ?? 0) > 0 || (requests.data?.length ?? 0) > 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageMeta title={`${displayName(user)} | ClinicShare`} />
      <ProfileHeader user={user} action={<EditProfileDialog user={user} />} />
      {/* Until the emailed link is used (docs/product.md#profile). */}
      <EmailVerificationNotice user={user} />

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-8">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="spaces">
            <TabLabel label="Spaces" count={counts.spaces} />
          </TabsTrigger>
          <TabsTrigger value="bookings">
            <TabLabel label="Bookings" count={bookingsTabCount} />
          </TabsTrigger>
          {showEarnings ? <TabsTrigger value="earnings">Earnings</TabsTrigger> : null}
          <TabsTrigger value="favorites">
            <TabLabel label="Favorites" count={counts.favorites} />
          </TabsTrigger>
          <TabsTrigger value="messages">
            <TabLabel label="Messages" count={unread.data?.count} countLabel="new" />
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6">
          <ProfileOverview
            userType={user.userType}
            counts={counts}
            recentActivity={<RecentBookings userId={user.id} />}
            payoutNotice={<OwedPayoutNotice userId={user.id} />}
          />
          {/* Change password and Log out everywhere (docs/api.md). */}
          {user.userType !== 'lister' ? <InsuranceCertificateSection userId={user.id} /> : null}
          {/* The card charged for later periods of standing bookings (docs/decisions/039-saved-cards.md). */}
          {user.userType !== 'lister' ? <PaymentCardSection /> : null}
          <SecuritySection userId={user.id} />
          <NotificationPreferences userId={user.id} />
        </TabsContent>

        <TabsContent value="spaces">
          <TabSection title="My Spaces">
            <OwnerSpaces ownerId={user.id} />
          </TabSection>
        </TabsContent>

        <TabsContent value="bookings" className="grid gap-6">
          {ownerSections ? (
            <>
              <Card>
                <CardContent className="pt-5">
                  {/* A recurring series is one request, and one card in the lists below (docs/decisions/026-booking-series.md). */}
                  <IncomingRequests
                    userId={user.id}
                    renderList={(requests, renderRow) => <SeriesRequestList requests={requests} renderRow={renderRow} />}
                  />
                  <div className="mt-4 empty:hidden">
                    <RescheduleRequests userId={user.id} onChanged={refreshSpaceBookings} />
                  </div>
                </CardContent>
              </Card>
              <Card>
                <CardContent className="pt-5">
                  <SpaceBookings
                    userId={user.id}
                    renderList={(bookings, renderRow) => (
                      <SeriesBookingList
                        bookings={bookings}
                        renderRow={withReview(
                          bookings,
                          withAccess(withOwnerStay(renderRow, refreshSpaceBookings), 'owner'),
                          (booking) => booking.renter?.firstName ?? 'the renter',
                        )}
                        renderPapers={(first) => <BookingPaperLinks booking={first} viewer="owner" />}
                      />
                    )}
                  />
                </CardContent>
              </Card>
            </>
          ) : null}
          <Card>
            <CardContent className="grid gap-3 pt-5">
              <h2 className="text-lg leading-tight font-semibold text-slate-900">My Bookings</h2>
              <UserBookingsList
                userId={user.id}
                renderList={(bookings, renderRow) => (
                  <SeriesBookingList
                    bookings={bookings}
                    renderRow={withReview(
                      bookings,
                      withAccess(withStayStep(withReschedule(renderRow, refreshBookings), refreshBookings), 'renter'),
                      (booking) => booking.space?.title ?? 'the space',
                    )}
                    cancelAs={user.id}
                    renderPapers={(first) => <BookingPaperLinks booking={first} viewer="renter" />}
                  />
                )}
              />
            </CardContent>
          </Card>
          {/* Weekly bookings with no end date, billed each period (docs/decisions/041-standing-bookings.md); none: nothing shown. */}
          <StandingBookingsSection userId={user.id} />
          {/* A private address for calendar apps: the bookings above, as renter and as owner. */}
          <CalendarFeedSection userId={user.id} />
        </TabsContent>

        <TabsContent value="earnings">
          <EarningsPanel userId={user.id} />
        </TabsContent>

        <TabsContent value="favorites">
          <TabSection title="Favorite Spaces">
            <FavoriteSpaces userId={user.id} />
          </TabSection>
        </TabsContent>

        <TabsContent value="messages">
          <TabSection title="Recent Messages">
            <RecentMessages userId={user.id} />
          </TabSection>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function TabSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    // One column as wide as the page (not as its widest line): long titles and messages truncate on a phone.
    <section className="grid grid-cols-1 gap-4">
      <h2 className="text-lg leading-tight font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The Favorites tab: the user's favourite spaces as cards, each with its heart to remove it. */
function FavoriteSpaces({ userId }: { userId: string }) {
  const favorites = useFavorites(userId);
  if (favorites.isPending) return <SpaceCardGridSkeleton label="Loading favorites" />;
  if (favorites.isError) return <LoadError>Failed to load favorites. Please try again later.</LoadError>;
  if (favorites.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="No favorites yet"
        action={
          <Button asChild variant="outline">
            <Link href={paths.search()}>
              <Search aria-hidden="true" />
              Browse Available Spaces
            </Link>
          </Button>
        }
      >
        Tap the heart on any space to keep it here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Favorite spaces">
      {favorites.data.map((space) => (
        <li key={space.id} data-testid="favorite-space">
          <SpaceCard space={space} action={<FavoriteButton userId={userId} spaceId={space.id} spaceTitle={space.title} />} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A booking row of the profile's lists with, under an ended booking whose review window is open
 * (a series: its last occurrence), "Write a review" and the other side's review state.
 * @param about who or what the viewer reviews for a booking
 */
function withReview<B extends Booking>(bookings: B[], renderRow: (booking: B) => ReactNode, about: (booking: B) => string) {
  const now = Date.now();
  return function ReviewedRow(booking: B) {
    if (!offersReview(booking, bookings, now)) return renderRow(booking);
    return (
      <div className="grid gap-2 rounded-lg">
        {renderRow(booking)}
        <BookingReviewPanel bookingId={booking.id} about={about(booking)} />
      </div>
    );
  };
}

/**
 * A booking row with its "Access" panel under it while it is confirmed and has not ended
 * (docs/product.md#the-day-of-the-stay): the renter's door code or instructions from the reveal, the owner's always.
 */
function withAccess<B extends Booking>(renderRow: (booking: B) => ReactNode, viewer: 'renter' | 'owner') {
  const openedAt = Date.now();
  return function RowWithAccess(booking: B) {
    if (booking.status !== 'confirmed' || new Date(booking.endDate).getTime() <= openedAt) return renderRow(booking);
    return (
      <div className="grid gap-2 rounded-lg">
        {renderRow(booking)}
        <AccessPanel bookingId={booking.id} timeZone={booking.space?.timeZone} viewer={viewer} />
      </div>
    );
  };
}

/**
 * A booking row of the renter's list with "Change date or time" under it while it may still be
 * moved (docs/decisions/040-rescheduling.md): confirmed, or pending on a request-to-book listing,
 * and not started. Its dialog shows the space's booking calendar, as the booking dialog does.
 */
function withReschedule<B extends Booking>(renderRow: (booking: B) => ReactNode, onChanged: () => void) {
  const openedAt = Date.now();
  return function RowWithReschedule(booking: B) {
    const movable = booking.status === 'confirmed' || (booking.status === 'pending' && !booking.instantBook);
    if (!movable || Date.parse(booking.startDate) <= openedAt || booking.checkedInAt) return renderRow(booking);
    return (
      <div className="grid gap-2 rounded-lg">
        {renderRow(booking)}
        <div className="flex justify-end">
          <RescheduleButton
            booking={booking}
            onChanged={onChanged}
            renderTimes={(field) => <SpaceTimes spaceId={booking.spaceId} {...field} />}
          />
        </div>
      </div>
    );
  };
}

/** The booking calendar and time pickers of a space, for choosing a booking's new time. */
function SpaceTimes({ spaceId, ...field }: RescheduleTimesField & { spaceId: string }) {
  const space = useSpace(spaceId);
  const loading = <p className="text-sm text-slate-600">Loading the calendar…</p>;
  if (space.isPending) return loading;
  if (space.isError) return <LoadError>Failed to load the calendar. Please try again later.</LoadError>;
  return (
    <Suspense fallback={loading}>
      <BookingTimesPicker space={space.data} {...field} />
    </Suspense>
  );
}

/**
 * A booking row of the renter's list with "Check in" or "Check out" under it when the day of the
 * stay allows one (src/shared/stays.ts), its no-show (and "Dispute") and its turnover checklist;
 * `onTaken` refreshes the list.
 */
function withStayStep<B extends Booking>(renderRow: (booking: B) => ReactNode, onTaken: () => void) {
  return function RowWithStayStep(booking: B) {
    return (
      <div className="grid gap-2 rounded-lg">
        {renderRow(booking)}
        <NoShowNotice booking={booking} viewer="renter" onDisputed={onTaken} />
        <div className="flex justify-end gap-2 empty:hidden">
          <TurnoverLogButton booking={booking} viewer="renter" />
          <StayStepButton booking={booking} onTaken={onTaken} />
        </div>
      </div>
    );
  };
}

/**
 * A booking row of the owner's list with its no-show (and the renter's dispute), "Mark no-show"
 * when the rules allow it and the turnover checklist (src/shared/stays.ts); `onMarked` refreshes the list.
 */
function withOwnerStay<B extends Booking>(renderRow: (booking: B) => ReactNode, onMarked: () => void) {
  return function RowWithOwnerStay(booking: B) {
    return (
      <div className="grid gap-2 rounded-lg">
        {renderRow(booking)}
        <NoShowNotice booking={booking} viewer="owner" onDisputed={onMarked} />
        <div className="flex justify-end gap-2 empty:hidden">
          <TurnoverLogButton booking={booking} viewer="owner" />
          <NoShowButton booking={booking} onMarked={onMarked} />
        </div>
      </div>
    );
  };
}
