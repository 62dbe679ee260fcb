import { CalendarFeedCard } from '@/client/components/calendar-feed/calendar-feed-card';

/** The profile's Calendar feed section: a private address that calendar apps subscribe to, holding the user's bookings as renter and as owner. */
export function CalendarFeedSection({ userId }: { userId: string }) {
  return (
    <CalendarFeedCard
      path={`/api/users/${encodeURIComponent(userId)}/calendar-feed`}
      // Not under ['users', userId]: the live connection invalidates that whole prefix when it
      // reconnects, and a second answer (`url: null`) would take the URL off screen.
      queryKey={['calendar-feed', userId]}
      texts={{
        title: 'Calendar feed',
        description:
          'Subscribe to your bookings, as renter and as owner, in Google Calendar, Apple Calendar or Outlook: they stay up to date there. Anyone with the address can see these bookings, so keep it to yourself.',
        getLabel: 'Get my feed address',
        gettingLabel: 'Getting your feed address…',
        loadError: 'Failed to get your calendar feed. Please try again.',
        testId: 'calendar-feed',
      }}
    />
  );
}
