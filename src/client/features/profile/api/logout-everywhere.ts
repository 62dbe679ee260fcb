import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/client/components/ui/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';
import { paths } from '@/client/lib/paths';

/** POST /api/logout-everywhere (204): every session of the user ends, this one included. */
export function logoutEverywhere(): Promise<void> {
  return api.post<void>('/api/logout-everywhere');
}

/**
 * Ends every session of the user, then signs this tab out as Log out does: forgets the user and
 * their cached data and goes home. A 401 means this session had already ended: signed out all the same.
 */
export function useLogoutEverywhere() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = (description: string) => {
    setUser(null);
    queryClient.removeQueries({ queryKey: ['users'] });
    navigate(paths.home());
    toast({ title: 'Logged out everywhere', description });
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
