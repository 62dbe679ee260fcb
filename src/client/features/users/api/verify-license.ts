import { useMutation } from '@tanstack/react-query';
import type { User } from '@/shared/schemas/users';
import { api } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';

/**
 * POST /api/users/:id/verify-license: asks the NPI registry again about the
 * saved license number (docs/decisions/021-professional-verification.md).
 * @returns the user with the new verification state
 */
export function verifyLicense(userId: string): Promise<User> {
  return api.post<User>(`/api/users/${encodeURIComponent(userId)}/verify-license`);
}

/** The retry button's call; the signed-in user is refreshed with the answer. */
export function useVerifyLicense(userId: string) {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: () => verifyLicense(userId),
    onSuccess: (user) => setUser(user),
  });
}
