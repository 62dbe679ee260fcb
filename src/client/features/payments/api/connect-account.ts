import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api-client';

/** GET /api/stripe/account-status/:userId (docs/product.md#api-calls): the owner's payout account. */
export interface AccountStatus {
  hasAccount: boolean;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

export function getAccountStatus(userId: string, signal?: AbortSignal): Promise<AccountStatus> {
  return api.get<AccountStatus>(`/api/stripe/account-status/${encodeURIComponent(userId)}`, { signal });
}

export function getAccountStatusQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['stripe', 'account-status', userId], queryFn: ({ signal }) => getAccountStatus(userId, signal) });
}

export function useAccountStatus(userId: string | undefined) {
  return useQuery({ ...getAccountStatusQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** POST /api/stripe/create-connect-account: creates the owner's Connect Express account (own user only). */
export function createConnectAccount(input: { userId: string; email: string }): Promise<unknown> {
  return api.post<unknown>('/api/stripe/create-connect-account', input);
}

/**
 * POST /api/stripe/account-link: a one-time onboarding address to send the
 * browser to; it comes back to /payments/connect?success=true, or ?refresh=true
 * when the link expired.
 */
export function createAccountLink(input: { userId: string }): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/stripe/account-link', input);
}

export function useCreateConnectAccount() {
  return useMutation({ mutationFn: createConnectAccount });
}

export function useCreateAccountLink() {
  return useMutation({ mutationFn: createAccountLink });
}
