/**
 * The paths of the site's static pages (the footer's links), apart from their titles and
 * descriptions (src/shared/info-pages.ts), so that the path registry every page loads carries only
 * these few strings.
 */
export const INFO_PAGE_PATHS = {
  about: '/about',
  help: '/help',
  safety: '/safety',
  contact: '/contact',
  privacy: '/privacy',
  cookies: '/cookies',
  accessibility: '/accessibility',
  terms: '/terms',
} as const;

/** The id of the FAQ section of the Help Center (`/help#faq`). */
export const FAQ_SECTION_ID = 'faq';
