import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { statusColor } from '@/shared/booking-lifecycle';
import { formatUsd, toCents } from '@/shared/money';
import type { AdminSpaceStatus } from '@/shared/schemas/admin';
import type { AdminBookingRow } from '@/shared/schemas/admin-bookings';
import type { AdminUserDetail } from '@/shared/schemas/admin-users';
import { REPORT_ACTION_LABELS, REPORT_REASON_LABELS, type AdminReport } from '@/shared/schemas/reports';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { paths } from '@/client/lib/paths';
import { useAdminUser } from '../api/get-admin-user';
import { formatInstant } from '../lib/format-instant';

const usd = (amount: string) => formatUsd(toCents(amount));
const BOOKING_BADGE = { green: 'success', yellow: 'warning', red: 'danger', grey: 'muted' } as const;
const SPACE_STATUS: Record<AdminSpaceStatus, { label: string; variant: 'success' | 'danger' | 'warning' | 'muted' }> = {
  listed: { label: 'Active', variant: 'success' },
  taken_down: { label: 'Taken down', variant: 'danger' },
  owner_suspended: { label: 'Hidden (owner suspended)', variant: 'warning' },
  archived: { label: 'Removed by owner', variant: 'muted' },
};
const TARGET_NAMES = { space: 'Listing', review: 'Review', message: 'Message', user: 'User' } as const;
const linkClass = 'font-medium text-primary underline-offset-2 hover:underline';
const cell = 'px-3 py-2';

