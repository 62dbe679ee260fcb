import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api-client';
import { getSavedCardQueryOptions } from './get-saved-card';

/** DELETE /api/users/me/card (204): forgets the saved card. */
export function removeCard(): Promise<void> {
  return api.delete<void>('/api/users/me/card');
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: () => queryClient.setQueryData(getSavedCardQueryOptions().queryKey, { card: null }),
  });
}
