import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { Toaster } from './components/ui/toaster';
import { useLogout } from './features/auth/api/logout';
import { useUnreadCount } from './features/messages/api/get-unread-count';
import { LiveMessagesProvider } from './features/messages/components/live-messages-provider';
import { AuthProvider, useAuth } from './lib/auth';
import { routes } from './lib/paths';
import { createQueryClient } from './lib/query-client';
import { HomePage } from './pages/home';
import { NotFoundPage } from './pages/not-found';

/**
 * Route-level code splitting (issue 10): each page but the home page loads
 * its own chunk when first visited, so a visit to a space or a search
 * downloads that page (and Leaflet or Stripe only where they are used), not
 * the whole app.
 */
const SearchPage = lazy(() => import('./pages/search').then((module) => ({ default: module.SearchPage })));
const SpaceDetailPage = lazy(() => import('./pages/space-detail').then((module) => ({ default: module.SpaceDetailPage })));
const MapPage = lazy(() => import('./pages/map').then((module) => ({ default: module.MapPage })));
const ListSpacePage = lazy(() => import('./pages/list-space').then((module) => ({ default: module.ListSpacePage })));
const EditSpacePage = lazy(() => import('./pages/edit-space').then((module) => ({ default: module.EditSpacePage })));
const MessagesPage = lazy(() => import('./pages/messages').then((module) => ({ default: module.MessagesPage })));
const ProfilePage = lazy(() => import('./pages/profile').then((module) => ({ default: module.ProfilePage })));
const DonatePage = lazy(() => import('./pages/donate').then((module) => ({ default: module.DonatePage })));
const PaymentsConnectPage = lazy(() => import('./pages/payments-connect').then((module) => ({ default: module.PaymentsConnectPage })));
const TermsPage = lazy(() => import('./pages/terms').then((module) => ({ default: module.TermsPage })));

// The sign-in dialogs (and their form library) load when first opened.
const LoginDialog = lazy(() => import('./features/auth/components/login-dialog').then((module) => ({ default: module.LoginDialog })));
const RegisterDialog = lazy(() => import('./features/auth/components/register-dialog').then((module) => ({ default: module.RegisterDialog })));

function AppRoutes() {
  return (
    // A full-screen placeholder while a page loads keeps the footer below the fold (no layout shift).
    <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
      <Switch>
      <Route path={routes.home} component={HomePage} />
      <Route path={routes.search} component={SearchPage} />
      <Route path={routes.map} component={MapPage} />
      <Route path={routes.space} component={SpaceDetailPage} />
      <Route path={routes.spacePaymentReturn} component={SpaceDetailPage} />
      <Route path={routes.listSpace} component={ListSpacePage} />
      <Route path={routes.editSpace} component={EditSpacePage} />
      <Route path={routes.messages} component={MessagesPage} />
      <Route path={routes.profile} component={ProfilePage} />
      <Route path={routes.donate} component={DonatePage} />
      <Route path={routes.paymentsConnect} component={PaymentsConnectPage} />
      <Route path={routes.terms} component={TermsPage} />
      <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** Scrolls to the top when the path changes (not when only the query string does). */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function AppShell() {
  const [authDialog, setAuthDialog] = useState<'login' | 'register' | null>(null);
  const logout = useLogout();
  const { user } = useAuth();
  // The header's unread badge: polled every 30 s and refreshed by each live message (SPEC section 4).
  const unread = useUnreadCount(user?.id);
  const dialogState = (name: 'login' | 'register') => (open: boolean) => setAuthDialog(open ? name : null);

  return (
    <LiveMessagesProvider userId={user?.id}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Header
          onLogIn={() => setAuthDialog('login')}
          onSignUp={() => setAuthDialog('register')}
          onLogOut={() => logout.mutate()}
          unreadCount={user ? (unread.data?.count ?? 0) : 0}
        />
        <main id="main" className="flex-1">
          <AppRoutes />
        </main>
        <Footer />
        <ScrollToTop />
        <Suspense fallback={null}>
          {authDialog === 'login' ? (
            <LoginDialog open onOpenChange={dialogState('login')} onSwitchToRegister={() => setAuthDialog('register')} />
          ) : null}
          {authDialog === 'register' ? (
            <RegisterDialog open onOpenChange={dialogState('register')} onSwitchToLogin={() => setAuthDialog('login')} />
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
