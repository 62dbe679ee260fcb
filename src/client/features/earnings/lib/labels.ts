import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PayoutState, SpaceOccupancy } from '@/shared/schemas/earnings';

/** `YYYY-MM` for people: "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return format(new Date(year, number - 1, 1), 'MMM yyyy');
}

/** A stay's first day in its space's zone: "Tue, Dec 8, 2026". */
export function stayDate(instant: string, timeZone: string | undefined): string {
  const time = new Date(instant).getTime();
  return format(timeZone ? new TZDate(time, timeZone) : new Date(time), 'EEE, MMM d, yyyy');
}

/** How a payment reaches the owner (docs/decisions/033-owed-payouts.md), in words. */
export const PAYOUT_STATE_TEXT: Record<PayoutState, string> = {
  with_charge: 'Paid with the charge',
  owed: 'Owed to you',
  transferred: 'Transferred',
  void: 'Nothing to pay',
};

/** "120 of 200 hours" or "12 of 30 days". */
export function occupancyText(row: Pick<SpaceOccupancy, 'open' | 'booked' | 'unit'>): string {
  const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${number(row.booked)} of ${number(row.open)} ${row.unit}`;
}

/** A rate 0-1 as a whole percentage, or a dash when nothing was open. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
