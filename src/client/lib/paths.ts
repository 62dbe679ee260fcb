import { FAQ_SECTION_ID, INFO_PAGES } from '@/shared/info-pages';

/** Every route of the app in one place (bulletproof `config/paths.ts`); build links with these, not string templates. */
export const paths = {
  home: () => '/',
  search: (query?: URLSearchParams) => {
    const text = query?.toString();
    return text ? `/search?${text}` : '/search';
  },
  map: () => '/map',
  space: (id: string) => `/spaces/${id}`,
  /** Where the app lands after paying for a space (docs/product.md#routes); with the booking when it is known. */
  spacePaymentReturn: (id: string, bookingId?: string) =>
    `/space/${id}?payment_success=true${bookingId ? `&booking=${encodeURIComponent(bookingId)}` : ''}`,
  listSpace: () => '/list-space',
  editSpace: (id: string) => `/edit-space/${id}`,
  messages: () => '/messages',
  /** /messages with one conversation open (docs/product.md#routes). */
  conversation: (conversationId: string) => `/messages?conversation=${encodeURIComponent(conversationId)}`,
  profile: () => '/profile',
  /** The owner's calendar of their spaces (docs/product.md#calendar). */
  calendar: () => '/calendar',
  donate: () => '/donate',
  paymentsConnect: () => '/payments/connect',
  terms: () => INFO_PAGES.terms.path,
  /* The static pages of the footer (src/shared/info-pages.ts). */
  about: () => INFO_PAGES.about.path,
  help: () => INFO_PAGES.help.path,
  /** The FAQ section of the Help Center. */
  faq: () => `${INFO_PAGES.help.path}#${FAQ_SECTION_ID}`,
  safety: () => INFO_PAGES.safety.path,
  contact: () => INFO_PAGES.contact.path,
  privacy: () => INFO_PAGES.privacy.path,
  cookies: () => INFO_PAGES.cookies.path,
  accessibility: () => INFO_PAGES.accessibility.path,
  /** Where an email's unsubscribe link leads (docs/decisions/022-notifications-and-email.md). */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The page of an emailed password reset link. */
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  /** The page of an emailed verification link. */
  verifyEmail: (token: string) => `/verify-email?token=${encodeURIComponent(token)}`,
  /** The operators' console; anyone else sees the not-found page (docs/decisions/029-operators-and-the-audit-log.md). */
  admin: () => '/admin',
} as const;

/** Route patterns for the router, matching {@link paths}. */
export const routes = {
  home: '/',
  search: '/search',
  map: '/map',
  space: '/spaces/:id',
  spacePaymentReturn: '/space/:id',
  listSpace: '/list-space',
  editSpace: '/edit-space/:id',
  messages: '/messages',
  profile: '/profile',
  calendar: '/calendar',
  donate: '/donate',
  paymentsConnect: '/payments/connect',
  terms: INFO_PAGES.terms.path,
  about: INFO_PAGES.about.path,
  help: INFO_PAGES.help.path,
  safety: INFO_PAGES.safety.path,
  contact: INFO_PAGES.contact.path,
  privacy: INFO_PAGES.privacy.path,
  cookies: INFO_PAGES.cookies.path,
  accessibility: INFO_PAGES.accessibility.path,
  unsubscribe: '/unsubscribe',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  admin: '/admin',
} as const;
