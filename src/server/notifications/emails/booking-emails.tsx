/**
 * Email templates of the booking steps, the reminder and payout_sent (see ../email-templates.ts).
 * Each reads what it needs from the notification's `data` (`BookingNoticeData`, written by
 * bookings/notices.ts; `PaidPayout` for payouts); confirmations attach the booking as an
 * iCalendar event (RFC 5545) in the space's time zone.
 */
import type { ReactNode } from 'react';
import { bookingsCalendar, CALENDAR_CONTENT_TYPE } from '../../../shared/booking-calendar';
import { bookingLink, describeDates, describeInstant, REFUND_ARRIVAL, type BookingNoticeData } from '../../../shared/booking-notices';
import { formatUsd } from '../../../shared/money';
import { type PaperKind, paperKinds, paperPath } from '../../../shared/paper-links';
import { EmailButton, EmailLayout, EmailLink, EmailText } from '../../mail/layout';
import type { EmailAttachment } from '../../mail/outgoing';
import type { EmailContent, EmailTemplate, EmailTemplateContext, EmailTemplates } from '../email-templates';

/** The notification's booking data. */
const bookingData = (context: EmailTemplateContext) => context.notification.data as unknown as BookingNoticeData;

/** The in-app link of the notification, as an absolute URL. */
const linkOf = (context: EmailTemplateContext) => context.url(context.notification.link ?? '/profile?tab=bookings');

/** Why the email came, and how to stop such emails. */
function Footer({ context, why }: { context: EmailTemplateContext; why: string }) {
  return (
    <>
      {why}
      {context.unsubscribeUrl ? (
        <>
          {' '}
          <EmailLink href={context.unsubscribeUrl}>Unsubscribe from these emails</EmailLink>.
        </>
      ) : null}
    </>
  );
}

const BOOKING_FOOTER = 'You received this email because of a booking on ClinicShare.';

/** A booking email: greeting, body, the booking's details, actions. */
function BookingEmail({
  context,
  preview,
  children,
  actions,
  showAddress = false,
}: {
  context: EmailTemplateContext;
  preview: string;
  children: ReactNode;
  actions: ReactNode;
  showAddress?: boolean;
}) {
  const data = bookingData(context);
  return (
    <EmailLayout preview={preview} footer={<Footer context={context} why={BOOKING_FOOTER} />}>
      <EmailText>Hello {context.recipient.firstName},</EmailText>
      {children}
      <EmailText>
        <strong>{data.spaceTitle}</strong>
        <br />
        {describeDates(data)} ({data.timeZone.replace(/_/g, ' ')} time)
        {showAddress ? (
          <>
            <br />
            {data.address}
          </>
        ) : null}
      </EmailText>
      {actions}
    </EmailLayout>
  );
}

/**
 * The booking as an iCalendar file (src/shared/booking-calendar.ts, as every calendar file of the
 * app): one confirmed event in the space's time zone (one per occurrence of a series), with the
 * address as its location and the house rules and a link to the booking in its description.
 */
export function bookingCalendar(data: BookingNoticeData, bookingUrl: string): EmailAttachment {
  const occurrences = data.series?.occurrences ?? [{ bookingId: data.bookingId, startAt: data.startAt, endAt: data.endAt }];
  const content = bookingsCalendar(
    occurrences.map((occurrence) => ({
      bookingId: occurrence.bookingId,
      status: 'confirmed' as const,
      spaceTitle: data.spaceTitle,
      address: data.address,
      timeZone: data.timeZone,
      startAt: occurrence.startAt,
      endAt: occurrence.endAt,
      renterName: data.renterName,
      ownerName: data.ownerName,
      houseRules: data.houseRules,
      url: bookingUrl,
    })),
    { name: 'ClinicShare' },
  );
  // The media type names the METHOD the object carries (RFC 5545 §8.1, "method").
  return { filename: 'booking.ics', contentType: `${CALENDAR_CONTENT_TYPE}; method=PUBLISH`, content };
}

/** The house rules paragraph, when the listing has some. */
function HouseRules({ data }: { data: BookingNoticeData }) {
  if (!data.houseRules) return null;
  return (
    <EmailText>
      <strong>From the owner:</strong> {data.houseRules}
    </EmailText>
  );
}

const bookingRequested: EmailTemplate = (context) => {
  const data = bookingData(context);
  const left = data.requestExpiresAt ? hoursLeft(data.requestExpiresAt, new Date(context.notification.createdAt)) : '48 hours';
  return {
    subject: `Booking request from ${data.renterName}: ${data.spaceTitle}`,
    element: (
      <BookingEmail
        context={context}
        preview={`${data.renterName} asked to book ${data.spaceTitle}. You have ${left} to answer.`}
        actions={
          <>
            <EmailButton href={context.url(bookingLink(data.bookingId, 'accept'))}>Accept</EmailButton>
            <EmailButton href={context.url(bookingLink(data.bookingId, 'decline'))}>Decline</EmailButton>
          </>
        }
      >
        <EmailText>
          {data.renterName} would like to book your space for {formatUsd(data.totalCents)}. Their card is authorised, not charged: it is
          charged only if you accept.
        </EmailText>
        {data.notes ? <EmailText>Their note: “{data.notes}”</EmailText> : null}
        <EmailText>
          You have <strong>{left}</strong> to answer
          {data.requestExpiresAt ? ` (until ${describeInstant(data.requestExpiresAt, data.timeZone, 'hourly')})` : ''}. Unanswered, the
          request expires and the dates are free again.
        </EmailText>
      </BookingEmail>
    ),
  };
};

