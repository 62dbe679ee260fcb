import type { AdminUser, ModerationReason } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';
import { useConsoleAction } from './use-console-action';

/** POST /api/admin/users/:id/suspend: sessions end, login refused, listings hidden, the user emailed the reason. */
export function suspendUser({ id, reason }: { id: string } & ModerationReason): Promise<AdminUser> {
  return api.post<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/suspend`, { reason });
}

export const useSuspendUser = () => useConsoleAction(suspendUser);
