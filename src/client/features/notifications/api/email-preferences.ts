import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '@/shared/schemas/notifications';
import { api } from '@/client/lib/api-client';

/** GET /api/notifications/preferences: the signed-in user's email switches. */
export function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return api.get<EmailPreferences>('/api/notifications/preferences', { signal });
}

/** PUT /api/notifications/preferences: all three switches at once. */
export function putEmailPreferences(preferences: EmailPreferences): Promise<EmailPreferences> {
  return api.put<EmailPreferences>('/api/notifications/preferences', preferences);
}

export function getEmailPreferencesQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId, 'email-preferences'], queryFn: ({ signal }) => getEmailPreferences(signal) });
}

export function useEmailPreferences(userId: string) {
  return useQuery(getEmailPreferencesQueryOptions(userId));
}

/** Saves the switches; the cache holds what the server stored. */
export function useSaveEmailPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(getEmailPreferencesQueryOptions(userId).queryKey, saved),
  });
}
