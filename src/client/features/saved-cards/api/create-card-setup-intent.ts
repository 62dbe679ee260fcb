import { useMutation } from '@tanstack/react-query';
import type { CardSetupIntent } from '@/shared/schemas/saved-cards';
import { api } from '@/client/lib/api-client';

/** POST /api/users/me/card/setup-intent: a setup intent the card form confirms with the new card. */
export function createCardSetupIntent(): Promise<CardSetupIntent> {
  return api.post<CardSetupIntent>('/api/users/me/card/setup-intent');
}

export function useCreateCardSetupIntent() {
  return useMutation({ mutationFn: createCardSetupIntent });
}
