import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/users';
import { toast } from '@/client/components/ui/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { useStartSession } from './use-start-session';

/** POST /api/login. */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input);
}

/**
 * Logs in, stores the user and goes to the profile (docs/product.md#behaviour and #user-facing-messages),
 * or to `returnTo`, the page that asked for the login (see {@link useStartSession}).
 */
export function useLogin({ onSuccess, returnTo }: { onSuccess?: () => void; returnTo?: string } = {}) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      onSuccess?.();
      startSession(user, returnTo);
      toast({ title: 'Welcome back!' });
    },
    onError: (error) => {
      console.warn('Login failed:', error.message);
      // Throttled (429): the server says how long to wait; any other failure keeps the wording of
      // docs/product.md#user-facing-messages.
      const description = (isApiError(error, 429) && error.serverMessage) || 'Please check your credentials and try again.';
      toast({ variant: 'destructive', title: 'Login failed', description });
    },
  });
}
