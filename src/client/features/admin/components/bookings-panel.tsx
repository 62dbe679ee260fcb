import { CalendarSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearch } from 'wouter';
import { statusColor } from '@/shared/booking-lifecycle';
import type { BookingStatus } from '@/shared/constants';
import { formatUsd, toCents } from '@/shared/money';
import { readBookingsQueryText, type AdminBooking, type AdminPayment } from '@/shared/schemas/admin-bookings';
import { timeZoneName } from '@/shared/time-zones';
import type { BookingPayout } from '@/shared/schemas/payouts';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { type BookingsLookup, useAdminBooking, useAdminBookings } from '../api/get-admin-booking';
import { formatInstant } from '../lib/format-instant';
import { RefundDialog } from './refund-dialog';

const BADGE = { green: 'success', yellow: 'warning', red: 'danger', grey: 'muted' } as const;
const usd = (amount: string) => formatUsd(toCents(amount));

/** A status as a badge, coloured by `statusColor` (docs/product.md#behaviour). */
function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge variant={BADGE[statusColor(status)]} className="capitalize">
      {status.replace('_', ' ')}
    </Badge>
  );
}

type LookupKind = 'booking' | 'user' | 'space';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The console's Bookings and payments (docs/product.md#the-console): look a booking up by its id,
 * the start of its id, its receipt number or its renter's or owner's email, or list a user's or a
 * space's; a booking's parties, status history and payment as the provider reports it, its times in
 * the space's zone, and the Refund dialog. `?booking=` in the address opens that booking (the user view's links).
 */
export default function BookingsPanel() {
  const id = useId();
  const linked = new URLSearchParams(useSearch()).get('booking') ?? '';
  const opened = UUID.test(linked) ? linked : '';
  const [kind, setKind] = useState<LookupKind>('booking');
  const [text, setText] = useState(opened);
  const [inputError, setInputError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<BookingsLookup | null>(null);
  const [page, setPage] = useState(1);
  const [bookingId, setBookingId] = useState(opened);

  const search = () => {
    const value = text.trim();
    if (kind === 'booking' && !UUID.test(value)) {
      if (!readBookingsQueryText(value)) {
        setInputError('Enter a booking id (or its first 8 characters), a receipt number (CS-2026-000001) or an email.');
        return;
      }
      setInputError(null);
      setPage(1);
      setBookingId('');
      setLookup({ q: value });
      return;
    }
    if (!UUID.test(value)) {
      setInputError(`Enter a ${kind} id (like 3f2a…-…).`);
      return;
    }
    setInputError(null);
    setPage(1);
    if (kind === 'booking') {
      setLookup(null);
      setBookingId(value);
    } else {
      setBookingId('');
      setLookup(kind === 'user' ? { userId: value } : { spaceId: value });
    }
  };

  return (
    <section aria-labelledby="console-bookings" className="grid gap-4">
      <h2 id="console-bookings" className="sr-only">
        Bookings and payments
      </h2>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>Look up by</Label>
          <Select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as LookupKind)}>
            <option value="booking">Booking id, receipt or email</option>
            <option value="user">User id</option>
            <option value="space">Space id</option>
          </Select>
        </div>
        <div className="grid min-w-72 flex-1 gap-1.5">
          <Label htmlFor={`${id}-id`}>{kind === 'booking' ? 'Id, receipt number or email' : 'Id'}</Label>
          <Input
            id={`${id}-id`}
            value={text}
            maxLength={100}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          Look up
        </Button>
        {inputError ? (
          <p id={`${id}-error`} role="alert" className="w-full text-sm text-destructive">
            {inputError}
          </p>
        ) : null}
      </form>
      {lookup ? <BookingsList lookup={lookup} page={page} onPage={setPage} onOpen={setBookingId} /> : null}
      {bookingId ? <BookingDetail id={bookingId} /> : null}
      {!lookup && !bookingId ? (
        <EmptyState icon={CalendarSearch} title="Look up a booking">
          Enter a booking id (or its first 8 characters), a receipt number, a renter&apos;s or owner&apos;s email, or a user&apos;s or a
          space&apos;s id to list their bookings.
        </EmptyState>
      ) : null}
    </section>
  );
}

