/**
 * The earnings CSV (GET /api/users/{id}/earnings.csv, docs/decisions/034-owner-earnings.md): the
 * stays of the range and the payouts, one table written by csv-stringify as RFC 4180 asks (a
 * header row, CRLF line ends, fields quoted when they hold a comma, a quote or a line break).
 * Fields are protected against CSV injection (OWASP "CSV Injection"): one that starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (`escape_formulas`), so a space
 * titled `=HYPERLINK(...)` is text in a spreadsheet. Amounts are dollars, written non-negative
 * (the refunds have a column of their own), so they stay numbers.
 */
import { stringify } from 'csv-stringify/sync';
import { fromCents } from '../../shared/money';
import type { PayoutState } from '../../shared/schemas/earnings';
import { localDate } from '../../shared/availability';
import { csvDateTime, type EarningsReport } from './service';

/** The columns, in order, as the header row names them. */
export const EARNINGS_CSV_COLUMNS = [
  'Record',
  'Booking reference',
  'Series',
  'Space',
  'Renter',
  'Start',
  'End',
  'Time zone',
  'Status',
  'Gross (USD)',
  'Platform fee (USD)',
  'Refunds (USD)',
  'Earnings (USD)',
  'Payout',
  'Paid out on',
  'Payout amount (USD)',
  'Transfer',
] as const;

/** How a payment is paid out, in words. */
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  with_charge: 'Paid with the charge',
  owed: 'Owed',
  transferred: 'Transferred',
  void: 'Nothing to pay',
};

/** The CSV of a report: a `Stay` row per stay starting in the range, then a `Payout` row per payout sent in it or owed now. */
export function earningsCsv(report: EarningsReport): string {
  const rows: string[][] = [];
  for (const stay of report.stays) {
    const zone = stay.space.timeZone;
    rows.push([
      'Stay',
      stay.bookingId,
      stay.seriesId ?? '',
      stay.space.title,
      stay.renter,
      csvDateTime(stay.startAt, zone),
      csvDateTime(stay.endAt, zone),
      zone,
      stay.status,
      fromCents(stay.grossCents),
      fromCents(stay.feeCents),
      fromCents(stay.refundCents),
      fromCents(stay.earningsCents),
      PAYOUT_STATE_LABELS[stay.payout],
      stay.paidOutAt ? localDate(stay.paidOutAt, zone) : '',
      '',
      '',
    ]);
  }
  for (const payout of report.payouts) {
    const zone = payout.space.timeZone;
    rows.push([
      'Payout',
      payout.bookingId,
      '',
      payout.space.title,
      payout.renter,
      csvDateTime(payout.startAt, zone),
      '',
      zone,
      '',
      '',
      '',
      '',
      '',
      PAYOUT_STATE_LABELS[payout.state],
      payout.paidOutAt ? localDate(payout.paidOutAt, zone) : '',
      fromCents(payout.amountCents),
      payout.transferId ?? '',
    ]);
  }
  return stringify(rows, {
    header: true,
    columns: [...EARNINGS_CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}
