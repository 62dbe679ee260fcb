import { PageMeta } from '@/client/components/page-meta';
import { CalendarConflictsInbox } from '@/client/features/calendar-imports/components/calendar-conflicts-inbox';
import { OwnerCalendarImports } from '@/client/features/calendar-imports/components/owner-calendar-imports';
import { BookingStatusBadge } from '@/client/features/bookings/components/booking-status-badge';
import { OwnerCalendar } from '@/client/features/owner-calendar/components/owner-calendar';
import { useAuth } from '@/client/lib/auth';

/**
 * /calendar (docs/product.md#calendar): the owner's calendar of their spaces' bookings, requests,
 * holds and blocked dates, where days are blocked and unblocked, the calendars imported into them,
 * and the conflicts between those calendars and bookings for the owner to decide.
 */
export function CalendarPage() {
  const { user } = useAuth();
  // Signed out, SessionRequired (app.tsx) shows the page's signed-out state and asks to log in instead.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageMeta title="Calendar | ClinicShare" />
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Calendar</h1>
      <p className="mb-5 text-sm text-slate-600">
        The bookings, requests, holds and blocked dates of your spaces, in each space’s local time.
      </p>
      <OwnerCalendar
        userId={user.id}
        StatusBadge={BookingStatusBadge}
        Calendars={OwnerCalendarImports}
        Conflicts={CalendarConflictsInbox}
      />
    </div>
  );
}
