import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/users';
import { toast } from '@/client/lib/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { useStartSession } from './use-start-session';

/** POST /api/register: the registration fields without confirmPassword, plus userType. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input);
}

/**
 * Creates the account, stores the user and goes to the profile (docs/product.md#behaviour and #user-facing-messages),
 * or to `returnTo`, the page that asked for the sign-up (see {@link useStartSession}).
 */
export function useRegister({ onSuccess, returnTo }: { onSuccess?: () => void; returnTo?: string } = {}) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      onSuccess?.();
      startSession(user, returnTo);
      toast({ title: 'Account created successfully!' });
    },
    onError: (error) => {
      console.warn('Registration failed:', error.message);
      // Throttled (429) or a password the server refused (400): its message is the useful part.
      const description = (isApiError(error, 400, 429) && error.serverMessage) || 'Please try again with different information.';
      toast({ variant: 'destructive', title: 'Registration failed', description });
    },
  });
}
