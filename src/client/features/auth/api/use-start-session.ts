import { useLocation } from 'wouter';
import type { User } from '@/shared/schemas/users';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/**
 * After a successful login or registration: set the user, store it, then go to
 * /profile (docs/product.md#behaviour), in that order.
 */
export function useStartSession() {
  const { setUser } = useAuth();
  const [, navigate] = useLocation();
  return (user: User) => {
    setUser(user);
    navigate(paths.profile());
  };
}
