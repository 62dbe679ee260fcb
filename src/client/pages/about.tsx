import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';

const SECTIONS: InfoSection[] = [
  {
    id: 'what',
    title: 'What ClinicShare is',
    body: (
      <>
        <p>
          ClinicShare is a marketplace for medical and clinical space. Owners list the exam rooms, dental suites, surgical suites, therapy
          rooms and laboratories they do not use all the time, and healthcare professionals book them by the hour, the session, the day or
          the month.
        </p>
        <p>
          Renters search by place, type of space, specialty, price, amenities, equipment and the dates they need, see the spaces on a map,
          message owners, and book and pay online. Owners set their prices, opening hours, sessions and blocked dates, choose a cancellation
          policy and answer booking requests; their earnings are paid out to their bank through our payment provider.
        </p>
      </>
    ),
  },
  {
    id: 'what-not',
    title: 'What ClinicShare is not',
    body: (
      <p>
        ClinicShare is not a landlord, a broker, an employer, an insurer or a healthcare provider. We do not inspect spaces, and a booking
        is an agreement between the owner and the renter (see the{' '}
        <Link href={paths.terms()} className={link}>
          Terms and Conditions
        </Link>
        ). ClinicShare is not a place for patient records: no patient health information belongs on it.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Talk to us',
    body: (
      <p>
        Questions about how it works are answered in the{' '}
        <Link href={paths.help()} className={link}>
          Help Center
        </Link>
        ; for anything else, write to us with the{' '}
        <Link href={paths.contact()} className={link}>
          contact form
        </Link>
        .
      </p>
    ),
  },
];

/** /about: what ClinicShare is (docs/product.md#who-it-is-for). */
export function AboutPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.about}
      intro={<p>Medical office space by the hour, day or month, for healthcare professionals.</p>}
      sections={SECTIONS}
    />
  );
}
