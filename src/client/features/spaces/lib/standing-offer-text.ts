import type { StandingBookingOffer } from '@/shared/schemas/standing-bookings';

/**
 * A listing's offer of standing bookings in words, as the space page shows it: "Billed weekly or monthly in
 * advance, 30 days' notice, 3-month minimum term." (no minimum: "no minimum term").
 */
export function standingOfferText(offer: StandingBookingOffer): string {
  const term = offer.minimumTermMonths === 0 ? 'no minimum term' : `${offer.minimumTermMonths}-month minimum term`;
  // At least 7 days (STANDING_NOTICE_DAYS_MIN): always "days'".
  return `Billed ${offer.billing.join(' or ')} in advance, ${offer.noticeDays} days' notice, ${term}.`;
}
