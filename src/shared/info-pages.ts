/**
 * The site's static pages (the footer's links, docs/product.md#header-and-footer): each one's path,
 * heading, and the title and description that the server writes into its HTML for crawlers
 * (docs/decisions/015-page-metadata-for-crawlers.md) and the page itself keeps in `<head>`. The
 * sitemap lists them all (src/server/pages/sitemap.ts).
 */
import { INFO_PAGE_PATHS } from './info-page-paths';

/** One static page. */
export interface InfoPage {
  /** Its path (`/about`). */
  path: string;
  /** The page's `<h1>`. */
  heading: string;
  /** `<title>`: the heading and the site's name. */
  title: string;
  /** `<meta name="description">`, at most 150 characters (docs/product.md#constants). */
  description: string;
}

const page = (path: string, heading: string, description: string): InfoPage => ({
  path,
  heading,
  title: `${heading} | ClinicShare`,
  description,
});

/** The static pages by name. */
export const INFO_PAGES = {
  about: page(
    INFO_PAGE_PATHS.about,
    'About ClinicShare',
    'ClinicShare is a marketplace where healthcare professionals rent exam rooms, dental suites and clinics by the hour, day or month.',
  ),
  help: page(
    INFO_PAGE_PATHS.help,
    'Help Center and FAQ',
    'How booking, payments, cancellations, recurring bookings, NPI verification and payouts work on ClinicShare.',
  ),
  safety: page(
    INFO_PAGE_PATHS.safety,
    'Safety',
    'Staying safe on ClinicShare: visiting spaces, checking professionals, paying only through the platform and reporting problems.',
  ),
  contact: page(
    INFO_PAGE_PATHS.contact,
    'Contact Us',
    'Write to the ClinicShare team about a booking, a payment, a listing or your account.',
  ),
  privacy: page(
    INFO_PAGE_PATHS.privacy,
    'Privacy Policy',
    'What ClinicShare keeps about you, for how long, and who sees it. No patient health information belongs on ClinicShare.',
  ),
  cookies: page(
    INFO_PAGE_PATHS.cookies,
    'Cookie Policy',
    'ClinicShare sets one cookie, to keep you signed in. No tracking or advertising cookies, so there is no consent banner.',
  ),
  accessibility: page(
    INFO_PAGE_PATHS.accessibility,
    'Accessibility',
    'ClinicShare aims to meet WCAG 2.2 level AA. How we test it, and how to tell us about a barrier you meet.',
  ),
  terms: page(
    INFO_PAGE_PATHS.terms,
    'Terms and Conditions',
    'The terms that apply when you use ClinicShare to list, find or book medical space.',
  ),
} as const satisfies Record<string, InfoPage>;

export type InfoPageName = keyof typeof INFO_PAGES;
