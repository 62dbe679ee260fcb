import type { Space } from '@/shared/schemas/spaces';
import { standingOfferText } from '../lib/standing-offer-text';

/**
 * A listing's offer of standing bookings (src/shared/schemas/standing-bookings.ts), in its "When it's open"
 * (loaded when scrolled near, which keeps it out of the page's first load); nothing when it offers none.
 */
export function SpaceStandingOffer({ space }: { space: Pick<Space, 'standingBookings'> }) {
  if (!space.standingBookings) return null;
  return (
    <div data-testid="standing-offer">
      <h3 className="font-medium text-slate-900">Standing bookings</h3>
      <p className="mt-1 text-slate-700">{standingOfferText(space.standingBookings)}</p>
      <p className="mt-1 text-xs text-slate-600">Book the same weekdays every week until you give notice.</p>
    </div>
  );
}
