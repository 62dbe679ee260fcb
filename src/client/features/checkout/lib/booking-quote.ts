/**
 * The booking form's quote, computed in the browser by the same pure rules the server charges by
 * (src/shared/booking-rules.ts); the server quotes again when it holds the dates. Only the booking
 * form imports this module, so the rules and date-fns/tz load with the form, not with the space page.
 */
import {
  assertNotInPast,
  BookingAmountError,
  BookingRuleError,
  INVALID_AMOUNT,
  type BookingQuote,
  quoteBooking,
} from '@/shared/booking-rules';
import type { Space } from '@/shared/schemas/spaces';
import { centsOf } from '@/client/lib/format';

const DAILY_RANGE_MESSAGE = 'End date must be at least 1 day after start date.';
const INVALID_DATES = 'Invalid booking dates';

/** A range that can be booked, with its units and total; or the toast title and message saying why not. */
export type FormQuote = { ok: true; quote: BookingQuote } | { ok: false; title: string; message: string };

/**
 * Quotes the form's range (YYYY-MM-DD dates, or YYYY-MM-DDTHH:mm for hourly spaces) at the
 * listing's price, without the first-booking fee (the server adds it), or says why it cannot be
 * booked: 'Invalid Amount' for a total under the payment minimum, 'Invalid booking dates' for a
 * range the rules refuse or one that starts in the past.
 */
export function quoteBookingForm(
  space: Pick<Space, 'pricePerDay' | 'pricePeriod' | 'timeZone'>,
  startDate: string,
  endDate: string,
): FormQuote {
  const unitPriceCents = centsOf(space.pricePerDay) ?? 0;
  let result;
  try {
    result = quoteBooking({
      period: space.pricePeriod,
      unitPriceCents,
      start: startDate,
      end: endDate,
      timeZone: space.timeZone,
      isFirstTransaction: false,
    });
  } catch (error) {
    // A total under the payment minimum (a listing priced before the minimum existed): 'Invalid Amount' (docs/product.md#user-facing-messages).
    if (error instanceof BookingAmountError) return { ok: false, title: INVALID_AMOUNT, message: error.message };
    if (error instanceof BookingRuleError) {
      return { ok: false, title: INVALID_DATES, message: space.pricePeriod === 'daily' ? DAILY_RANGE_MESSAGE : error.message };
    }
    throw error;
  }
  try {
    assertNotInPast(space.pricePeriod, result.startAt, new Date(), space.timeZone);
  } catch (error) {
    if (error instanceof BookingRuleError) return { ok: false, title: INVALID_DATES, message: error.message };
    throw error;
  }
  return { ok: true, quote: result };
}
