import { paths } from '@/client/lib/paths';

/** A column of the footer: its heading and its links. */
export interface FooterColumn {
  title: string;
  links: ReadonlyArray<{ label: string; href: string }>;
}

/** The footer's columns: each link to a page of the site (src/shared/info-pages.ts), none to `#`. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  { title: 'Company', links: [{ label: 'About Us', href: paths.about() }] },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', href: paths.help() },
      { label: 'FAQ', href: paths.faq() },
      { label: 'Safety', href: paths.safety() },
      { label: 'Contact Us', href: paths.contact() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', href: paths.privacy() },
      { label: 'Cookie Policy', href: paths.cookies() },
      { label: 'Accessibility', href: paths.accessibility() },
      { label: 'Terms and Conditions', href: paths.terms() },
    ],
  },
];
