import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@/shared/schemas/auth';
import { api } from '@/client/lib/api-client';

/**
 * PUT /api/users/:id/password (docs/api.md): the own password only. Every other session of the user
 * ends; this one stays.
 * @throws ApiRequestError 400 with an issue on `body.currentPassword` (missing or wrong) or
 *   `body.newPassword` (short, weak, common, the email or unchanged); 429 after too many wrong passwords
 */
export function changePassword(userId: string, input: ChangePasswordInput): Promise<void> {
  return api.put<void>(`/api/users/${encodeURIComponent(userId)}/password`, input);
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(userId, input) });
}
