import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/client/lib/use-toast';
import { api, isApiError } from '@/client/lib/api-client';
import { getMe, getMeQueryOptions } from '@/client/lib/auth';

/** POST /api/auth/verify-email (204): the emailed link's token verifies the account's email. */
export function verifyEmail(token: string): Promise<void> {
  return api.post<void>('/api/auth/verify-email', { token });
}

/**
 * Verifies the email; the signed-in user (if any) is read again and replaces the cached one, so the
 * profile stops asking. Read afresh rather than invalidated: the first GET /api/me of a page opened
 * from the emailed link may still be on its way, with the answer from before the verification.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async () => {
      const { queryKey } = getMeQueryOptions();
      await queryClient.cancelQueries({ queryKey });
      const fresh = await getMe().catch(() => undefined);
      if (fresh !== undefined) queryClient.setQueryData(queryKey, fresh);
    },
  });
}

/** POST /api/auth/resend-verification (202): a fresh verification link to the signed-in user's email. */
export function resendVerification(): Promise<void> {
  return api.post<void>('/api/auth/resend-verification');
}

/** Sends a fresh verification link and says so in a toast. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => toast({ title: 'Verification email sent', description: 'Open the link in it to verify your email.' }),
    onError: (error) => {
      // Verified meanwhile (409, e.g. in another tab): the user is fetched again and the notice goes.
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
      const description = (isApiError(error, 409, 429) && error.serverMessage) || 'Please try again later.';
      toast({ variant: 'destructive', title: 'Could not send the email', description });
    },
  });
}
