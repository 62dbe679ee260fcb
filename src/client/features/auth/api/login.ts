import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@/shared/schemas/auth';
import type { User } from '@/shared/schemas/users';
import { toast } from '@/client/lib/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { useStartSession } from './use-start-session';

/** POST /api/login. */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input);
}

/** The description of the "Login failed" toast (docs/product.md#server-messages-in-error-toasts). */
function loginFailureText(error: unknown): string {
  // A suspended account (403) or too many failed attempts (429, with how long to wait): the server's
  // sentence says what to do; "check your credentials" would send the person to reset a password that is right.
  if (isApiError(error, 403, 429) && error.serverMessage) return error.serverMessage;
  // Wrong email or password (401), the specification's wording (docs/product.md#user-facing-messages).
  if (isApiError(error, 401)) return 'Please check your credentials and try again.';
  // The server could not be reached or failed: the credentials are not the problem.
  return 'Please try again later.';
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
      toast({ variant: 'destructive', title: 'Login failed', description: loginFailureText(error) });
    },
  });
}
