import { useMutation } from '@tanstack/react-query';
import type { UpdateUserInput } from '@/shared/schemas/profile';
import type { User } from '@/shared/schemas/users';
import { api } from '@/client/lib/api-client';
import { useAuth } from '@/client/lib/auth';

/**
 * PUT /api/users/:id (docs/product.md#api-calls): the own profile only. Inline image
 * data or the path of an uploaded image, or null to remove one.
 * @returns the updated user
 * @throws ApiRequestError 400 bad field (with `issues`), 409 email taken, 413/415 bad image
 */
export async function updateProfile(userId: string, input: UpdateUserInput): Promise<User> {
  const { user } = await api.put<{ user: User }>(`/api/users/${encodeURIComponent(userId)}`, input);
  return user;
}

/** Saves the profile and refreshes the signed-in user (and its stored copy), so every page shows the change at once. */
export function useUpdateProfile(userId: string) {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateProfile(userId, input),
    onSuccess: (user) => setUser(user),
  });
}
