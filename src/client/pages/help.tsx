import { Link } from 'wouter';
import { CANCELLATION_POLICY_TEXT } from '@/shared/cancellation';
import {
  CANCELLATION_POLICY_TIERS,
  FIRST_BOOKING_FEE_BASIS_POINTS,
  HOLD_MINUTES,
  MAX_RECURRENCE_WEEKS,
  REQUEST_ANSWER_HOURS,
} from '@/shared/constants';
import { REFUND_ARRIVAL } from '@/shared/booking-notices';
import { FAQ_SECTION_ID } from '@/shared/info-page-paths';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';
const list = 'grid list-disc gap-2 pl-5';
/** The first-booking fee as people read it ("10%"). */
const FEE = `${FIRST_BOOKING_FEE_BASIS_POINTS / 100}%`;

/** The FAQ: a question and its answer each. */
const FAQ: { question: string; answer: React.ReactNode }[] = [
  {
    question: 'Do I need an account to look around?',
    answer:
      'No. Anyone can search, use the map and read a space’s page. You need an account to book, to message an owner and to list a space.',
  },
  {
    question: 'Does listing a space cost anything?',
    answer: `No. ClinicShare keeps ${FEE} of a renter’s first booking with you, and nothing on that renter’s later bookings with you.`,
  },
  {
    question: 'Can I share patient information through ClinicShare?',
    answer:
      'No. Keep patient names, records and any other protected health information (PHI) off ClinicShare: out of messages, listings, photos and booking notes.',
  },
  {
    question: 'Who provides insurance?',
    answer:
      'Each booking’s agreement says that the renter holds a current licence for the care they give and brings their own professional liability (malpractice) insurance; the owner provides neither.',
  },
  {
    question: 'Why did my booking request expire?',
    answer: `An owner has ${REQUEST_ANSWER_HOURS} hours to answer a request, and a request also ends when its start time comes. Unanswered, it expires and your card is not charged.`,
  },
  {
    question: 'Can I pay an owner directly?',
    answer: (
      <>
        No: pay only through ClinicShare. A payment outside the platform has no refund under the cancellation policy and no record of the
        booking. See{' '}
        <Link href={paths.safety()} className={link}>
          Safety
        </Link>
        .
      </>
    ),
  },
  {
    question: 'How do I reach a person?',
    answer: (
      <>
        Use the{' '}
        <Link href={paths.contact()} className={link}>
          contact form
        </Link>
        ; it works with or without an account.
      </>
    ),
  },
];

