import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { Toaster } from './components/ui/toaster';
import { useLogout } from './features/auth/api/logout';
import { LoginDialog } from './features/auth/components/login-dialog';
import { RegisterDialog } from './features/auth/components/register-dialog';
import { useUnreadCount } from './features/messages/api/get-unread-count';
import { LiveMessagesProvider } from './features/messages/components/live-messages-provider';
import { AuthProvider, useAuth } from './lib/auth';
import { routes } from './lib/paths';
import { createQueryClient } from './lib/query-client';
import { DonatePage } from './pages/donate';
import { EditSpacePage } from './pages/edit-space';
import { HomePage } from './pages/home';
import { ListSpacePage } from './pages/list-space';
import { MapPage } from './pages/map';
import { MessagesPage } from './pages/messages';
import { NotFoundPage } from './pages/not-found';
import { PaymentsConnectPage } from './pages/payments-connect';
import { ProfilePage } from './pages/profile';
import { SearchPage } from './pages/search';
import { SpaceDetailPage } from './pages/space-detail';
import { TermsPage } from './pages/terms';

function AppRoutes() {
  return (
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
        <LoginDialog open={authDialog === 'login'} onOpenChange={dialogState('login')} onSwitchToRegister={() => setAuthDialog('register')} />
        <RegisterDialog open={authDialog === 'register'} onOpenChange={dialogState('register')} onSwitchToLogin={() => setAuthDialog('login')} />
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
