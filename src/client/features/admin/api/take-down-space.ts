import type { AdminSpace, ModerationReason } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';
import { useConsoleAction } from './use-console-action';

/** POST /api/admin/spaces/:id/take-down: out of search, its page 410, the owner told the reason. */
export function takeDownSpace({ id, reason }: { id: string } & ModerationReason): Promise<AdminSpace> {
  return api.post<AdminSpace>(`/api/admin/spaces/${encodeURIComponent(id)}/take-down`, { reason });
}

export const useTakeDownSpace = () => useConsoleAction(takeDownSpace);
