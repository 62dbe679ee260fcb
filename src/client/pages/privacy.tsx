import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';
const list = 'grid list-disc gap-2 pl-5';

const SECTIONS: InfoSection[] = [
  {
    id: 'no-patient-data',
    title: 'No patient data',
    body: (
      <p>
        ClinicShare is for renting space, not for patient care. Do not put protected health information (PHI) on ClinicShare: no patient
        names, records, diagnoses or appointment details in messages, listings, photos, booking notes or the contact form. The platform is
        not built to hold it. Patient records stay with the professional who keeps them, outside ClinicShare and outside the rented space.
      </p>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep, and for how long',
    body: (
      <ul className={list}>
        <li>
          <strong>Your account</strong>: your name, email, phone, specialty, license number, bio, profile and cover images, whether you
          list, rent or both, your business name and tax ID if you add them for receipts, when you accepted the terms, and your email
          settings. Your password is kept only as an argon2id hash, never as you typed it. The account is kept until you ask us to close it.
        </li>
        <li>
          <strong>Sessions</strong>: when you log in we keep a fingerprint (SHA-256) of your session token, when it started and when it was
          last used. A session ends when you log out, 30 days after you logged in, or after 14 days without use (our default), whichever
          comes first.
        </li>
        <li>
          <strong>Listings</strong>: everything an owner enters about a space (address, description, photos, prices, hours, rules). A space
          with bookings is archived rather than deleted when its owner removes it, so that its bookings keep it.
        </li>
        <li>
          <strong>Bookings, payments and receipts</strong> are financial records: they are kept and never deleted, also when a space or an
          account goes. That includes the dates, the amounts, the platform fee, refunds, status changes, receipt numbers and your acceptance
          of a booking&apos;s agreement.
        </li>
        <li>
          <strong>Messages</strong> between members are kept, with when they were read, so that both people can see the conversation.
        </li>
        <li>
          <strong>Notifications and emails</strong>: what we tell you in the app, and a copy of every email we send you (our outbox), so
          that none is lost or sent twice. Password reset and email verification links are kept only as hashes; a link&apos;s own text is
          removed from our copy once the email is delivered. A reset link works for 1 hour, a verification link for 7 days.
        </li>
        <li>
          <strong>License verification</strong>: if your license number is a US NPI, we look it up in the public NPPES NPI Registry and keep
          the registry&apos;s answer (name, whether the record is active) for a day, and whether your profile is verified.
        </li>
        <li>
          <strong>Contact messages</strong> you send with the contact form: your name, email, topic and message (and your account, if you
          were logged in), so that we can answer and look back at what was asked.
        </li>
        <li>
          <strong>Technical records</strong>: the server logs each request (time, address requested, your network address) to run and
          protect the service, and counts requests per account or network address for a short time to stop abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who sees it',
    body: (
      <ul className={list}>
        <li>Anyone, without an account: listings (including the address, photos, prices and availability).</li>
        <li>
          The owner of a space you book or ask to book: your name, whether your email is verified, the booking and its notes, and your
          messages to them.
        </li>
        <li>The two people in a conversation read its messages; we look at one only when one of them reports it or asks us to.</li>
        <li>
          The people who run ClinicShare can see accounts, listings, bookings, payments and contact messages, to support members, handle
          disputes and reports, and protect the marketplace.
        </li>
        <li>Nobody else: we do not sell personal information, and ClinicShare shows no advertising.</li>
      </ul>
    ),
  },
  {
    id: 'providers',
    title: 'Services that help us',
    body: (
      <ul className={list}>
        <li>
          <strong>Stripe</strong> processes payments and payouts. Card details are typed into Stripe&apos;s own form and go to Stripe, not
          to ClinicShare; we keep the payment&apos;s reference, amounts and status. Owners give their identity and bank details to Stripe
          when they set up payouts; we keep only the account&apos;s reference and whether it can receive payouts.
        </li>
        <li>
          <strong>Email delivery</strong>: our emails go through an email provider, which sees the address and the content of each email.
        </li>
        <li>
          <strong>The NPPES NPI Registry</strong> (a public US government registry) is asked about an NPI you enter; we send the number
          only.
        </li>
        <li>
          <strong>Maps</strong>: a listing&apos;s address is sent to a geocoding service to place it on the map, and your browser loads map
          images from a map tile server, which sees your network address as any website does.
        </li>
      </ul>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices',
    body: (
      <ul className={list}>
        <li>Change your details on your profile at any time.</li>
        <li>
          Turn off booking updates, reminders and message emails on your profile, or with the unsubscribe link in any such email. Emails
          about your password and your account cannot be turned off: they are how you learn that someone got into your account.
        </li>
        <li>Log out everywhere from your profile to end every session at once.</li>
        <li>
          To see what we keep about you, correct it or close your account, write to us with the{' '}
          <Link href={paths.contact()} className={link}>
            contact form
          </Link>{' '}
          (topic: My account). Booking and payment records are kept even when an account is closed.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        ClinicShare sets one cookie, to keep you logged in, and uses no tracking or advertising cookies. The{' '}
        <Link href={paths.cookies()} className={link}>
          Cookie Policy
        </Link>{' '}
        says exactly what is stored in your browser.
      </p>
    ),
  },
];

/** /privacy: what ClinicShare keeps, for how long and who sees it (docs/decisions/019-records-are-kept.md and the others it names). */
export function PrivacyPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.privacy}
      intro={
        <p>
          This policy says what ClinicShare keeps about the people who use it, for how long, and who can see it. It describes how the
          service works today; when that changes, this page changes with it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
