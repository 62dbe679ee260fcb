/**
 * The booking email templates (src/server/notifications/emails/booking-emails.tsx), each rendered
 * once to HTML and plain text: the recipient's words, the amounts, the dates in the space's zone,
 * working absolute links, the unsubscribe link, and the calendar file on confirmations.
 */
import { render } from '@react-email/render';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingNoticeData } from '../../src/shared/booking-notices';
import type { NotificationKind } from '../../src/shared/schemas/notifications';
import type { notifications } from '../../src/server/db/schema';
import { bookingEmailTemplates } from '../../src/server/notifications/emails/booking-emails';

const RENTER = 'renter-id';
const OWNER = 'owner-id';
const BOOKING = '7d1d4a3e-1111-4222-8333-944455556666';

/**
 * The clock of this file: fixed, so the booking below is always a month ahead, whatever the date the
 * test runs on (the calendar file's DTSTAMP is the only instant a template takes from the clock).
 * The API tests build their dates from the real now.
 */
const NOW = new Date('2019-11-01T12:00:00.000Z');
beforeAll(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

/** A daily booking in Chicago: Dec 3 to Dec 5, 2019 local midnights (CST, UTC-6), a month after {@link NOW}. */
const data: BookingNoticeData = {
  bookingId: BOOKING,
  spaceId: 'space-id',
  spaceTitle: 'Lakeview Exam Room',
  address: '1 Lake Shore Dr, Chicago, IL 60601',
  timeZone: 'America/Chicago',
  pricePeriod: 'daily',
  startAt: '2019-12-03T06:00:00.000Z',
  endAt: '2019-12-05T06:00:00.000Z',
  totalCents: 30000,
  instantBook: true,
  renterId: RENTER,
  ownerId: OWNER,
  renterName: 'Rita Renter',
  ownerName: 'Olivia Owner',
  houseRules: 'Front desk has the key.',
  requestExpiresAt: '2019-11-03T12:00:00.000Z',
  notes: 'Two patients in the morning.',
};

/** Renders the template of `kind` for `userId` with `extra` data. */
async function email(
  kind: NotificationKind,
  userId: string,
  extra: Record<string, unknown> = {},
  link = `/profile?tab=bookings&booking=${BOOKING}`,
) {
  const template = bookingEmailTemplates[kind];
  if (!template) throw new Error(`no template for ${kind}`);
  const notification = {
    id: 'n1',
    userId,
    kind,
    title: 't',
    body: 'b',
    link,
    data: { ...data, ...extra },
    inApp: true,
    dedupeKey: null,
    readAt: null,
    createdAt: NOW,
  } as unknown as typeof notifications.$inferSelect;
  const recipient =
    userId === OWNER
      ? { firstName: 'Olivia', lastName: 'Owner', email: 'o@x.test', specialty: 'Family Medicine' }
      : { firstName: 'Rita', lastName: 'Renter', email: 'r@x.test', specialty: 'Dentistry' };
  const content = template({
    notification,
    recipient,
    url: (path) => `https://clinicshare.test${path}`,
    unsubscribeUrl: 'https://clinicshare.test/unsubscribe?token=abc',
  });
  const html = await render(content.element);
  const text = await render(content.element, { plainText: true });
  return { ...content, html, text };
}

describe('booking emails', () => {
  it('booking_requested: the owner gets Accept and Decline links and the time left', async () => {
    const mail = await email('booking_requested', OWNER);
    expect(mail.subject).toBe('Booking request from Rita Renter: Lakeview Exam Room');
    expect(mail.text).toContain('Hello Olivia');
    expect(mail.text).toContain('You have 48 hours to answer');
    expect(mail.text).toContain('$300.00');
    expect(mail.text).toContain('Two patients in the morning.');
    expect(mail.html).toContain(`https://clinicshare.test/profile?tab=bookings&amp;booking=${BOOKING}&amp;answer=accept`);
    expect(mail.html).toContain(`https://clinicshare.test/profile?tab=bookings&amp;booking=${BOOKING}&amp;answer=decline`);
    expect(mail.text).toContain('Tue, Dec 3, 2019 – Thu, Dec 5, 2019 (America/Chicago time)');
    expect(mail.html).toContain('https://clinicshare.test/unsubscribe?token=abc');
    expect(mail.attachments).toBeUndefined();
  });

  it('booking_confirmed: in the renter and the owner words, each with the calendar file', async () => {
    const renter = await email('booking_confirmed', RENTER);
    expect(renter.subject).toBe('Your booking is confirmed: Lakeview Exam Room');
    expect(renter.text).toContain('Olivia Owner is your host');
    expect(renter.text).toContain('1 Lake Shore Dr, Chicago, IL 60601');
    expect(renter.text).toContain('Front desk has the key.');
    const ics = renter.attachments?.[0];
    expect(ics?.filename).toBe('booking.ics');
    expect(ics?.content).toContain('DTSTART;TZID=America/Chicago:20191203T000000');
    expect(ics?.content).toContain('DTEND;TZID=America/Chicago:20191205T000000');
    expect(ics?.content).toContain('TZOFFSETTO:-0600');
    // DTSTAMP is in UTC, with its Z (RFC 5545 §3.8.7.2): this file's clock.
    expect(ics?.content).toContain('\r\nDTSTAMP:20191101T120000Z\r\n');

    const owner = await email('booking_confirmed', OWNER);
    expect(owner.subject).toBe('Booking confirmed: Rita Renter at Lakeview Exam Room');
    expect(owner.text).toContain('Rita Renter’s booking of your space is confirmed ($300.00)');
    expect(owner.attachments).toHaveLength(1);
  });

  it('request_accepted, request_declined, request_expired', async () => {
    const accepted = await email('request_accepted', RENTER);
    expect(accepted.subject).toBe('Olivia Owner accepted your request: Lakeview Exam Room');
    expect(accepted.attachments?.[0]?.content).toContain('LOCATION:1 Lake Shore Dr\\, Chicago\\, IL 60601');
    const declined = await email('request_declined', RENTER);
    expect(declined.text).toContain('nothing was charged');
    expect(declined.html).toContain('https://clinicshare.test/search');
    const expiredRenter = await email('request_expired', RENTER);
    expect(expiredRenter.subject).toBe('Your booking request expired: Lakeview Exam Room');
    const expiredOwner = await email('request_expired', OWNER);
    expect(expiredOwner.subject).toBe('A booking request expired: Lakeview Exam Room');
    expect(expiredOwner.text).toContain('Rita Renter’s request to book your space was not answered in time');
  });

  it('booking_cancelled: the refund and when it arrives', async () => {
    const renter = await email('booking_cancelled', RENTER, {
      cancelledBy: 'owner',
      refundCents: 30000,
      refundArrival: '5-10 business days',
    });
    expect(renter.text).toContain('Olivia Owner cancelled this booking');
    expect(renter.text).toContain('$300.00 of the $300.00 you paid is refunded to your card. It arrives in 5-10 business days');
    const owner = await email('booking_cancelled', OWNER, { cancelledBy: 'renter', refundCents: 0 });
    expect(owner.text).toContain('Rita Renter cancelled this booking');
    expect(owner.text).toContain('No refund is due under the cancellation policy.');
  });

  it('hold_expired, booking_reminder, payout_sent', async () => {
    const hold = await email('hold_expired', RENTER, {}, '/spaces/space-id');
    expect(hold.text).toContain('Nothing was charged');
    expect(hold.html).toContain('https://clinicshare.test/spaces/space-id');
    const reminder = await email('booking_reminder', RENTER);
    expect(reminder.subject).toBe('Reminder: Lakeview Exam Room starts Tue, Dec 3, 2019');
    expect(reminder.text).toContain('Address: 1 Lake Shore Dr, Chicago, IL 60601');
    const payout = await email(
      'payout_sent',
      OWNER,
      { accountId: 'acct_1', payoutId: 'po_1', amountCents: 27000, currency: 'usd', arrivalDate: '2019-12-06T00:00:00.000Z' },
      '/payments/connect',
    );
    expect(payout.subject).toBe('Payout of $270.00 sent');
    expect(payout.text).toContain('It should arrive by Fri, Dec 6, 2019');
    expect(payout.html).toContain('https://clinicshare.test/payments/connect');
  });
});
