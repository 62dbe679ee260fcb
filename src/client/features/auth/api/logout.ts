import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/client/lib/use-toast';
import { api } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** POST /api/logout (204). */
export function logout(): Promise<void> {
  return api.post<void>('/api/logout');
}

/**
 * Ends the session, forgets the user and their cached data, and goes home
 * (docs/product.md#behaviour). The local session is cleared first, before the server ends it, so
 * that no query of the page left behind asks again with a session that has just ended (a 401), and
 * it stays cleared when the server call fails (an expired session is already logged out).
 */
export function useLogout() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onMutate: async () => {
      // Home first: a page that needs a session, left signed out, would ask to log in again.
      navigate(paths.home());
      setUser(null);
      await queryClient.cancelQueries({ queryKey: ['users'] });
      queryClient.removeQueries({ queryKey: ['users'] });
    },
    onError: (error) => console.warn('Logout request failed:', error.message),
    onSettled: () => {
      toast({ title: 'Logged out successfully' });
    },
  });
}
