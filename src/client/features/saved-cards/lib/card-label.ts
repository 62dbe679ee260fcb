import { cardBrandName } from '@/shared/receipt';
import type { SavedCardView } from '@/shared/schemas/saved-cards';

/** A saved card for people, by the brand's name and the last 4 digits: "Visa ending in 4242". */
export function savedCardLabel(card: SavedCardView): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}
