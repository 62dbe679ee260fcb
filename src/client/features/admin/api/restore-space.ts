import type { AdminSpace } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';
import { useConsoleAction } from './use-console-action';

/** POST /api/admin/spaces/:id/restore: listed again (unless its owner is suspended). */
export function restoreSpace({ id }: { id: string }): Promise<AdminSpace> {
  return api.post<AdminSpace>(`/api/admin/spaces/${encodeURIComponent(id)}/restore`);
}

export const useRestoreSpace = () => useConsoleAction(restoreSpace);
