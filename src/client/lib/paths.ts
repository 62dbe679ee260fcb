import { FAQ_SECTION_ID, INFO_PAGE_PATHS } from '@/shared/info-page-paths';

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
  terms: () => INFO_PAGE_PATHS.terms,
  /* The static pages of the footer (src/shared/info-page-paths.ts). */
  about: () => INFO_PAGE_PATHS.about,
  help: () => INFO_PAGE_PATHS.help,
  /** The FAQ section of the Help Center. */
  faq: () => `${INFO_PAGE_PATHS.help}#${FAQ_SECTION_ID}`,
  safety: () => INFO_PAGE_PATHS.safety,
  contact: () => INFO_PAGE_PATHS.contact,
  privacy: () => INFO_PAGE_PATHS.privacy,
  cookies: () => INFO_PAGE_PATHS.cookies,
  accessibility: () => INFO_PAGE_PATHS.accessibility,
  /** Where an email's unsubscribe link leads (docs/decisions/022-notifications-and-email.md). */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The page of an emailed password reset link. */
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  /** The page of an emailed verification link. */
  verifyEmail: (token: string) => `/verify-email?token=${encodeURIComponent(token)}`,
  /** The operators' console; anyone else sees the not-found page (docs/decisions/029-operators-and-the-audit-log.md). */
  admin: () => '/admin',
  /** A tab of the console (`users`, `bookings`...), with the booking the Bookings tab opens. */
  adminTab: (tab: string, params: Record<string, string> = {}) => `/admin?${new URLSearchParams({ tab, ...params })}`,
  /** The console's Bookings tab with booking `id` looked up. */
  adminBooking: (id: string) => `/admin?${new URLSearchParams({ tab: 'bookings', booking: id })}`,
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
  terms: INFO_PAGE_PATHS.terms,
  about: INFO_PAGE_PATHS.about,
  help: INFO_PAGE_PATHS.help,
  safety: INFO_PAGE_PATHS.safety,
  contact: INFO_PAGE_PATHS.contact,
  privacy: INFO_PAGE_PATHS.privacy,
  cookies: INFO_PAGE_PATHS.cookies,
  accessibility: INFO_PAGE_PATHS.accessibility,
  unsubscribe: '/unsubscribe',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  admin: '/admin',
} as const;