/** Whole hours (at least 1) from `from` to `until`, in words. */
function hoursLeft(until: string, from: Date): string {
  const hours = Math.max(1, Math.floor((new Date(until).getTime() - from.getTime()) / 3_600_000));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** How the confirmation email names each paper. */
const PAPER_NAMES: Record<PaperKind, string> = {
  receipt: 'Receipt (PDF)',
  agreement: 'Space-use agreement (PDF)',
  'payout-statement': 'Payout statement (PDF)',
};

/**
 * The papers of a confirmed booking (docs/decisions/027-receipts-and-agreements.md), as links: the
 * receipt and the agreement, and for the owner the payout statement (a series': of its one payment).
 */
function PaperLinks({ context }: { context: EmailTemplateContext }) {
  const data = bookingData(context);
  const viewer = context.notification.userId === data.ownerId ? 'owner' : 'renter';
  const kinds = paperKinds({ status: 'confirmed', paymentStatus: 'paid' }, viewer);
  return (
    <EmailText>
      Your papers (sign in to open them):{' '}
      {kinds.map((kind, index) => (
        <span key={kind}>
          {index > 0 ? ' · ' : null}
          <EmailLink href={context.url(paperPath(data.bookingId, kind))}>{PAPER_NAMES[kind]}</EmailLink>
        </span>
      ))}
    </EmailText>
  );
}

/** A confirmation (booking_confirmed, request_accepted) with its calendar file and the links to its papers. */
function confirmation(context: EmailTemplateContext, subject: string, lead: ReactNode): EmailContent {
  const data = bookingData(context);
  const link = linkOf(context);
  return {
    subject,
    element: (
      <BookingEmail context={context} preview={subject} showAddress actions={<EmailButton href={link}>View the booking</EmailButton>}>
        {lead}
        <HouseRules data={data} />
        <PaperLinks context={context} />
        <EmailText>The booking is attached as a calendar event.</EmailText>
      </BookingEmail>
    ),
    attachments: [bookingCalendar(data, link)],
  };
}

const bookingConfirmed: EmailTemplate = (context) => {
  const data = bookingData(context);
  return context.notification.userId === data.ownerId
    ? confirmation(
        context,
        `Booking confirmed: ${data.renterName} at ${data.spaceTitle}`,
        <EmailText>
          {data.renterName}’s booking of your space is confirmed ({formatUsd(data.totalCents)}). Your payout follows the booking.
        </EmailText>,
      )
    : confirmation(
        context,
        `Your booking is confirmed: ${data.spaceTitle}`,
        <EmailText>
          Your booking is confirmed and {formatUsd(data.totalCents)} has been charged. {data.ownerName} is your host.
        </EmailText>,
      );
};

const requestAccepted: EmailTemplate = (context) => {
  const data = bookingData(context);
  return confirmation(
    context,
    `${data.ownerName} accepted your request: ${data.spaceTitle}`,
    <EmailText>
      Good news: {data.ownerName} accepted your request. Your booking is confirmed and {formatUsd(data.totalCents)} has been charged.
    </EmailText>,
  );
};

const requestDeclined: EmailTemplate = (context) => {
  const data = bookingData(context);
  return {
    subject: `Your booking request was declined: ${data.spaceTitle}`,
    element: (
      <BookingEmail
        context={context}
        preview="The owner could not accept your request. Nothing was charged."
        actions={<EmailButton href={context.url('/search')}>Find another space</EmailButton>}
      >
        <EmailText>
          We are sorry: {data.ownerName} could not accept your booking request. The authorisation on your card has been released and nothing
          was charged.
        </EmailText>
      </BookingEmail>
    ),
  };
};

const requestExpired: EmailTemplate = (context) => {
  const data = bookingData(context);
  const isRenter = context.notification.userId === data.renterId;
  return isRenter
    ? {
        subject: `Your booking request expired: ${data.spaceTitle}`,
        element: (
          <BookingEmail
            context={context}
            preview="The owner did not answer in time. Nothing was charged."
            actions={<EmailButton href={context.url('/search')}>Find another space</EmailButton>}
          >
            <EmailText>
              {data.ownerName} did not answer your booking request in time, so it has expired. The authorisation on your card has been
              released and nothing was charged.
            </EmailText>
          </BookingEmail>
        ),
      }
    : {
        subject: `A booking request expired: ${data.spaceTitle}`,
        element: (
          <BookingEmail
            context={context}
            preview={`${data.renterName}'s request expired unanswered.`}
            actions={<EmailButton href={linkOf(context)}>Open your bookings</EmailButton>}
          >
            <EmailText>
              {data.renterName}’s request to book your space was not answered in time, so it has expired and the dates are free again.
              Requests must be answered within 48 hours.
            </EmailText>
          </BookingEmail>
        ),
      };
};

const bookingCancelled: EmailTemplate = (context) => {
  const data = bookingData(context);
  const isRenter = context.notification.userId === data.renterId;
  const refund = data.refundCents ?? 0;
  const arrival = data.refundArrival ?? REFUND_ARRIVAL;
  const who =
    data.cancelledBy === 'renter'
      ? isRenter
        ? 'You cancelled'
        : `${data.renterName} cancelled`
      : data.cancelledBy === 'owner'
        ? isRenter
          ? `${data.ownerName} cancelled`
          : 'You cancelled'
        : 'The payment was refunded in full, which cancelled';
  return {
    subject: `Booking cancelled: ${data.spaceTitle}`,
    element: (
      <BookingEmail
        context={context}
        preview={refund > 0 ? `${formatUsd(refund)} is refunded.` : 'No refund is due.'}
        actions={<EmailButton href={linkOf(context)}>View the booking</EmailButton>}
      >
        <EmailText>{who} this booking. The dates are free again.</EmailText>
        <EmailText>
          {refund > 0
            ? isRenter
              ? `${formatUsd(refund)} of the ${formatUsd(data.totalCents)} you paid is refunded to your card. It arrives in ${arrival}, depending on your bank.`
              : `${formatUsd(refund)} of the ${formatUsd(data.totalCents)} is refunded to ${data.renterName}'s card (arriving in ${arrival}).`
            : 'No refund is due under the cancellation policy.'}
        </EmailText>
      </BookingEmail>
    ),
  };
};

const holdExpired: EmailTemplate = (context) => {
  const data = bookingData(context);
  return {
    subject: `Your hold expired: ${data.spaceTitle}`,
    element: (
      <BookingEmail
        context={context}
        preview="The payment was not completed in time. Nothing was charged."
        actions={<EmailButton href={linkOf(context)}>Book again</EmailButton>}
      >
        <EmailText>
          We held these dates for you while you paid, but the payment was not completed in time, so they were released. Nothing was charged.
          If the dates are still free, you can book them again.
        </EmailText>
      </BookingEmail>
    ),
  };
};

const bookingReminder: EmailTemplate = (context) => {
  const data = bookingData(context);
  const link = linkOf(context);
  return {
    subject: `Reminder: ${data.spaceTitle} starts ${describeInstant(data.startAt, data.timeZone, data.pricePeriod)}`,
    element: (
      <EmailLayout
        preview={`Your booking starts ${describeInstant(data.startAt, data.timeZone, data.pricePeriod)}.`}
        footer={<Footer context={context} why="You received this reminder because you have a booking on ClinicShare." />}
      >
        <EmailText>Hello {context.recipient.firstName},</EmailText>
        <EmailText>
          A reminder that your booking of <strong>{data.spaceTitle}</strong> starts{' '}
          {describeInstant(data.startAt, data.timeZone, data.pricePeriod)} ({data.timeZone.replace(/_/g, ' ')} time).
        </EmailText>
        <EmailText>
          Address: {data.address}
          <br />
          Host: {data.ownerName}
        </EmailText>
        <HouseRules data={data} />
        <EmailButton href={link}>View the booking</EmailButton>
      </EmailLayout>
    ),
  };
};

const payoutSent: EmailTemplate = (context) => {
  const data = context.notification.data as { amountCents: number; currency: string; arrivalDate: string };
  const amount =
    data.currency.toLowerCase() === 'usd' ? formatUsd(data.amountCents) : `${(data.amountCents / 100).toFixed(2)} ${data.currency}`;
  const arrives = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(data.arrivalDate));
  return {
    subject: `Payout of ${amount} sent`,
    element: (
      <EmailLayout
        preview={`${amount} is on its way to your bank account.`}
        footer={<Footer context={context} why="You received this email because you host spaces on ClinicShare." />}
      >
        <EmailText>Hello {context.recipient.firstName},</EmailText>
        <EmailText>
          A payout of <strong>{amount}</strong> for your bookings is on its way to your bank account. It should arrive by {arrives}.
        </EmailText>
        <EmailButton href={linkOf(context)}>Payout settings</EmailButton>
      </EmailLayout>
    ),
  };
};

export const bookingEmailTemplates: EmailTemplates = {
  booking_requested: bookingRequested,
  request_accepted: requestAccepted,
  request_declined: requestDeclined,
  request_expired: requestExpired,
  booking_confirmed: bookingConfirmed,
  booking_cancelled: bookingCancelled,
  hold_expired: holdExpired,
  booking_reminder: bookingReminder,
  payout_sent: payoutSent,
};
