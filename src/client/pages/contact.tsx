import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { InfoPageLayout } from '@/client/components/layout/info-page';
import { ContactForm } from '@/client/features/contact/components/contact-form';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';

/** /contact: the contact form, signed in or not (docs/product.md#contact-us). */
export function ContactPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.contact}
      intro={
        <p>
          Write to the ClinicShare team about a booking, a payment, a listing, your account or anything else; you do not need an account.
          Many answers are already in the{' '}
          <Link href={paths.help()} className={link}>
            Help Center
          </Link>
          .
        </p>
      }
      sections={[]}
    >
      <div className="mt-8">
        <ContactForm />
      </div>
    </InfoPageLayout>
  );
}
