import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCardInput, SavedCardAnswer } from '@/shared/schemas/saved-cards';
import { api } from '@/client/lib/api-client';
import { getSavedCardQueryOptions } from './get-saved-card';

/** POST /api/users/me/card: saves the card of a confirmed setup intent (the server reads it back from the provider). */
export function saveCard(input: SaveCardInput): Promise<SavedCardAnswer> {
  return api.post<SavedCardAnswer>('/api/users/me/card', input);
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: (answer) => queryClient.setQueryData(getSavedCardQueryOptions().queryKey, answer),
  });
}