/** A list of the user view: its heading with how many there are (and how many are shown), then its table or "None". */
function Section({
  title,
  list,
  columns,
  children,
}: {
  title: string;
  list: { items: unknown[]; total: number };
  columns: string[];
  children: ReactNode;
}) {
  const count = list.total > list.items.length ? `${list.items.length} newest of ${list.total}` : `${list.total}`;
  return (
    <section aria-label={title} className="grid gap-2">
      <h4 className="font-medium text-slate-900">
        {title} <span className="font-normal text-slate-600">({count})</span>
      </h4>
      {list.items.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={`${cell} font-medium`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function BookingRows({ rows, showRenter }: { rows: AdminBookingRow[]; showRenter: boolean }) {
  return rows.map((row) => (
    <tr key={row.id}>
      <th scope="row" className={`${cell} font-medium text-slate-900`}>
        {row.spaceTitle}
        {row.seriesId ? <span className="ml-1 text-xs font-normal text-slate-600">(series)</span> : null}
      </th>
      {showRenter ? <td className={cell}>{row.renterName}</td> : null}
      <td className={`${cell} whitespace-nowrap`}>
        {formatInstant(row.startDate, row.spaceTimeZone)} – {formatInstant(row.endDate, row.spaceTimeZone)}
      </td>
      <td className={cell}>
        <Badge variant={BOOKING_BADGE[statusColor(row.status)]} className="capitalize">
          {row.status.replace('_', ' ')}
        </Badge>
      </td>
      <td className={`${cell} text-right`}>{usd(row.totalPrice)}</td>
      <td className={cell}>
        <Link
          href={paths.adminBooking(row.id)}
          className={linkClass}
          aria-label={`Open the booking of ${row.spaceTitle}, ${formatInstant(row.startDate, row.spaceTimeZone)}`}
        >
          Open
        </Link>
      </td>
    </tr>
  ));
}

function ReportRows({ rows, showReporter }: { rows: AdminReport[]; showReporter: boolean }) {
  return rows.map((report) => (
    <tr key={report.id}>
      <th scope="row" className={`${cell} font-medium text-slate-900`}>
        {TARGET_NAMES[report.targetType]}: {report.target?.label ?? <span className="font-normal text-slate-600">gone</span>}
      </th>
      {showReporter ? <td className={cell}>{report.reporter.name || report.reporter.email}</td> : null}
      <td className={cell}>{REPORT_REASON_LABELS[report.reason]}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatInstant(report.createdAt)}</td>
      <td className={cell}>
        {report.resolution ? (
          <Badge variant="muted">Resolved: {REPORT_ACTION_LABELS[report.resolution]}</Badge>
        ) : (
          <Badge variant="warning">Open</Badge>
        )}
      </td>
    </tr>
  ));
}

/** The lists of a user: listings, bookings as renter and as owner, payments, reports made and about them. */
function UserLists({ detail }: { detail: AdminUserDetail }) {
  return (
    <div className="grid gap-6">
      <Section title="Listings" list={detail.listings} columns={['Title', 'Place', 'Status', 'Created']}>
        {detail.listings.items.map((space) => (
          <tr key={space.id}>
            <th scope="row" className={cell}>
              <Link href={paths.space(space.id)} className={linkClass}>
                {space.title}
              </Link>
            </th>
            <td className={cell}>
              {space.city}, {space.state}
            </td>
            <td className={cell}>
              <Badge variant={SPACE_STATUS[space.status].variant}>{SPACE_STATUS[space.status].label}</Badge>
              {space.takedownReason ? <span className="block text-xs text-slate-600">{space.takedownReason}</span> : null}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{formatInstant(space.createdAt)}</td>
          </tr>
        ))}
      </Section>
      <Section title="Bookings as renter" list={detail.bookingsAsRenter} columns={['Space', 'Dates', 'Status', 'Total', 'Booking']}>
        <BookingRows rows={detail.bookingsAsRenter.items} showRenter={false} />
      </Section>
      <Section
        title="Bookings of their listings"
        list={detail.bookingsAsOwner}
        columns={['Space', 'Renter', 'Dates', 'Status', 'Total', 'Booking']}
      >
        <BookingRows rows={detail.bookingsAsOwner.items} showRenter />
      </Section>
      <Section title="Payments" list={detail.payments} columns={['Space', 'Paid', 'Amount', 'Refunded', 'Status', 'Booking']}>
        {detail.payments.items.map((payment) => (
          <tr key={payment.id}>
            <th scope="row" className={`${cell} font-medium text-slate-900`}>
              {payment.spaceTitle}
              <span className="block text-xs font-normal text-slate-600">
                {payment.side === 'paid' ? 'Paid by them' : 'Received for their listing'}
                {payment.kind === 'series' ? ', a recurring series' : ''}
              </span>
            </th>
            <td className={`${cell} whitespace-nowrap`}>{formatInstant(payment.paidAt)}</td>
            <td className={`${cell} text-right`}>{usd(payment.amount)}</td>
            <td className={`${cell} text-right`}>{usd(payment.refunded)}</td>
            <td className={`${cell} capitalize`}>{payment.paymentStatus.replace('_', ' ')}</td>
            <td className={cell}>
              <Link
                href={paths.adminBooking(payment.bookingId)}
                className={linkClass}
                aria-label={`Open the booking paid ${formatInstant(payment.paidAt)}`}
              >
                Open
              </Link>
            </td>
          </tr>
        ))}
      </Section>
      <Section title="Reports about them" list={detail.reportsAbout} columns={['Reported', 'By', 'Reason', 'Filed', 'Status']}>
        <ReportRows rows={detail.reportsAbout.items} showReporter />
      </Section>
      <Section title="Reports they made" list={detail.reportsMade} columns={['Reported', 'Reason', 'Filed', 'Status']}>
        <ReportRows rows={detail.reportsMade.items} showReporter={false} />
      </Section>
    </div>
  );
}

/**
 * A user opened from the console's Users tab (docs/product.md#the-console): their listings, bookings,
 * payments and reports, the newest 50 of each with how many there are; bookings and payments
 * link to the Bookings tab's lookup.
 */
export function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAdminUser(id);
  const name = detail.data ? `${detail.data.user.firstName} ${detail.data.user.lastName}` : 'User';
  return (
    <article aria-labelledby={`user-${id}`} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`user-${id}`} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {name}
          </h3>
          {detail.data ? (
            <p className="text-sm break-all text-slate-600">
              {detail.data.user.email} · joined {formatInstant(detail.data.user.createdAt)} ·{' '}
              {detail.data.user.suspendedAt ? `suspended ${formatInstant(detail.data.user.suspendedAt)}` : 'active'}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${name}`}>
          <X aria-hidden className="size-4" />
          Close
        </Button>
      </header>
      {detail.isPending ? (
        <SkeletonRows label="Loading the user" rowClassName="h-10" />
      ) : detail.isError ? (
        <LoadError>{isApiError(detail.error, 404) ? 'No user has this id.' : 'Failed to load the user. Please try again later.'}</LoadError>
      ) : (
        <UserLists detail={detail.data} />
      )}
    </article>
  );
}
