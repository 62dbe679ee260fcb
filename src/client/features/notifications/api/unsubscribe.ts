import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '@/shared/schemas/notifications';
import { api } from '@/client/lib/api-client';

/** GET /api/notifications/unsubscribe?token=: what an emailed unsubscribe link would turn off (changes nothing). */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<UnsubscribeAnswer> {
  return api.get<UnsubscribeAnswer>('/api/notifications/unsubscribe', { params: { token }, signal });
}

export function getUnsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: ({ signal }) => getUnsubscribe(token, signal),
    retry: false,
  });
}

/** What the link's token would turn off; idle without a token. */
export function useUnsubscribePreview(token: string) {
  return useQuery({ ...getUnsubscribeQueryOptions(token), enabled: token !== '' });
}

/** POST /api/notifications/unsubscribe?token=: turns that kind of email off for the link's user. */
export function postUnsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return api.post<UnsubscribeAnswer>('/api/notifications/unsubscribe', undefined, { params: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: postUnsubscribe });
}
