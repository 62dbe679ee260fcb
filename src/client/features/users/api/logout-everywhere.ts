import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/client/lib/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** POST /api/logout-everywhere (204): every session of the user ends, this one included. */
export function logoutEverywhere(): Promise<void> {
  return api.post<void>('/api/logout-everywhere');
}

/**
 * Ends every session of the user, then signs this tab out as Log out does: goes home and forgets
 * the user and their cached data. A 401 means this session had already ended: signed out all the same.
 */
export function useLogoutEverywhere() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = (description: string) => {
    navigate(paths.home());
    setUser(null);
    toast({ title: 'Logged out everywhere', description });
    // Once the signed-out page has rendered (no user query is enabled any more), so that nothing asks again for what is dropped.
    setTimeout(() => queryClient.removeQueries({ queryKey: ['users'] }), 0);
  };
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => signOut('You are signed out on every device, this one included.'),
    onError: (error) => {
      if (isApiError(error, 401)) signOut('Your session here had already ended: log in again to end the others.');
      else toast({ variant: 'destructive', title: 'Could not log out everywhere', description: 'Please try again later.' });
    },
  });
}