const SECTIONS: InfoSection[] = [
  {
    id: 'booking',
    title: 'Booking a space',
    body: (
      <>
        <p>
          Find a space with Browse Spaces or the map, open it and choose Book Space (you will be asked to log in). The calendar shows the
          days that can still be booked; then pick the hours, a session, a range of days or a number of months, depending on how the space
          is priced. Times are always the space&apos;s local time.
        </p>
        <ul className={list}>
          <li>
            <strong>Instant booking</strong>: once you pay, the booking is confirmed.
          </li>
          <li>
            <strong>Request to book</strong>: your card is authorised, not charged. The owner has {REQUEST_ANSWER_HOURS} hours (and at most
            until the start) to accept, which charges the card and confirms the booking, or to decline, which releases the authorisation.
          </li>
        </ul>
        <p>
          Your bookings are on your profile, under Bookings, with their status; you and the owner are also told of each step in the app and
          by email.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <ul className={list}>
        <li>
          You pay by card in our payment provider&apos;s (Stripe&apos;s) secure form; ClinicShare never sees your card number. The amount is
          worked out by our server: the price of the space times the hours, sessions, days or months you book.
        </li>
        <li>
          When you proceed to payment, the dates are held for you for {HOLD_MINUTES} minutes while you pay, so nobody else can book them. If
          the time runs out before you pay, the dates are released and nothing is charged.
        </li>
        <li>
          A platform fee of {FEE} is part of the total of a renter&apos;s first booking with an owner; it is shown before you pay. Later
          bookings with the same owner carry no fee.
        </li>
        <li>Refunds go back to the card you paid with and arrive in {REFUND_ARRIVAL}, depending on your bank.</li>
      </ul>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation and refunds',
    body: (
      <>
        <p>
          Each space has one of three cancellation policies, shown on its page under Rules &amp; Policies. When a renter cancels, the refund
          depends on the policy and on how long before the start the booking is cancelled:
        </p>
        <ul className={list}>
          {CANCELLATION_POLICY_TIERS.map((tier) => (
            <li key={tier}>{CANCELLATION_POLICY_TEXT[tier]}</li>
          ))}
        </ul>
        <ul className={list}>
          <li>&quot;At least 24 hours before&quot; includes cancelling exactly 24 hours before the start.</li>
          <li>When an owner cancels a booking, the renter gets everything back.</li>
          <li>
            If you cancel the booking that carried the first-booking fee while you hold other bookings with the same owner, the fee is not
            refunded; the policy&apos;s share applies to the rest of the total. The Cancel dialog shows the refund and its reason before you
            confirm.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'recurring',
    title: 'Recurring bookings',
    body: (
      <ul className={list}>
        <li>
          In the booking dialog, Repeat weekly books the same hours, session or days on the weekdays you choose, until a date or for a
          number of occurrences, up to {MAX_RECURRENCE_WEEKS} weeks from the first (not for monthly bookings).
        </li>
        <li>
          The whole series is checked and held at once and paid in one payment. If some occurrences cannot be booked, you are told which and
          why, and may book only the free ones.
        </li>
        <li>
          On a request-to-book space the owner accepts or declines the whole series. The first-booking fee counts the series as one booking.
        </li>
        <li>
          You can cancel one occurrence, or the rest of the series; each occurrence is refunded by the space&apos;s policy from its own
          start, and refunds never add up to more than you paid.
        </li>
      </ul>
    ),
  },
  {
    id: 'verification',
    title: 'Professional verification (NPI)',
    body: (
      <ul className={list}>
        <li>
          Add your license number on your profile. If it is a US National Provider Identifier (NPI, 10 digits), we check it against the
          public NPPES NPI Registry: your profile shows Verified when the registry has an active record for that number under the name on
          your profile.
        </li>
        <li>
          Only a 10-digit US NPI can be verified automatically; other license numbers are kept but not verified. If the registry cannot be
          reached, the check stays pending and you can retry it from your profile.
        </li>
        <li>
          One NPI can be verified on one account only. If yours is already verified on another account, write to us with the{' '}
          <Link href={paths.contact()} className={link}>
            contact form
          </Link>
          .
        </li>
        <li>Only this check sets Verified: nobody can set it by hand, and a changed name or number is checked again.</li>
      </ul>
    ),
  },
  {
    id: 'payouts',
    title: 'Payouts for owners',
    body: (
      <ul className={list}>
        <li>
          Set up your payout account on{' '}
          <Link href={paths.paymentsConnect()} className={link}>
            Payment settings
          </Link>{' '}
          before your first booking: you give your identity and bank details to our payment partner, Stripe, not to ClinicShare. Until the
          account can receive payouts we cannot send you your share.
        </li>
        <li>
          Your share of a booking is its total less the platform fee ({FEE} on a renter&apos;s first booking with you, nothing after that).
          Payouts reach your bank account in 2-3 business days.
        </li>
        <li>A refund to a renter comes out of your share of that booking.</li>
      </ul>
    ),
  },
  {
    id: FAQ_SECTION_ID,
    title: 'Frequently asked questions',
    body: (
      <dl className="grid gap-4">
        {FAQ.map((item) => (
          <div key={item.question}>
            <dt className="font-semibold text-slate-900">{item.question}</dt>
            <dd className="mt-1">{item.answer}</dd>
          </div>
        ))}
      </dl>
    ),
  },
];

/** /help: the Help Center and, at `#faq`, the FAQ; the rules are read from src/shared (cancellation tiers, fee, hold). */
export function HelpPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.help}
      intro={
        <p>
          How ClinicShare works for renters and owners. Can&apos;t find your answer? Write to us with the{' '}
          <Link href={paths.contact()} className={link}>
            contact form
          </Link>
          .
        </p>
      }
      sections={SECTIONS}
    />
  );
}