/** A user's or a space's bookings, newest first, a page at a time. */
function BookingsList({
  lookup,
  page,
  onPage,
  onOpen,
}: {
  lookup: BookingsLookup;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  const list = useAdminBookings(lookup, page);
  if (list.isPending) return <SkeletonRows label="Loading bookings" rowClassName="h-10" />;
  if (list.isError) return <LoadError>Failed to load bookings. Please try again later.</LoadError>;
  if (list.data.bookings.length === 0)
    return (
      <EmptyState icon={CalendarSearch} title="No bookings found">
        {'userId' in lookup
          ? 'This user has made or received no bookings.'
          : 'spaceId' in lookup
            ? 'This space has no bookings.'
            : `No booking has this receipt number, email or id.`}
      </EmptyState>
    );
  const owed = list.data.owedPayouts;
  return (
    <div className="grid gap-2">
      {owed && toCents(owed.owedAmount) > 0 ? (
        <p className="text-sm text-slate-700" data-testid="owed-payouts">
          Owed to this owner until their payout setup is finished: {usd(owed.owedAmount)} ({owed.payments}{' '}
          {owed.payments === 1 ? 'payment' : 'payments'})
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
          <caption className="sr-only">Bookings, newest first</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Space
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Renter
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Dates (the space&apos;s time)
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {list.data.bookings.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {row.spaceTitle}
                </th>
                <td className="px-3 py-2">{row.renterName}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatInstant(row.startDate, row.spaceTimeZone)} – {formatInstant(row.endDate, row.spaceTimeZone)}
                </td>
                <td className="px-3 py-2 text-right">{usd(row.totalPrice)}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onOpen(row.id)}
                    aria-label={`Open the booking of ${row.spaceTitle} by ${row.renterName}`}
                  >
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Newer
        </Button>
        <Button size="sm" variant="outline" disabled={!list.data.hasMore} onClick={() => onPage(page + 1)}>
          Older
        </Button>
      </div>
    </div>
  );
}

/** A payment's figures as the provider reports them. */
function PaymentFigures({ title, payment }: { title: string; payment: AdminPayment }) {
  return (
    <div className="grid gap-1 rounded-lg border border-slate-200 p-3">
      <h4 className="font-medium text-slate-900">{title}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Intent</dt>
        <dd className="break-all">{payment.intentId}</dd>
        <dt className="text-slate-600">Amount</dt>
        <dd>{usd(payment.amount)}</dd>
        <dt className="text-slate-600">Platform fee</dt>
        <dd>{usd(payment.fee)}</dd>
        <dt className="text-slate-600">Paid</dt>
        <dd>{payment.paid ? 'Yes' : 'No'}</dd>
        <dt className="text-slate-600">Refunded</dt>
        <dd data-testid="payment-refunded">{usd(payment.refunded)}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          {payment.paymentStatus.replace('_', ' ')} (provider: {payment.providerStatus ?? 'unknown'})
        </dd>
      </dl>
    </div>
  );
}

/** How the owner is paid for a booking's payment (docs/decisions/033-owed-payouts.md), in words. */
function payoutText(payout: BookingPayout): string {
  switch (payout.kind) {
    case 'destination':
      return 'Destination charge: paid to the owner with the payment';
    case 'owed':
      return `Owed ${usd(payout.amount)}: charged on the platform, sent once the owner finishes payout setup`;
    case 'transferred': {
      const reversed = toCents(payout.reversedAmount) > 0 ? `, ${usd(payout.reversedAmount)} reversed after refunds` : '';
      return `Transferred ${usd(payout.amount)} on ${formatInstant(payout.transferredAt)} (${payout.transferId})${reversed}`;
    }
    case 'void':
      return 'Nothing owed: the payment ended with nothing for the owner';
    case 'none':
      return 'No payment yet';
  }
}

/** A booking: parties, status history, payment, console refunds and the Refund button. */
function BookingDetail({ id }: { id: string }) {
  const booking = useAdminBooking(id);
  const [refunding, setRefunding] = useState<AdminBooking | null>(null);
  if (booking.isPending) return <SkeletonRows label="Loading the booking" rowClassName="h-16" />;
  if (booking.isError)
    return isApiError(booking.error, 404) ? (
      <EmptyState icon={CalendarSearch} title="No booking found">
        No booking has this id.
      </EmptyState>
    ) : (
      <LoadError>Failed to load the booking. Please try again later.</LoadError>
    );
  const b = booking.data;
  const zone = b.space.timeZone;
  return (
    <article aria-labelledby={`booking-${b.id}`} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`booking-${b.id}`} className="text-lg font-semibold text-slate-900">
            {b.space.title}, {b.space.city}, {b.space.state}
          </h3>
          <p className="text-sm text-slate-600">
            {formatInstant(b.startDate, zone)} – {formatInstant(b.endDate, zone)} · {usd(b.totalPrice)} · <StatusBadge status={b.status} />
          </p>
          <p className="text-xs text-slate-600" data-testid="booking-time-zone">
            Times in the space&apos;s zone: {timeZoneName(zone)}
          </p>
        </div>
        {toCents(b.refundable) > 0 ? (
          <Button variant="destructive" onClick={() => setRefunding(b)}>
            Refund…
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Nothing to refund.</p>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Booking</dt>
        <dd className="break-all">{b.id}</dd>
        <dt className="text-slate-600">Renter</dt>
        <dd>
          {b.renter.name} ({b.renter.email})
        </dd>
        <dt className="text-slate-600">Owner</dt>
        <dd>
          {b.owner.name} ({b.owner.email})
        </dd>
        <dt className="text-slate-600">Refunded on this booking</dt>
        <dd>{usd(b.amountRefunded)}</dd>
        <dt className="text-slate-600">Owner payout</dt>
        <dd data-testid="owner-payout">{payoutText(b.payout)}</dd>
      </dl>
      <section aria-label="Status history">
        <h4 className="mb-1 font-medium text-slate-900">Status history</h4>
        <ol className="grid gap-1 text-sm">
          {b.history.map((event, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <span className="text-slate-600">{formatInstant(event.at, zone)}</span>
              {event.fromStatus ? <StatusBadge status={event.fromStatus} /> : null}
              {event.fromStatus ? <span aria-label="to">→</span> : null}
              <StatusBadge status={event.toStatus} />
              {event.reconstructed ? (
                <span className="text-xs text-slate-600">(recorded before the history was kept; earlier steps unknown)</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Payments" className="grid gap-2 sm:grid-cols-2">
        {b.payment ? <PaymentFigures title="Payment" payment={b.payment} /> : null}
        {b.series?.payment ? (
          <PaymentFigures
            title={`Series payment (${b.series.occurrences} occurrences, ${usd(b.series.totalPrice)})`}
            payment={b.series.payment}
          />
        ) : null}
        {!b.payment && !b.series?.payment ? <p className="text-sm text-slate-600">No payment was made.</p> : null}
      </section>
      {b.refunds.length > 0 ? (
        <section aria-label="Console refunds">
          <h4 className="mb-1 font-medium text-slate-900">Refunds from the console</h4>
          <ul className="grid gap-1 text-sm">
            {b.refunds.map((refund) => (
              <li key={refund.id}>
                {usd(refund.amount)} by {refund.actor?.name ?? 'the command line'}, {formatInstant(refund.createdAt, zone)}: {refund.reason}
                {refund.completedAt ? '' : ' (in progress)'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {b.noShow ? (
        <section aria-label="No-show" data-testid="console-no-show">
          <h4 className="mb-1 font-medium text-slate-900">No-show</h4>
          <p className="text-sm">Marked by the owner {formatInstant(b.noShow.markedAt, zone)} (not refunded).</p>
          {b.noShow.disputedAt ? (
            <p className="text-sm">
              Disputed by the renter {formatInstant(b.noShow.disputedAt, zone)}: {b.noShow.disputeReason}
            </p>
          ) : (
            <p className="text-sm text-slate-600">Not disputed.</p>
          )}
        </section>
      ) : null}
      {b.turnover.length > 0 ? (
        <section aria-label="Turnover checklist" data-testid="console-turnover">
          <h4 className="mb-1 font-medium text-slate-900">Turnover checklist</h4>
          <ul className="grid gap-1 text-sm">
            {b.turnover.map((entry) => (
              <li key={entry.id}>
                {entry.role === 'renter' ? 'Renter' : 'Owner'}, {formatInstant(entry.createdAt, zone)}:{' '}
                {entry.items.map((item) => `${item.label} ${item.done ? '(done)' : '(not done)'}`).join('; ')}
                {entry.note ? ` — ${entry.note}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refunding ? <RefundDialog booking={refunding} onClose={() => setRefunding(null)} /> : null}
    </article>
  );
}
