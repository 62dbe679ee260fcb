import { useLocation } from 'wouter';
import type { User } from '@/shared/schemas/users';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';
import { safeReturnPath } from '@/client/lib/return-path';

/**
 * After a successful login or registration: set the user, store it, then go to
 * /profile (docs/product.md#behaviour), in that order; or, when the login was asked
 * for by a page (one that needs a session, the header's Log in, a space's Book Space), back to that
 * page with its query string (`returnTo`, used only when {@link safeReturnPath} accepts it).
 */
export function useStartSession() {
  const { setUser } = useAuth();
  const [location, navigate] = useLocation();
  return (user: User, returnTo?: string) => {
    setUser(user);
    const target = safeReturnPath(returnTo);
    if (target === null) {
      navigate(paths.profile());
      return;
    }
    // Back on the page the dialog opened on: its history entry is replaced with its state kept (a space
    // page's way back to its search), so Back then leaves the page rather than asking again.
    const samePage = target.split(/[?#]/)[0] === location;
    navigate(target, samePage ? { replace: true, state: window.history.state as unknown } : {});
  };
}
