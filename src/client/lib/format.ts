import { PRICING_PERIOD_LABELS, type PricingPeriod } from '@/shared/constants';
import { formatUsd, toCents } from '@/shared/money';

/** Cents of a decimal amount from the API, or null when it is not a money amount. */
export function centsOf(amount: string | number): number | null {
  try {
    return toCents(amount);
  } catch {
    return null;
  }
}

/** A decimal amount from the API for people: "150.00" -> "$150", "99.50" -> "$99.50". */
export function formatAmount(amount: string | number): string {
  const cents = centsOf(amount);
  return cents === null ? String(amount) : formatUsd(cents, { compact: true });
}

/** The suffix of a pricing period: "/hr", "/day" or "/mo" (docs/product.md#space-page). */
export function periodSuffix(period: PricingPeriod): string {
  return `/${PRICING_PERIOD_LABELS[period]}`;
}

const UNIT_NAMES: Record<PricingPeriod, [string, string]> = {
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  monthly: ['month', 'months'],
  session: ['session', 'sessions'],
};

/** The unit a price is per: "hour", "day", "month" or "session" ("Max price per day"). */
export function periodUnit(period: PricingPeriod): string {
  return UNIT_NAMES[period][0];
}

/** A count of pricing units: "1 day", "3 hours", "2 months". */
export function formatUnits(units: number, period: PricingPeriod): string {
  const [one, many] = UNIT_NAMES[period];
  return `${units} ${units === 1 ? one : many}`;
}
