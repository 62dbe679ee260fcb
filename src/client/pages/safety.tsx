import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';
const list = 'grid list-disc gap-2 pl-5';

const SECTIONS: InfoSection[] = [
  {
    id: 'visiting',
    title: 'Visiting a space',
    body: (
      <ul className={list}>
        <li>
          ClinicShare does not inspect spaces. Before you book, read the listing, its rules and its cancellation policy, and ask the owner
          through Messages whatever you need to know: access, keys, parking, equipment, who will be there.
        </li>
        <li>
          For a first visit, arrange to arrive during the owner&apos;s working hours, tell someone where you are going, and keep the booking
          and the owner&apos;s messages on your phone.
        </li>
        <li>
          If a space is not what the listing says, or you do not feel safe, leave. Write to the owner through Messages and tell us with the
          contact form.
        </li>
      </ul>
    ),
  },
  {
    id: 'verification',
    title: 'Knowing who you deal with',
    body: (
      <ul className={list}>
        <li>
          A Verified badge means the person&apos;s NPI was found active in the public NPPES NPI Registry under the name on their profile (
          <Link href={`${paths.help()}#verification`} className={link}>
            how verification works
          </Link>
          ). It is not a background check, and an unverified member is not necessarily untrustworthy: only US NPIs can be checked.
        </li>
        <li>Owners see on each booking request whether the renter&apos;s email address is verified.</li>
        <li>Keep your conversations in ClinicShare&apos;s Messages: both of you keep a record of what was agreed.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Pay only through ClinicShare',
    body: (
      <ul className={list}>
        <li>
          Pay for bookings only with the payment form on ClinicShare. Only then is the booking recorded, the dates held for you, the
          cancellation policy applied to a refund, and a receipt kept.
        </li>
        <li>
          Be wary of anyone who asks you to pay by bank transfer, gift card, cryptocurrency or a payment link sent in a message, or who asks
          for your password or card details. ClinicShare never asks for them by email or message.
        </li>
        <li>Owners: you are paid through your payout account; you never need a renter&apos;s card details.</li>
      </ul>
    ),
  },
  {
    id: 'patients',
    title: 'Patients and their data',
    body: (
      <p>
        You are responsible for the care you give in a rented space, under your own licence and insurance. Keep patient records and other
        protected health information off ClinicShare and out of the space once you leave (see the{' '}
        <Link href={paths.privacy()} className={link}>
          Privacy Policy
        </Link>
        ).
      </p>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting a problem',
    body: (
      <p>
        Tell us about a misleading or fraudulent listing, an unsafe space, a member who asks to be paid outside the platform, or abusive
        messages with the{' '}
        <Link href={paths.contact()} className={link}>
          contact form
        </Link>{' '}
        (it works without an account). Say which listing, booking or conversation it is about. In an emergency, call 911 first.
      </p>
    ),
  },
];

/** /safety: meeting in other people's spaces, verification, paying only through the platform, reporting. */
export function SafetyPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.safety}
      intro={<p>ClinicShare connects professionals who have not met. A few habits keep renting and listing safe.</p>}
      sections={SECTIONS}
    />
  );
}
