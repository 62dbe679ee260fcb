import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditLogPage, AuditTargetType } from '@/shared/schemas/admin';
import { api } from '@/client/lib/api-client';

/** The key every page of the audit log starts with (each console action refreshes them). */
export const auditLogQueryKey = ['admin', 'audit-log'] as const;

/** The audit log's filters: one action, one kind of target (none: everything). */
export interface AuditLogFilters {
  action?: AuditAction;
  targetType?: AuditTargetType;
}

/** GET /api/admin/audit-log?page=&action=&targetType=: a page of the audit log, newest first. */
export function getAuditLog(page: number, filters: AuditLogFilters = {}, signal?: AbortSignal): Promise<AuditLogPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (filters.action) query.set('action', filters.action);
  if (filters.targetType) query.set('targetType', filters.targetType);
  return api.get<AuditLogPage>(`/api/admin/audit-log?${query}`, { signal });
}

export function getAuditLogQueryOptions(page: number, filters: AuditLogFilters = {}) {
  return queryOptions({
    queryKey: [...auditLogQueryKey, page, filters.action ?? '', filters.targetType ?? ''],
    queryFn: ({ signal }) => getAuditLog(page, filters, signal),
  });
}

/** A page of the audit log; the page shown stays while the next loads. */
export function useAuditLog(page: number, filters: AuditLogFilters = {}) {
  return useQuery({ ...getAuditLogQueryOptions(page, filters), placeholderData: keepPreviousData });
}
