import type { AdminUser } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';
import { useConsoleAction } from './use-console-action';

/** POST /api/admin/users/:id/reinstate: the account logs in again and its listings return. */
export function reinstateUser({ id }: { id: string }): Promise<AdminUser> {
  return api.post<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/reinstate`);
}

export const useReinstateUser = () => useConsoleAction(reinstateUser);
