import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '@/shared/schemas/auth';
import { api } from '@/client/lib/api-client';

/** POST /api/auth/forgot-password (202, the same answer whether or not the email has an account). */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/forgot-password', input);
}

/** Asks for a password reset link; the form shows what happened. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** POST /api/auth/reset-password (204): the new password is set and every session of the account ends. */
export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return api.post<void>('/api/auth/reset-password', input);
}

/** Sets a new password with an emailed link's token; the page shows what happened. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
