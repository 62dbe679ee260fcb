import { useLocation } from 'wouter';
import type { User } from '@/shared/schemas/users';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';
import { safeReturnPath } from '@/client/lib/return-path';

/**
 * After a successful login or registration: set the user, store it, then go to
 * /profile (docs/product.md#behaviour), in that order; or, when the login was asked
 * for by a page that needs a session, back to that page with its query string
 * (`returnTo`, used only when {@link safeReturnPath} accepts it).
 */
export function useStartSession() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  return (user: User, returnTo?: string) => {
    setUser(user);
    navigate(safeReturnPath(returnTo) ?? paths.profile());
  };
}
