import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';

const SECTIONS: InfoSection[] = [
  {
    id: 'privacy',
    title: '1. Privacy',
    body: (
      <>
        <p>
          Your privacy matters to us. We collect the information you give us when you create an account, list a space, book a space or
          contact another member, together with the technical information your browser sends when you use the service. We use it to operate
          the marketplace, process payments, prevent fraud and improve ClinicShare.
        </p>
        <p>
          We do not sell your personal information. We share it only with the members you transact with, with service providers that help us
          run the platform (such as our payment processor) under confidentiality obligations, and where the law requires it. ClinicShare is
          not designed to store patient health information; do not send protected health information through messages or listings.
        </p>
      </>
    ),
  },
  {
    id: 'property-descriptions',
    title: '2. Property descriptions',
    body: (
      <p>
        Owners are solely responsible for their listings. By publishing a space, an owner confirms that the description, photos, equipment,
        amenities, price and availability are accurate and current, that the space may lawfully be used for the clinical purposes described,
        and that the owner holds every lease right, licence and permit needed to offer it. ClinicShare does not inspect spaces and does not
        guarantee any listing; renters should confirm that a space meets their professional and regulatory needs before they book.
      </p>
    ),
  },
  {
    id: 'licence',
    title: '3. Licence',
    body: (
      <p>
        Subject to these terms, ClinicShare grants you a limited, non-exclusive, non-transferable and revocable licence to use the service
        for finding, listing and booking medical space. You may not copy, scrape, resell or frame the service, interfere with its operation,
        or use it to build a competing product. A booking grants the renter a licence to use the booked space for the booked period only; it
        is not a lease and creates no tenancy.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: '4. Accounts',
    body: (
      <p>
        You must be at least 18 years old and a healthcare professional or an authorised representative of a practice to create an account.
        You agree to give accurate information, including your specialty and any licence number you provide, to keep your password
        confidential, and to tell us at once about any unauthorised use. You are responsible for everything done through your account. We
        may suspend or close accounts that break these terms or put other members at risk.
      </p>
    ),
  },
  {
    id: 'copyright',
    title: '5. Copyright',
    body: (
      <p>
        The ClinicShare name, logo, software and site content belong to ClinicShare or its licensors and are protected by copyright and
        trademark law. You keep the rights to the photos and text you upload, and you grant ClinicShare a worldwide, royalty-free licence to
        host, display and adapt them to operate and promote the service. If you believe content on ClinicShare infringes your copyright,
        send a notice with the details required by the Digital Millennium Copyright Act to our designated agent and we will respond
        promptly.
      </p>
    ),
  },
  {
    id: 'no-other-services',
    title: '6. No other services',
    body: (
      <p>
        ClinicShare is a marketplace that connects owners and renters of medical space. We are not a landlord, broker, employer, insurer or
        healthcare provider, and we do not provide medical, legal, tax or real-estate advice. Any agreement for the use of a space is
        between the owner and the renter. Any clinical care delivered in a space is the sole responsibility of the professional who delivers
        it.
      </p>
    ),
  },
  {
    id: 'nondiscrimination',
    title: '7. Nondiscrimination',
    body: (
      <p>
        Members may not decline, cancel or set different terms for a booking because of race, colour, ethnicity, national origin, religion,
        sex, gender identity, sexual orientation, age, disability, marital status or any other characteristic protected by law. Owners may
        apply neutral requirements that relate to the safe and lawful use of their space, such as a matching specialty or proof of
        insurance. We remove listings and accounts that discriminate.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: '8. Disclaimer',
    body: (
      <p>
        The service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind, express or implied,
        including merchantability, fitness for a particular purpose and non-infringement. To the fullest extent the law allows, ClinicShare
        is not liable for indirect, incidental, special, consequential or punitive damages, or for the condition, safety or legality of any
        space, and our total liability for any claim is limited to the fees you paid us in the twelve months before the claim arose.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: '9. Disputes',
    body: (
      <p>
        These terms are governed by the laws of the State of New York, without regard to its conflict-of-laws rules. Any dispute arising out
        of or relating to these terms or the service will be resolved by confidential, binding arbitration in New York County, New York,
        before a single arbitrator, except that either party may bring an individual claim in small-claims court or seek an injunction to
        protect its intellectual property. Claims may be brought only individually, not as a plaintiff or class member in any class or
        representative proceeding.
      </p>
    ),
  },
];

/** /terms: the static Terms and Conditions (docs/product.md#terms). */
export function TermsPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.terms}
      intro={<p className="text-sm">Please read these terms carefully. By using ClinicShare you agree to them.</p>}
      sections={SECTIONS}
    />
  );
}
