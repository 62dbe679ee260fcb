import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { parse as parseRoute } from 'regexparam';
import { matchRoute, Route, Switch, useLocation, useSearch } from 'wouter';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { RouteFocus } from './components/layout/route-focus';
import { SessionRequired, type SignedOutCopy } from './components/layout/session-required';
import { SkipLinks } from './components/layout/skip-links';
import { Toaster } from './components/ui/toaster';
import { useLogout } from './features/auth/api/logout';
import { useUnreadCount } from './features/messages/api/get-unread-count';
import { LiveMessagesProvider } from './features/messages/components/live-messages-provider';
import { AuthProvider, useAuth } from './lib/auth';
import { type LazyPage, lazyPage } from './lib/lazy-page';
import { routes } from './lib/paths';
import { returnPathOf } from './lib/return-path';
import { type AfterSignIn, type SignIn, SignInContext } from './lib/sign-in';
import { createQueryClient } from './lib/query-client';
import { HomePage } from './pages/home';
import { NotFoundPage } from './pages/not-found';

/**
 * Route-level code splitting (docs/decisions/007-a-light-first-page.md): each page loads its own chunk when
 * first visited, so a visit to a space or a search
 * downloads that page (and Leaflet or Stripe only where they are used), not
 * the whole app. The page of the address the app opens on is loaded before
 * the first render ({@link preloadPage}), so that render shows it whole.
 */
const SearchPage = lazyPage(() => import('./pages/search').then((module) => module.SearchPage));
const SpaceDetailPage = lazyPage(() => import('./pages/space-detail').then((module) => module.SpaceDetailPage));
const MapPage = lazyPage(() => import('./pages/map').then((module) => module.MapPage));
const ListSpacePage = lazyPage(() => import('./pages/list-space').then((module) => module.ListSpacePage));
const EditSpacePage = lazyPage(() => import('./pages/edit-space').then((module) => module.EditSpacePage));
const MessagesPage = lazyPage(() => import('./pages/messages').then((module) => module.MessagesPage));
const ProfilePage = lazyPage(() => import('./pages/profile').then((module) => module.ProfilePage));
const CalendarPage = lazyPage(() => import('./pages/calendar').then((module) => module.CalendarPage));
const DonatePage = lazyPage(() => import('./pages/donate').then((module) => module.DonatePage));
const PaymentsConnectPage = lazyPage(() => import('./pages/payments-connect').then((module) => module.PaymentsConnectPage));
const TermsPage = lazyPage(() => import('./pages/terms').then((module) => module.TermsPage));
const AboutPage = lazyPage(() => import('./pages/about').then((module) => module.AboutPage));
const HelpPage = lazyPage(() => import('./pages/help').then((module) => module.HelpPage));
const SafetyPage = lazyPage(() => import('./pages/safety').then((module) => module.SafetyPage));
const ContactPage = lazyPage(() => import('./pages/contact').then((module) => module.ContactPage));
const PrivacyPage = lazyPage(() => import('./pages/privacy').then((module) => module.PrivacyPage));
const CookiesPage = lazyPage(() => import('./pages/cookies').then((module) => module.CookiesPage));
const AccessibilityPage = lazyPage(() => import('./pages/accessibility').then((module) => module.AccessibilityPage));
const UnsubscribePage = lazyPage(() => import('./pages/unsubscribe').then((module) => module.UnsubscribePage));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password').then((module) => module.ResetPasswordPage));
const VerifyEmailPage = lazyPage(() => import('./pages/verify-email').then((module) => module.VerifyEmailPage));
// The operators' console: its own chunk, which no other page loads.
const AdminPage = lazyPage(() => import('./pages/admin').then((module) => module.AdminPage));

/**
 * The routes in the order the router tries them; anything else is the not-found page. A page with
 * `signedOut` needs a session: signed out, {@link SessionRequired} shows that copy instead and asks to
 * log in, and the login returns to the page (docs/product.md#signed-out-visits).
 */
const PAGES: ReadonlyArray<{
  path: string;
  component: ComponentType<{ params: { id: string } }> & { preload?: LazyPage<object>['preload'] };
  signedOut?: SignedOutCopy;
}> = [
  { path: routes.home, component: HomePage },
  { path: routes.search, component: SearchPage },
  { path: routes.map, component: MapPage },
  { path: routes.space, component: SpaceDetailPage },
  { path: routes.spacePaymentReturn, component: SpaceDetailPage },
  { path: routes.listSpace, component: ListSpacePage, signedOut: { title: 'List Your Space', message: 'Please log in to list a space.' } },
  { path: routes.editSpace, component: EditSpacePage, signedOut: { title: 'Edit Space', message: 'Please log in to edit your space.' } },
  {
    path: routes.messages,
    component: MessagesPage,
    signedOut: { title: 'Please log in', message: 'You need to be logged in to access messages.' },
  },
  { path: routes.profile, component: ProfilePage, signedOut: { title: 'Profile', message: 'Please log in to see your profile.' } },
  { path: routes.calendar, component: CalendarPage, signedOut: { title: 'Calendar', message: 'Please log in to see your calendar.' } },
  { path: routes.donate, component: DonatePage },
  {
    path: routes.paymentsConnect,
    component: PaymentsConnectPage,
    signedOut: { title: 'Payment Settings', message: 'Please log in to access payment settings.' },
  },
  { path: routes.terms, component: TermsPage },
  { path: routes.about, component: AboutPage },
  { path: routes.help, component: HelpPage },
  { path: routes.safety, component: SafetyPage },
  { path: routes.contact, component: ContactPage },
  { path: routes.privacy, component: PrivacyPage },
  { path: routes.cookies, component: CookiesPage },
  { path: routes.accessibility, component: AccessibilityPage },
  { path: routes.unsubscribe, component: UnsubscribePage },
  { path: routes.resetPassword, component: ResetPasswordPage },
  { path: routes.verifyEmail, component: VerifyEmailPage },
  { path: routes.admin, component: AdminPage },
];

