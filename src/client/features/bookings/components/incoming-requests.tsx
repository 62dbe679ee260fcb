import { Inbox, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BookingLinkAnswer } from '@/shared/booking-notices';
import { Link } from 'wouter';
import { displayName } from '@/shared/names';
import type { OwnerBooking } from '@/shared/schemas/bookings';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadError } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { cn } from '@/client/lib/cn';
import { formatAmount } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { type BookingAnswer, useAnswerBookingRequest } from '../api/answer-booking-request';
import { useBookingRequests } from '../api/get-booking-requests';
import { formatBookingInstant, formatBookingRange } from '../lib/booking-dates';
import { OutsideScheduleNote } from './outside-schedule';
import { useFreshForLink, useLinkedBooking, useLinkedRow, useRevealOnce } from '../lib/linked-booking';
import { BookingStatusBadge } from './booking-status-badge';
import { RenterCredentials } from './renter-credentials';

const TOASTS: Record<BookingAnswer, { success: string; failure: string }> = {
  accept: { success: 'Booking request accepted!', failure: 'Failed to accept booking' },
  decline: { success: 'Booking request declined', failure: 'Failed to decline booking' },
};

/**
 * 'Incoming Booking Requests' (docs/product.md#pages, #user-facing-messages): the owner's pending
 * requests with Accept (captures the card) and Decline (releases it).
 * Self-contained, so the profile page can place it where it likes.
 *
 * The request a link points at (`?booking=<id>&answer=accept|decline`, the emailed Accept and
 * Decline) stands out with that button focused; the link answers nothing by itself. A linked
 * request no longer pending says so.
 */
export function IncomingRequests({
  userId,
  renderList,
}: {
  userId: string;
  /**
   * Lays out the loaded requests instead of one row each: the page makes one row of a recurring
   * series (its first occurrence's row, answered as a whole, with the series' `summary`).
   */
  renderList?: (requests: OwnerBooking[], renderRow: (request: OwnerBooking, summary?: RequestSummary) => ReactNode) => ReactNode;
}) {
  const requests = useBookingRequests(userId);
  const answer = useAnswerBookingRequest(userId);
  const linked = useLinkedBooking();
  useFreshForLink(linked?.bookingId, requests);
  const linkedGone = Boolean(
    linked?.answer && requests.data && !requests.isFetching && !requests.data.some((request) => request.id === linked.bookingId),
  );

  const respond = (bookingId: string, kind: BookingAnswer) => {
    answer.mutate(
      { bookingId, answer: kind },
      {
        onSuccess: () => toast({ title: TOASTS[kind].success }),
        onError: () => toast({ variant: 'destructive', title: TOASTS[kind].failure, description: 'Please try again later.' }),
      },
    );
  };

  const renderRow = (request: OwnerBooking, summary?: RequestSummary) => {
    const ids = summary?.bookingIds ?? [request.id];
    return (
      <RequestRow
        request={request}
        summary={summary}
        linkedAnswer={linked && ids.includes(linked.bookingId) ? (linked.answer ?? 'row') : null}
        busy={answer.isPending && answer.variables?.bookingId === request.id ? answer.variables.answer : null}
        disabled={answer.isPending}
        onAnswer={(kind) => respond(request.id, kind)}
      />
    );
  };

  return (
    <section aria-labelledby="incoming-requests-heading" className="grid gap-3">
      <h2 id="incoming-requests-heading" className="text-lg leading-tight font-semibold text-slate-900">
        Incoming Booking Requests
      </h2>
      {linkedGone ? (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="linked-request-gone">
          This request is no longer waiting for your answer: it was answered, cancelled or has expired. Its booking, if any, is under
          Bookings of My Spaces.
        </p>
      ) : null}
      {requests.isPending ? (
        <Skeleton className="h-20 rounded-lg" aria-label="Loading booking requests" />
      ) : requests.isError ? (
        <LoadError>Failed to load booking requests. Please try again later.</LoadError>
      ) : requests.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Inbox className="size-4" aria-hidden="true" />
          No pending requests.
        </p>
      ) : renderList ? (
        renderList(requests.data, renderRow)
      ) : (
        <ul className="grid gap-3">
          {requests.data.map((request) => (
            <li key={request.id}>{renderRow(request)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A request that stands for several bookings (a recurring series, answered as a whole): what its row says instead of one booking's dates and price. */
export interface RequestSummary {
  /** In place of the dates ("Weekly on Tue, Thu · 12 bookings · from … to …"). */
  dates: string;
  /** The whole total, decimal dollars. */
  total: string;
  /** Every booking it stands for: a link to any of them points at this row. */
  bookingIds: string[];
}

function RequestRow({
  request,
  summary,
  linkedAnswer,
  busy,
  disabled,
  onAnswer,
}: {
  request: OwnerBooking;
  summary: RequestSummary | undefined;
  /** Whether a link points at this request, and what it then focuses: the row or an answer's button. */
  linkedAnswer: BookingLinkAnswer | 'row' | null;
  busy: BookingAnswer | null;
  disabled: boolean;
  onAnswer: (answer: BookingAnswer) => void;
}) {
  const timeZone = request.space?.timeZone;
  const renter = request.renter ? displayName(request.renter) : 'A renter';
  const row = useLinkedRow(linkedAnswer !== null, { focus: linkedAnswer === 'row' });
  const acceptRef = useRevealOnce<HTMLButtonElement>(linkedAnswer === 'accept');
  const declineRef = useRevealOnce<HTMLButtonElement>(linkedAnswer === 'decline');
  return (
    <div
      {...row}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between',
        row.className,
      )}
      data-testid="booking-request"
      data-booking-id={request.id}
    >
      <div className="min-w-0">
        <Link href={paths.space(request.spaceId)} className="font-medium text-slate-900 hover:text-primary hover:underline">
          {request.space?.title ?? 'Medical space'}
        </Link>
        <p className="text-sm text-slate-600">
          {renter} · {summary ? summary.dates : formatBookingRange(request)}
        </p>
        {request.outsideSchedule ? <OutsideScheduleNote /> : null}
        {request.renter?.emailVerified === undefined ? null : (
          <Badge variant={request.renter.emailVerified ? 'success' : 'muted'} className="mt-1" data-testid="renter-email-status">
            {request.renter.emailVerified ? 'Email verified' : 'Email not verified'}
          </Badge>
        )}
        <RenterCredentials booking={request} />
        {request.notes ? <p className="mt-1 text-sm text-slate-700">“{request.notes}”</p> : null}
        {request.requestExpiresAt ? (
          <p className="mt-1 text-xs text-slate-600">
            Answer by {formatBookingInstant(request.requestExpiresAt, 'hourly', timeZone)}, or it expires and the card is released.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{formatAmount(summary ? summary.total : request.totalPrice)}</span>
        <BookingStatusBadge status={request.status} />
        <Button ref={acceptRef} size="sm" onClick={() => onAnswer('accept')} disabled={disabled}>
          {busy === 'accept' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Accept
        </Button>
        <Button ref={declineRef} size="sm" variant="outline" onClick={() => onAnswer('decline')} disabled={disabled}>
          {busy === 'decline' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Decline
        </Button>
      </div>
    </div>
  );
}
