import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeleteSpaceResult } from '@/shared/schemas/spaces';
import { api } from '@/client/lib/api-client';

/**
 * DELETE /api/spaces/:id (owner only). A space with booking history is
 * archived rather than deleted (docs/decisions/019-records-are-kept.md); either way it leaves the lists.
 * @throws ApiRequestError 409 when the space has bookings still ahead (the message says so), 403 not the owner
 */
export function deleteSpace(id: string): Promise<DeleteSpaceResult> {
  return api.delete<DeleteSpaceResult>(`/api/spaces/${encodeURIComponent(id)}`);
}

/** Deletes a space and refreshes every cached space list. */
export function useDeleteSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSpace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['spaces'] }),
  });
}