/**
 * Loads the code of the page the router shows at `pathname` (none for the
 * not-found page, which is part of the app); resolves once it has loaded, and
 * never rejects (a page that fails to load shows its error when rendered).
 */
export async function preloadPage(pathname: string): Promise<void> {
  await pageAt(pathname)
    ?.component.preload?.()
    .catch(() => undefined);
}

/** The entry of {@link PAGES} the router shows at `pathname`, if any. */
function pageAt(pathname: string) {
  return PAGES.find(({ path }) => matchRoute(parseRoute, path, pathname)[0]);
}

// The sign-in dialogs (and their form library) load when first opened.
// The bell (its popover and list) loads after the first page, outside the first load's budget (tests/unit/client-bundle.test.ts).
const NotificationBell = lazyPage(() =>
  import('./features/notifications/components/notification-bell').then((module) => module.NotificationBell),
);
const LoginDialog = lazy(() => import('./features/auth/components/login-dialog').then((module) => ({ default: module.LoginDialog })));
const RegisterDialog = lazy(() =>
  import('./features/auth/components/register-dialog').then((module) => ({ default: module.RegisterDialog })),
);

function AppRoutes({ onSignIn }: { onSignIn: SignIn }) {
  return (
    // A full-screen placeholder while a page loads keeps the footer below the fold (no layout shift).
    <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
      <Switch>
        {PAGES.map(({ path, component: Page, signedOut }) => (
          <Route key={path} path={path}>
            {(params: { id: string }) =>
              signedOut ? (
                <SessionRequired {...signedOut} onSignIn={onSignIn}>
                  <Page params={params} />
                </SessionRequired>
              ) : (
                <Page params={params} />
              )
            }
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * Scrolls to the top when the path changes (not when only the query string does). An address with a
 * `#section` is left to its page, which scrolls there once shown (components/layout/info-page.tsx).
 */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function AppShell() {
  // The open sign-in dialog, the control that opened it (focus returns there when the dialog closes,
  // also after Log in and Sign up have replaced each other) and where success lands (else on /profile:
  // docs/product.md#behaviour).
  const [auth, setAuth] = useState<({ dialog: 'login' | 'register'; opener: HTMLElement | null } & AfterSignIn) | null>(null);
  const [location] = useLocation();
  const search = useSearch();
  // A dialog opened to come back to a page belongs to that page: leaving it (Back, a link) closes it.
  const authDialog = auth && (auth.returnTo === undefined || auth.returnTo.split(/[?#]/)[0] === location) ? auth.dialog : null;
  const here = returnPathOf(location, search);
  // A page that needs a session: logging in or signing up from it returns to it.
  const pageReturnTo = pageAt(location)?.signedOut ? here : undefined;
  // The header's Log in returns to the page the visitor is on (docs/product.md#signed-out-visits), except
  // from home and from a password reset link (spent once used), which go to /profile as the header's Sign up does.
  const logInReturnTo = location === routes.home || location === routes.resetPassword ? pageReturnTo : here;
  const signIn: SignIn = (dialog, opener, after = {}) => setAuth({ dialog, opener, ...after, returnTo: after.returnTo ?? pageReturnTo });
  const openAuthDialog = (dialog: 'login' | 'register', returnTo?: string) => {
    const active = document.activeElement;
    signIn(dialog, active instanceof HTMLElement ? active : null, { returnTo });
  };
  const switchAuthDialog = (dialog: 'login' | 'register') =>
    setAuth((current) => ({ ...current, dialog, opener: current?.opener ?? null }));
  const logout = useLogout();
  const { user } = useAuth();
  // The header's unread badge: polled every 30 s and refreshed by each live message
  // (docs/product.md#behaviour).
  const unread = useUnreadCount(user?.id);
  const dialogState = (open: boolean) => {
    if (!open) setAuth(null);
  };

  return (
    <LiveMessagesProvider userId={user?.id}>
      <div className="flex min-h-dvh flex-col">
        <SkipLinks mainId="main" results={location === routes.search || location === routes.map} />
        <Header
          onLogIn={() => openAuthDialog('login', logInReturnTo)}
          onSignUp={() => openAuthDialog('register')}
          onLogOut={() => logout.mutate()}
          unreadCount={user ? (unread.data?.count ?? 0) : 0}
          notifications={
            user ? (
              <Suspense fallback={<span className="inline-block size-9" aria-hidden="true" />}>
                <NotificationBell userId={user.id} />
              </Suspense>
            ) : null
          }
        />
        {/* Focused by "Skip to content" only: a landmark needs no ring. */}
        <main id="main" className="flex-1 outline-none">
          <SignInContext value={signIn}>
            <AppRoutes onSignIn={signIn} />
          </SignInContext>
        </main>
        <Footer />
        <ScrollToTop />
        <RouteFocus />
        <Suspense fallback={null}>
          {authDialog === 'login' ? (
            <LoginDialog
              open
              onOpenChange={dialogState}
              onSwitchToRegister={() => switchAuthDialog('register')}
              returnFocusTo={auth?.opener}
              returnTo={auth?.returnTo}
              onSignedIn={auth?.then}
            />
          ) : null}
          {authDialog === 'register' ? (
            <RegisterDialog
              open
              onOpenChange={dialogState}
              onSwitchToLogin={() => switchAuthDialog('login')}
              returnFocusTo={auth?.opener}
              returnTo={auth?.returnTo}
              onSignedIn={auth?.then}
            />
          ) : null}
        </Suspense>
      </div>
    </LiveMessagesProvider>
  );
}

/** Providers and routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppShell />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
