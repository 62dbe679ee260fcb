import { Link } from 'wouter';
import { INFO_PAGES } from '@/shared/info-pages';
import { type InfoSection, InfoPageLayout } from '@/client/components/layout/info-page';
import { paths } from '@/client/lib/paths';

const link = 'font-medium text-primary underline underline-offset-2';
const list = 'grid list-disc gap-2 pl-5';

const SECTIONS: InfoSection[] = [
  {
    id: 'target',
    title: 'Our target: WCAG 2.2 level AA',
    body: (
      <p>
        We want everyone to be able to find, list, book and pay for space on ClinicShare, whatever the way they use the web. Our target is
        the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on phones and computers, with a keyboard, a screen reader or zoomed
        text.
      </p>
    ),
  },
  {
    id: 'how-we-test',
    title: 'How we test',
    body: (
      <ul className={list}>
        <li>
          Automated browser tests scan every page of the site with axe-core for the WCAG 2.0, 2.1 and 2.2 level A and AA rules, at a
          computer&apos;s width and a phone&apos;s, signed in and signed out, and inside each dialog a person can open there. They run on
          every change to the code.
        </li>
        <li>
          Keyboard tests book a space with the keyboard alone, from its page and from a search on the home page, to the confirmation, and
          check that closing any dialog gives focus back to the control that opened it. Every page starts with a &quot;Skip to content&quot;
          link, and the search and map pages with &quot;Skip to results&quot;. Moving to another page puts the focus on its heading; a
          search, on the number of spaces found.
        </li>
        <li>Forms name every field, say what is wrong next to the field and announce it, and keep what you typed when something fails.</li>
      </ul>
    ),
  },
  {
    id: 'limits',
    title: 'What automated tests cannot promise',
    body: (
      <p>
        Automated checks find many problems, not all of them; we have not yet had the site audited by people who use assistive technology
        every day. Maps show spaces as pins on an image, so every space on a map is also in the search results as a list. Photos that owners
        upload are named by the listing&apos;s title and their number (&quot;photo 2 of 5&quot;), not described one by one.
      </p>
    ),
  },
  {
    id: 'report',
    title: 'Tell us about a barrier',
    body: (
      <p>
        If something on ClinicShare is hard or impossible for you to use, please tell us with the{' '}
        <Link href={paths.contact()} className={link}>
          contact form
        </Link>
        : the page, what you were trying to do, and the browser and assistive technology you use, if any. The form works without an account.
        We read every message and will help you finish what you were doing in another way while we fix it.
      </p>
    ),
  },
];

/** /accessibility: the accessibility statement (WCAG 2.2 AA target, how it is tested, how to report a barrier). */
export function AccessibilityPage() {
  return (
    <InfoPageLayout
      page={INFO_PAGES.accessibility}
      intro={<p>How accessible ClinicShare is, how we check it, and how to tell us when it falls short.</p>}
      sections={SECTIONS}
    />
  );
}
