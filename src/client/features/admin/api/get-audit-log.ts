import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';

/** The key every page of the audit log starts with (each console action refreshes them). */
export const auditLogQueryKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/audit-log?page=: a page of the audit log, newest first. */
export function getAuditLog(page: number, signal?: AbortSignal): Promise<AuditLogPage> {
  return api.get<AuditLogPage>(`/api/admin/audit-log?page=${page}`, { signal });
}

export function getAuditLogQueryOptions(page: number) {
  return queryOptions({ queryKey: [...auditLogQueryKey, page], queryFn: ({ signal }) => getAuditLog(page, signal) });
}

/** A page of the audit log; the page shown stays while the next loads. */
export function useAuditLog(page: number) {
  return useQuery({ ...getAuditLogQueryOptions(page), placeholderData: keepPreviousData });
}
