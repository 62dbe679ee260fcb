import { useLocation } from 'wouter';
import type { User } from '@/shared/schemas/users';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/**
 * After a successful login or registration: set the user, store it, then go to
 * /profile (SPEC section 4), in that order.
 */
export function useStartSession() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  return (user: User) => {
    setUser(user);
    navigate(paths.profile());
  };
}
