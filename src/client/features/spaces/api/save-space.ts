import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSpaceInput, Space } from '@/shared/schemas/spaces';
import { api } from '@/client/lib/api-client';

/** POST /api/spaces: lists a space for the session user. */
export function createSpace(input: CreateSpaceInput): Promise<Space> {
  return api.post<Space>('/api/spaces', input);
}

/** PUT /api/spaces/:id: replaces a space's listing fields (owner only). */
export function updateSpace(id: string, input: CreateSpaceInput): Promise<Space> {
  return api.put<Space>(`/api/spaces/${encodeURIComponent(id)}`, input);
}

/** Creates (no id) or updates a space; every cached space list and the space itself are refreshed afterwards. */
export function useSaveSpace(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSpaceInput) => (id ? updateSpace(id, input) : createSpace(input)),
    onSuccess: async (space) => {
      queryClient.setQueryData(['spaces', 'detail', space.id], space);
      await queryClient.invalidateQueries({
        queryKey: ['spaces'],
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] === space.id,
      });
    },
  });
}
