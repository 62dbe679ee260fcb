/**
 * What a renter agrees to with a standing booking (docs/decisions/041-standing-bookings.md), said
 * before paying: how each period is charged, the card kept for it, the notice and the term. Pure.
 */
import type { StandingBilling, StandingBookingOffer } from '@/shared/schemas/standing-bookings';

/** The terms of a standing booking billed by `billing` under the listing's `offer`, in one sentence or three. */
export function standingTermsText(offer: StandingBookingOffer, billing: StandingBilling): string {
  const period = billing === 'weekly' ? 'week' : 'month';
  const term =
    offer.minimumTermMonths > 0 ? ` The minimum term is ${offer.minimumTermMonths} month${offer.minimumTermMonths === 1 ? '' : 's'}.` : '';
  return (
    `You pay for the first ${period} now. Each following ${period} is charged in advance, a few days before it starts, ` +
    `to the card you pay with now, which is saved for these charges. Either of you can end it with ${offer.noticeDays} days' notice.` +
    term
  );
}
