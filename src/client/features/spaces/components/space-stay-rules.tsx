import type { Space } from '@/shared/schemas/spaces';

/**
 * The day of the stay's rules of a listing (src/shared/stays.ts), in its "When it's open" (loaded when
 * scrolled near, which keeps them out of the page's first load): "Check-in required" with the no-show
 * rule, and the turnover checklist renters tick at check-out.
 */
export function SpaceStayRules({ space }: { space: Pick<Space, 'requiresCheckIn' | 'turnoverChecklist'> }) {
  return (
    <>
      {space.requiresCheckIn ? (
        <div data-testid="check-in-required">
          <h3 className="font-medium text-slate-900">Check-in required</h3>
          <p className="mt-1 text-slate-700">
            Check in from My Bookings when you arrive: a renter who does not check in may be marked a no-show. No-shows are not refunded.
          </p>
        </div>
      ) : null}
      {space.turnoverChecklist.length > 0 ? (
        <div data-testid="turnover-checklist">
          <h3 className="font-medium text-slate-900">Before you leave</h3>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {space.turnoverChecklist.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
